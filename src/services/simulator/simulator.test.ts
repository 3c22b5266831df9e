/**
 * The simulator service against real local HTTP servers: a development server's hooks (JSON, "No such live call")
 * count as available and their errors arrive typed; a production server (the console's page for GET, a bare 404)
 * counts as hooks off.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Effect, Layer } from "effect"
import { HttpLive } from "../api/api"
import { ApiConfig } from "../api/config"
import { Simulator, type SimulatorShape } from "./simulator"

const serve = (handler: Parameters<typeof createServer>[1]) =>
  new Promise<Server>((resolve) => {
    const server = createServer(handler)
    server.listen(0, "127.0.0.1", () => resolve(server))
  })
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const run = <A, E>(origin: string, use: (s: SimulatorShape) => Effect.Effect<A, E>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      return yield* use(yield* Simulator)
    }).pipe(Effect.provide(Simulator.layer.pipe(Layer.provide(Layer.mergeAll(ApiConfig.layer({ origin }), HttpLive))))) as Effect.Effect<
      A,
      never
    >,
  )

let dev: Server
let prod: Server
const seen: { method: string; url: string; body: string }[] = []

beforeAll(async () => {
  dev = await serve((req, res) => {
    let body = ""
    req.on("data", (chunk) => (body += chunk))
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", body })
      res.setHeader("content-type", "application/json")
      if (req.url === "/dev/simulator/calls" && req.method === "POST") return res.end(JSON.stringify({ data: { callId: "wacid.1" } }))
      if (req.url?.startsWith("/dev/simulator/messages?"))
        return res.end(
          JSON.stringify({
            data: {
              items: [
                {
                  id: 1,
                  external_id: "wamid.1",
                  type: "text",
                  body: "Hi",
                  attachments: [],
                  status: "delivered",
                  dt: "2026-01-01T10:00:00Z",
                },
              ],
            },
          }),
        )
      if (req.url === "/dev/simulator/messages" && req.method === "POST") {
        res.statusCode = 400
        return res.end(
          JSON.stringify({
            error: { code: "BAD_REQUEST", message: "number must be a phone number or channel id", field: "number" },
          }),
        )
      }
      res.statusCode = 404
      res.end(JSON.stringify({ error: { code: "NOT_FOUND", message: "No such live call" } }))
    })
  })
  prod = await serve((req, res) => {
    if (req.method === "GET") {
      res.setHeader("content-type", "text/html")
      return res.end("<!doctype html><title>console</title>")
    }
    res.statusCode = 404
    res.end("Not Found")
  })
})
afterAll(() => {
  dev.close()
  prod.close()
})

describe("simulator service", () => {
  it("finds the hooks on a development server and not on a production one", async () => {
    expect(await run(originOf(dev), (s) => s.available)).toBe(true)
    expect(await run(originOf(prod), (s) => s.available)).toBe(false)
  })

  it("places a call, reads a forgotten call as null and the customer's phone as a list", async () => {
    expect(await run(originOf(dev), (s) => s.placeCall({ clientId: 1, number: "+905551112233" }))).toEqual({
      callId: "wacid.1",
    })
    expect(JSON.parse(seen.find((r) => r.url === "/dev/simulator/calls")!.body)).toEqual({
      clientId: 1,
      number: "+905551112233",
    })
    expect(await run(originOf(dev), (s) => s.callStatus("gone"))).toBeNull()
    const items = await run(originOf(dev), (s) => s.received({ clientId: 1, channel: "sms", number: "+905551112233" }))
    expect(items.map((m) => m.status)).toEqual(["delivered"])
    expect(seen.some((r) => r.url === "/dev/simulator/messages?clientId=1&channel=sms&number=%2B905551112233")).toBe(true)
  })

  it("answers failures as typed errors: the server's own, or hooks off", async () => {
    const bad = await run(originOf(dev), (s) => Effect.flip(s.send({ clientId: 1, channel: "whatsapp", number: "x", text: "hi" })))
    expect(bad).toMatchObject({ _tag: "SimulatorError", status: 400, code: "BAD_REQUEST" })
    const off = await run(originOf(prod), (s) => Effect.flip(s.placeCall({ clientId: 1, number: "+905551112233" })))
    expect(off).toMatchObject({ _tag: "SimulatorError", status: 404, code: "HOOKS_OFF" })
  })
})
