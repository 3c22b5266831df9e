/**
 * Client webhooks on both databases, against a real local receiver and the real queue with a controlled clock: the
 * calls (validation, the secret shown once, tenant isolation, permission), a signed delivery the receiver verifies,
 * a failure retried after the queue's backoff and logged twice, the automatic disabling with the admins' notice and
 * the re-enabling, the test event, and the outbox (a rolled-back write publishes nothing).
 */
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { publish } from "../../core/events"
import type { Clock } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { connect, next } from "../../testing/calls-peer"
import { DB_KINDS, as, callOf, customerWrites, login, send, shaped, useServer } from "../../testing/harness"
import { startReceiver } from "./receiver.testing"
import { verifySignature } from "./signature"

/** Real time plus what the test skipped ahead (jobs are enqueued at the real time). */
class TestClock implements Clock {
  offset = 0
  now = () => new Date(Date.now() + this.offset)
  advance = (ms: number) => {
    this.offset += ms
  }
}

const c = {
  list: callOf("security", "clientWebhooks"),
  types: callOf("security", "getWebhookEventTypes"),
  create: callOf("security", "createClientWebhook"),
  update: callOf("security", "updateClientWebhook"),
  log: callOf("webhooks", "webhookDeliveries"),
  test: callOf("webhooks", "sendWebhookTestEvent"),
  remove: callOf("webhooks", "deleteClientWebhook"),
}

