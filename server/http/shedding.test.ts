/**
 * Load shedding (http/shedding.ts) and a readiness that a busy pool does not fail, on PostgreSQL: while every pooled
 * connection is taken and queries wait, customers' retried traffic is refused at once with 503 and Retry-After and
 * stores nothing, an agent's call still gets its answer, /readyz still says ready (the balancer keeps the node), and
 * once the queue drains the same message is taken, once. PostgreSQL only: PGlite's one connection has no pool to fill.
 */
import { describe, expect, it } from "vitest"
import { as, callOf, customerWrites, devFetch, login, send, useServer } from "../testing/harness"

const SHED_AFTER_MS = 200

describe("load shedding, on postgres", () => {
  const ctx = useServer("postgres", { config: { shedAfterMs: SHED_AFTER_MS } })

  it("refuses customers' traffic while the database is busy, serves agents and readiness, and takes it again after", async () => {
    const database = ctx.server.services.database
    const agent = as((await login(ctx.url, "agent1")).user_token)
    const stored = async (text: string) =>
      Number((await database.query("SELECT count(*)::int AS n FROM messages WHERE body = $1", [text])).rows[0].n)
    expect((await customerWrites(ctx.server, "+905557770001", { text: "before the rush" })).status).toBe(200)

    // Every pooled connection (10) busy for 2.5 s, and more work queued behind them.
    const busy = Array.from({ length: 14 }, () => database.query("SELECT pg_sleep(2.5)"))
    // The probe (every 250 ms) finds a query waiting longer than SHED_AFTER_MS.
    await expect.poll(() => ctx.server.app.isUnderPressure(), { timeout: 2_000, interval: 20 }).toBe(true)
    const refused = await devFetch(ctx.server, "/dev/simulator/messages", {
      clientId: 1,
      channel: "whatsapp",
      number: "+905557770002",
      text: "in the rush",
    })
    expect(refused.status).toBe(503)
    expect(refused.headers.get("retry-after")).toBe("1")
    expect((await refused.json()).error.code).toBe("BUSY")
    // Meta's webhook address is refused before it is even looked up; so is a simulated caller.
    const hook = await fetch(`${ctx.url}/hooks/meta/${"a".repeat(32)}`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    })
    expect(hook.status).toBe(503)
    expect((await devFetch(ctx.server, "/dev/simulator/calls", { clientId: 1, number: "+905557770003" })).status).toBe(503)

    // Readiness asks over its own connection: ready at once, though the pool is full.
    const asked = Date.now()
    const ready = await fetch(`${ctx.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(Date.now() - asked).toBeLessThan(1_000)
    // An agent's call is not refused: it waits its turn and is answered.
    const agents = send(ctx.url, callOf("chat", "agentConversations"), {}, agent)

    await Promise.all(busy)
    expect((await agents).status).toBe(200)
    expect(await stored("in the rush")).toBe(0)
    // Drained: the sender's retry is taken, and stored once.
    await expect
      .poll(async () => (await customerWrites(ctx.server, "+905557770002", { text: "in the rush" })).status, {
        timeout: 3_000,
        interval: 100,
      })
      .toBe(200)
    expect(await stored("in the rush")).toBe(1)
  }, 30_000)
})
