/**
 * Security suite, transport: a half-sent request is cut off (408) after the request time-out instead of holding its
 * connection for ever, one address cannot hold more than its share of connections, and a body nested deeper than
 * MAX_JSON_DEPTH is refused with 400 before anything reads it.
 */
import { connect, type Socket } from "node:net"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { as, callOf, login } from "../testing/harness"
import { startTestServer, type TestServer } from "../testing/test-server"
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-body"

const opened: Socket[] = []
const open = (server: TestServer) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => resolve(socket))
    opened.push(socket)
    socket.on("error", reject)
  })

/** What the server sent before it closed the connection, or "open" after `ms`. */
const ending = (socket: Socket, ms: number) =>
  new Promise<string>((resolve) => {
    let text = ""
    socket.on("data", (chunk) => (text += chunk.toString()))
    socket.on("close", () => resolve(text || "closed"))
    setTimeout(() => resolve("open"), ms)
  })

describe("request time-outs and connection caps", () => {
  let plain: TestServer
  let tight: TestServer
  beforeAll(async () => {
    plain = await startTestServer()
    tight = await startTestServer({ config: { requestTimeoutMs: 1000, connectionsPerAddress: 4 } })
  })
  afterAll(async () => {
    for (const socket of opened) socket.destroy()
    await plain?.stop()
    await tight?.stop()
  })

  it("refuses a body nested deeper than MAX_JSON_DEPTH with 400 JSON_TOO_DEEP, and takes one at the limit", async () => {
    const admin = await login(plain.url, "admin")
    /** `{"<key>":{"a":{"a":...1}}}` with `levels` objects in all (the body's own included), as text. */
    const nested = (key: string, levels: number, extra = "") =>
      `{${extra}"${key}":${'{"a":'.repeat(levels - 2)}{"a":1}${"}".repeat(levels - 2)}}`
    const post = async (path: string, method: string, body: string) => {
      const reply = await fetch(`${plain.url}/api${path}`, {
        method,
        body,
        headers: { "content-type": "application/json", ...as(admin.user_token) },
      })
      return { status: reply.status, body: await reply.json() }
    }
    const settings = callOf("auth", "authUserUpdate")
    const attributes = callOf("users", "usersByIdAttributes")
    const attributesPath = attributes.path.replace("{id}", String(admin.user_data.id))
    for (const [path, method, body] of [
      [settings.path, settings.method, nested("settings", 10_000)],
      [attributesPath, attributes.method, nested("attributes", 10_000)],
      [settings.path, settings.method, `{"settings":{"list":${"[".repeat(5_000)}${"]".repeat(5_000)}}}`],
    ]) {
      const reply = await post(path, method, body)
      expect([path, reply.status, reply.body.error?.code]).toEqual([path, 400, "JSON_TOO_DEEP"])
    }
    const atLimit = await post(settings.path, settings.method, nested("settings", MAX_JSON_DEPTH))
    expect(atLimit.status, JSON.stringify(atLimit.body).slice(0, 300)).toBe(200)
    expect((await post(settings.path, settings.method, nested("settings", MAX_JSON_DEPTH + 1))).status).toBe(400)
  })

  it("counts a body's depth as its parsed value has it, strings and escapes included", () => {
    const depthOf = (value: unknown): number =>
      typeof value === "object" && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
        expect(nestsDeeperThan(JSON.stringify(value), max)).toBe(depthOf(value) > max)
      }),
      { numRuns: 500 },
    )
    expect(nestsDeeperThan(JSON.stringify({ a: '\\"[[[{{{' }), 1)).toBe(false)
  })

  it("has a request time-out by default", () => {
    expect(plain.app.server.requestTimeout).toBe(plain.services.config.requestTimeoutMs)
    expect(plain.services.config.requestTimeoutMs).toBeGreaterThan(0)
    expect(plain.app.server.headersTimeout).toBeLessThanOrEqual(plain.services.config.requestTimeoutMs)
  })

  it("answers 408 and closes a connection whose body never arrives", async () => {
    const socket = await open(tight)
    socket.write('POST /api/auth/user HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"user')
    const started = Date.now()
    const reply = await ending(socket, 8000)
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it("refuses connections of one address beyond the cap, and takes new ones once some close", async () => {
    const held = await Promise.all([0, 1, 2, 3].map(() => open(tight)))
    const extra = await open(tight)
    expect(await ending(extra, 2000)).toBe("closed")
    held[0].destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const again = await open(tight)
    again.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    expect(await ending(again, 3000)).toMatch(/^HTTP\/1\.1 200/)
    for (const socket of held) socket.destroy()
  })
})
