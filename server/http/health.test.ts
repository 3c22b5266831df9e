/** The balancer's probes, and the graceful stop a SIGTERM starts (app.ts `stop`). */
import { connect } from "node:net"
import { sql } from "drizzle-orm"
import { describe, expect, it } from "vitest"
import { callOf, DB_KINDS, useServer } from "../testing/harness"
import { startTestServer } from "../testing/test-server"

describe.each(DB_KINDS)("health probes (%s)", (kind) => {
  const ctx = useServer(kind)

  it("/healthz says alive and /readyz ready, without login and without anything about a tenant", async () => {
    const alive = await fetch(`${ctx.url}/healthz`)
    expect(alive.status).toBe(200)
    expect(await alive.json()).toEqual({ ok: true })
    const ready = await fetch(`${ctx.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(ready.headers.get("cache-control")).toBe("no-store")
    expect(await ready.json()).toEqual({ ok: true, checks: { accepting: true, database: true } })
  })
})

/** Sends a login request's headers and half its body; `finish` sends the rest and resolves with the status line. */
const halfSentLogin = (port: number) =>
  new Promise<{ finish: () => Promise<string> }>((resolve, reject) => {
    const body = JSON.stringify({ username: "agent1", password: "demo1234" })
    const socket = connect(port, "127.0.0.1")
    let answer = ""
    const answered = new Promise<string>((done) => {
      socket.on("data", (chunk) => {
        answer += chunk.toString()
        if (answer.includes("\r\n\r\n")) done(answer.split("\r\n")[0])
      })
      socket.once("close", () => done(answer.split("\r\n")[0]))
    })
    socket.once("error", reject)
    socket.once("connect", () => {
      const path = `/api${callOf("auth", "authUser").path}`
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`)
      socket.write(body.slice(0, 10))
      resolve({
        finish: async () => {
          socket.write(body.slice(10))
          const status = await answered
          socket.destroy()
          return status
        },
      })
    })
  })

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve(false)
    })
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"))
  })

describe("graceful stop", () => {
  it("turns /readyz 503 first, finishes a request in flight, then refuses new connections", async () => {
    const server = await startTestServer({ config: { shutdownDrainMs: 1_500 } })
    const inFlight = await halfSentLogin(server.port)
    const stopped = server.stop()
    const draining = await fetch(`${server.url}/readyz`)
    expect(draining.status).toBe(503)
    expect(await draining.json()).toEqual({ ok: false, checks: { accepting: false, database: true } })
    // Still serving while the balancer notices.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    await expect.poll(() => refused(server.port), { timeout: 15_000, interval: 100 }).toBe(true)
    expect(await inFlight.finish()).toBe("HTTP/1.1 200 OK")
    await stopped
  })

  it("lets a socket's work in flight (a dropped socket's clean-up) finish before the database closes", async () => {
    const server = await startTestServer()
    const realtime = server.services.realtime
    if (!realtime) throw new Error("no socket service")
    const work = realtime.track(
      new Promise((resolve) => setTimeout(resolve, 300)).then(() => server.services.database.db.execute(sql`select 1 as one`)),
    )
    await server.stop()
    await expect(work).resolves.toBeDefined()
  })
})