describe.each(DB_KINDS)("client webhooks on %s", (kind) => {
  const clock = new TestClock()
  const ctx = useServer(kind, { jobs: { clock, autoStart: false } })
  let admin: Record<string, string>
  let admin2: Record<string, string>
  let adminToken: string
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let answers: (number | "hang")[] = []
  beforeAll(async () => {
    adminToken = (await login(ctx.url, "admin")).user_token
    admin = as(adminToken)
    admin2 = as((await login(ctx.url, "admin2")).user_token)
    receiver = await startReceiver(() => answers.shift() ?? 200)
  }, 120_000)
  afterAll(() => receiver?.stop())

  const run = () => ctx.server.jobs.runDue()
  const create = async (events: string[], url = receiver.url) => {
    const reply = await send(ctx.url, c.create, { url, events }, admin)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    return shaped(c.create, reply.body).data as { id: number; secret: string; secret_hint: string }
  }
  const deliveries = async (id: number, headers = admin) => (await send(ctx.url, c.log, { webhook_id: id, limit: 50 }, headers)).body
  const webhook = async (id: number) =>
    (shaped(c.list, (await send(ctx.url, c.list, { limit: 50 }, admin)).body).data.items as { id: number }[]).find((w) => w.id === id) as
      | Record<string, unknown>
      | undefined

  it("validates, shows the secret once, lists the server's event types, and keeps tenants and permissions apart", async () => {
    const types = shaped(c.types, (await send(ctx.url, c.types, {}, admin)).body).data.map((t: { key: string }) => t.key)
    expect(types).toEqual(
      expect.arrayContaining(["message.received", "message.sent", "conversation.closed", "call.ended", "ticket.created"]),
    )
    const plain = await send(ctx.url, c.create, { url: "http://example.com/hook", events: ["message.received"] }, admin)
    expect([plain.status, plain.body.error.field]).toEqual([400, "url"])
    const unknown = await send(ctx.url, c.create, { url: "https://example.com/hook", events: ["message.exploded"] }, admin)
    expect([unknown.status, unknown.body.error.field]).toEqual([400, "events"])
    const made = await create(["message.received"], "https://example.com/hook")
    expect(made.secret).toMatch(/^whsec_/)
    expect(made.secret_hint).toBe(`…${made.secret.slice(-4)}`)
    const listed = await webhook(made.id)
    expect(listed?.url).toBe("https://example.com/hook")
    expect(listed).not.toHaveProperty("secret")
    // Tenant two sees none of it, and cannot touch it.
    const theirs = shaped(c.list, (await send(ctx.url, c.list, {}, admin2)).body).data.items as { id: number }[]
    expect(theirs.some((w) => w.id === made.id)).toBe(false)
    expect((await send(ctx.url, c.update, { id: made.id, active: false }, admin2)).status).toBe(404)
    expect((await send(ctx.url, c.log, { webhook_id: made.id }, admin2)).status).toBe(404)
    expect((await send(ctx.url, c.test, { id: made.id }, admin2)).status).toBe(404)
    // A super admin reads the business they name, as its admin does; tenant two naming tenant one is refused.
    const [row] = (await ctx.server.services.database.query("SELECT client_id FROM users WHERE username = 'admin'")).rows
    const acme = { client_id: Number(row.client_id) }
    const superadmin = as((await login(ctx.url, "superadmin")).user_token)
    const named = async (call: typeof c.list, payload: Record<string, unknown>, headers: Record<string, string>) =>
      (await send(ctx.url, call, payload, headers)).body
    expect(await named(c.list, { ...acme, limit: 50 }, superadmin)).toEqual(await named(c.list, { limit: 50 }, admin))
    expect(await named(c.log, { ...acme, webhook_id: made.id }, superadmin)).toEqual(await named(c.log, { webhook_id: made.id }, admin))
    expect((await named(c.list, { limit: 50 }, superadmin)).data.items.some((w: { id: number }) => w.id === made.id)).toBe(false)
    expect((await send(ctx.url, c.list, acme, admin2)).status).toBe(403)
    expect((await send(ctx.url, c.log, { ...acme, webhook_id: made.id }, admin2)).status).toBe(403)
    // The limited agent holds no BACK:security.
    const agent = as((await login(ctx.url, "agent2")).user_token)
    expect((await send(ctx.url, c.list, {}, agent)).status).toBe(403)
    await send(ctx.url, c.update, { id: made.id, active: false }, admin)
  })

  it("delivers a customer's message signed, retries a failure after the backoff, and logs both attempts once", async () => {
    const hook = await create(["message.received"])
    const before = receiver.received.length
    answers = [500]
    await customerWrites(ctx.server, "+905551230001", { text: "Where is my order?" })
    await run()
    expect(receiver.received.length).toBe(before + 1)
    let log = (await deliveries(hook.id)).data
    expect(log.items.map((d: any) => [d.attempt, d.ok, d.status_code])).toEqual([[1, false, 500]])
    // Not before its backoff (1 s), then once.
    await run()
    expect(receiver.received.length).toBe(before + 1)
    clock.advance(1100)
    await run()
    await run()
    expect(receiver.received.length).toBe(before + 2)
    const got = receiver.received.at(-1)!
    const body = JSON.parse(got.body)
    expect(body).toMatchObject({ type: "message.received", data: { number: "+905551230001", body: "Where is my order?" } })
    expect(got.headers["x-webhook-id"]).toBe(body.id)
    expect(got.headers["x-webhook-attempt"]).toBe("2")
    expect(verifySignature(hook.secret, String(got.headers["x-webhook-signature"]), got.body)).toBe(true)
    expect(verifySignature("whsec_someone-else-entirely", String(got.headers["x-webhook-signature"]), got.body)).toBe(false)
    expect(verifySignature(hook.secret, String(got.headers["x-webhook-signature"]), got.body.replace("order", "money"))).toBe(false)
    log = shaped(c.log, await deliveries(hook.id)).data
    expect(log.items.map((d: any) => [d.attempt, d.ok, d.status_code, d.event_id])).toEqual([
      [2, true, 200, body.id],
      [1, false, 500, body.id],
    ])
    expect((await webhook(hook.id))?.last_status).toBe(200)
    await send(ctx.url, c.update, { id: hook.id, active: false }, admin)
  })

  it("disables a webhook after repeated failures, tells the admin, and re-enabling starts the count afresh", async () => {
    process.env.WEBHOOK_DISABLE_AFTER = "3"
    try {
      const hook = await create(["message.received"])
      const socket = await connect(ctx.url, adminToken)
      const notice = next<{ webhook_id: number; reason: string }>(socket, "webhooks:disabled", (p) => p.webhook_id === hook.id, 20_000)
      answers = Array(10).fill(503)
      await customerWrites(ctx.server, "+905551230002", { text: "one" })
      await customerWrites(ctx.server, "+905551230003", { text: "two" })
      for (let i = 0; i < 4; i++) {
        await run()
        clock.advance(5000)
      }
      const told = await notice
      expect(told.reason).toMatch(/3 failed deliveries in a row.*HTTP 503/)
      socket.disconnect()
      const off = await webhook(hook.id)
      // Attempts already in flight when it reached 3 still count.
      expect(off?.active).toBe(false)
      expect(Number(off?.consecutive_failures)).toBeGreaterThanOrEqual(3)
      expect(String(off?.disabled_reason)).toMatch(/HTTP 503/)
      // Queued deliveries of a disabled webhook are logged as not sent, and nothing reaches the receiver.
      const reached = receiver.received.length
      clock.advance(60_000)
      await run()
      expect(receiver.received.length).toBe(reached)
      const log = (await deliveries(hook.id)).data.items as { ok: boolean; error: string | null }[]
      expect(log[0].error).toMatch(/disabled/)
      answers = []
      const on = await send(ctx.url, c.update, { id: hook.id, active: true }, admin)
      expect(on.body.data).toMatchObject({ active: true, consecutive_failures: 0, disabled_reason: null })
      await customerWrites(ctx.server, "+905551230004", { text: "three" })
      await run()
      expect((await webhook(hook.id))?.last_status).toBe(200)
      await send(ctx.url, c.update, { id: hook.id, active: false }, admin)
    } finally {
      delete process.env.WEBHOOK_DISABLE_AFTER
    }
  })

  it("refuses private addresses in development too, and logs a refused delivery as 'not a public address' only", async () => {
    for (const url of ["https://10.0.0.5/hook", "https://169.254.169.254/latest/meta-data", "https://192.168.1.20:8443/in"]) {
      const refused = await send(ctx.url, c.create, { url, events: ["call.ended"] }, admin)
      expect([url, refused.status, refused.body.error.field]).toEqual([url, 400, "url"])
    }
    // A URL that reaches the private network anyway (saved before, or a name whose answer changed) is not delivered.
    const hook = await create(["call.ended"])
    await ctx.server.services.database.db.execute(sql`UPDATE webhooks SET url = 'https://10.0.0.5:8443/hook' WHERE id = ${hook.id}`)
    await send(ctx.url, c.test, { id: hook.id }, admin)
    await run()
    const [attempt] = shaped(c.log, await deliveries(hook.id)).data.items
    expect([attempt.ok, attempt.status_code, attempt.error]).toEqual([false, null, "not a public address"])
    expect((await send(ctx.url, c.remove, { id: hook.id }, admin)).status).toBe(200)
  })

  it("sends a test event to that webhook alone", async () => {
    const hook = await create(["call.ended"])
    const before = receiver.received.length
    const reply = await send(ctx.url, c.test, { id: hook.id }, admin)
    const eventId = shaped(c.test, reply.body).data.event_id
    await run()
    expect(receiver.received.length).toBe(before + 1)
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ id: eventId, type: "webhook.test" })
    await run()
    expect(receiver.received.length).toBe(before + 1)
    // Deleting drops it with its log, for its tenant only.
    expect((await send(ctx.url, c.remove, { id: hook.id }, admin2)).status).toBe(404)
    expect((await send(ctx.url, c.remove, { id: hook.id }, admin)).status).toBe(200)
    expect(await webhook(hook.id)).toBeUndefined()
    expect((await send(ctx.url, c.log, { webhook_id: hook.id }, admin)).status).toBe(404)
  })

  it("publishes nothing for a write that rolls back", async () => {
    const hook = await create(["ticket.created"])
    const database = ctx.server.services.database
    await database
      .transaction(async (tx) => {
        await publish(tx, 1, "ticket.created", { ticket_number: "ROLLED-BACK" })
        throw new Error("the write failed")
      })
      .catch(() => undefined)
    const events = rowsOf(await database.db.execute(sql`SELECT id FROM domain_events WHERE data->>'ticket_number' = 'ROLLED-BACK'`))
    expect(events).toEqual([])
    const jobs = rowsOf(
      await database.db.execute(sql`SELECT id FROM jobs WHERE kind = 'webhook.deliver' AND payload->>'webhook_id' = ${String(hook.id)}`),
    )
    expect(jobs).toEqual([])
    // And the same publish committed is one delivery.
    await database.transaction((tx) => publish(tx, 1, "ticket.created", { ticket_number: "COMMITTED" }))
    const before = receiver.received.length
    await run()
    expect(receiver.received.length).toBe(before + 1)
  })
})
