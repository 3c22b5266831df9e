/**
 * Security suite, brute force: per account (a growing wait after five failures for the addresses that failed, while
 * the owner gets in from another; the same for unknown names; a notice to the tenant's admins; shared by every process
 * on one database) and per address (@fastify/rate-limit).
 */
import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer, type RunningServer } from "../app"
import { DB_KINDS, callOf, devFetch, login, send, useServer } from "../testing/harness"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer } from "../testing/test-server"

const authUser = callOf("auth", "authUser")
const attempt = (url: string, username: string, password: string) =>
  fetch(`${url}/api${authUser.path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  })
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A login attempt from another loopback address (127.0.0.x): a second person's machine. */
const attemptFrom = (from: string, url: string, username: string, password: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      `${url}/api${authUser.path}`,
      { method: "POST", localAddress: from, headers: { "content-type": "application/json" } },
      (res) => {
        res.resume()
        res.on("end", () => resolve(res.statusCode ?? 0))
      },
    )
    req.on("error", reject)
    req.end(JSON.stringify({ username, password }))
  })

describe.each(DB_KINDS)("login throttling per account on %s", (kind) => {
  // The per-address budget is tested below on its own server: here it would stop the guesses first.
  const ctx = useServer(kind, { config: { credentialRatePerMinute: 10_000 } })

  it("makes a guesser wait longer and longer, even with the right password, and lets the owner in after the wait", async () => {
    for (let i = 1; i <= 6; i++) expect((await attempt(ctx.url, "agent1", `wrong-${i}`)).status, `attempt ${i}`).toBe(401)
    const blocked = await attempt(ctx.url, "agent1", "demo1234")
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get("retry-after"))).toBe(1)
    expect((await blocked.json()).error.code).toBe("TOO_MANY_REQUESTS")
    await pause(1100)
    expect((await attempt(ctx.url, "agent1", "wrong-7")).status).toBe(401)
    const longer = await attempt(ctx.url, "agent1", "demo1234")
    expect(longer.status).toBe(429)
    expect(Number(longer.headers.get("retry-after"))).toBe(2)
    await pause(2100)
    await login(ctx.url, "agent1")
    // A success forgets the count.
    expect((await attempt(ctx.url, "agent1", "wrong-again")).status).toBe(401)
    await login(ctx.url, "agent1")
  })

  it("keeps the guesser's address waiting but lets the owner in from an address that did not fail", async () => {
    for (let i = 1; i <= 6; i++) expect((await attempt(ctx.url, "admin2", `wrong-${i}`)).status, `attempt ${i}`).toBe(401)
    expect((await attempt(ctx.url, "admin2", "demo1234")).status).toBe(429)
    // The owner, elsewhere: in at once.
    expect(await attemptFrom("127.0.0.2", ctx.url, "admin2", "demo1234")).toBe(200)
    // The guesser still waits, with the right password too.
    expect((await attempt(ctx.url, "admin2", "demo1234")).status).toBe(429)
    // A third address that fails joins the waiting ones.
    expect(await attemptFrom("127.0.0.3", ctx.url, "admin2", "wrong-7")).toBe(401)
    expect(await attemptFrom("127.0.0.3", ctx.url, "admin2", "demo1234")).toBe(429)
  })

  it("answers an unknown name exactly like a known one", async () => {
    const replies = async (username: string) => {
      const out: string[] = []
      for (let i = 1; i <= 7; i++) {
        const reply = await attempt(ctx.url, username, `wrong-${i}`)
        out.push(`${reply.status} ${reply.headers.get("retry-after")} ${await reply.text()}`)
      }
      return out
    }
    expect(await replies("nobody-by-this-name")).toEqual(await replies("agent2"))
  })

  it("tells the tenant's admins when an account starts to wait", async () => {
    for (let i = 1; i <= 6; i++) await attempt(ctx.url, "admin", `wrong-${i}`)
    await pause(300)
    const outbox = (await (await devFetch(ctx.server, "/dev/outbox")).json()) as {
      data: { items: { to: string; subject: string; body: string }[] }
    }
    const notice = outbox.data.items.find((mail) => mail.subject === "Failed logins for admin")
    expect(notice?.to).toBe("admin@acme.example")
    expect(notice?.body).not.toContain("wrong-")
  })
})

describe("throttling per address", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("answers 429 with Retry-After once an address passes its budget, whatever names it tries", async () => {
    const budget = server.services.config.credentialRatePerMinute
    for (let i = 0; i < budget; i++) expect((await attempt(server.url, `spray-${i}`, "demo1234")).status).toBe(401)
    const over = await attempt(server.url, "admin", "demo1234")
    expect(over.status).toBe(429)
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0)
    expect((await over.json()).error.code).toBe("TOO_MANY_REQUESTS")
    expect((await send(server.url, callOf("auth", "sendEmail"), { email: "a@b.co" })).status).toBe(429)
  })
})

describe("throttling across processes", () => {
  let cluster: PostgresCluster
  const servers: RunningServer[] = []
  beforeAll(async () => {
    cluster = await startPostgres()
    const databaseUrl = await cluster.createDatabase()
    for (let i = 0; i < 2; i++) servers.push(await startServer({ port: 0, databaseUrl, seed: false, jwtSecret: "test-secret" }))
  })
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await cluster?.stop()
  })

  it("holds for an account whichever process the guesses reach", async () => {
    for (let i = 1; i <= 6; i++) expect((await attempt(servers[i % 2].url, "agent1", `wrong-${i}`)).status).toBe(401)
    expect((await attempt(servers[1].url, "agent1", "demo1234")).status).toBe(429)
    expect((await attempt(servers[0].url, "agent1", "demo1234")).status).toBe(429)
  })
})
