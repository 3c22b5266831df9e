/**
 * Scheduled sends on both databases, the job queue driven by a controlled clock: nothing leaves before its time; an
 * edited text leaves at its edited time, once, on the simulated customer's phone, and is then refused edit and cancel;
 * a cancelled one never leaves; a text whose window closed meanwhile fails with the reason, while a template goes out;
 * two workers running two jobs for one row at once (a re-claim after a crash, another node's) send it once; other
 * tenants see none.
 */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, useServer } from "../../testing/harness"
import type { TestServer } from "../../testing/test-server"
import type { Clock } from "../../core/jobs"
import { enqueue } from "../../core/jobs"
import { startJobs } from "../../core/job-runner"
import { loadFeatures } from "../load"
import { rowsOf } from "../../db/rows"
import { paramCountOf } from "../../../src/contract/template-rules"
import { SEND_JOB } from "./scheduled-job"

const c = (name: "scheduledSendList" | "scheduledSendCreate" | "scheduledSendUpdate" | "scheduledSendCancel") =>
  callOf("scheduledSends", name)

class TestClock implements Clock {
  at = new Date()
  now = () => new Date(this.at.getTime())
}

const phone = async (server: TestServer, number: string) =>
  (
    (await (await devFetch(server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)).json()) as {
      data: { items: { type: string; body: string }[] }
    }
  ).data.items

const conversationOf = async (server: TestServer, number: string) => {
  const [row] = rowsOf(
    await server.services.database.db.execute(sql`SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE ct.client_id = 1 AND ct.number = ${number} ORDER BY c.id DESC LIMIT 1`),
  )
  return Number(row.id)
}

describe.each(DB_KINDS)("scheduled sends on %s", (kind) => {
  const clock = new TestClock()
  const ctx = useServer(kind, { jobs: { clock, autoStart: false } })
  const at = (ms: number) => new Date(Date.now() + ms)
  const runAt = async (when: Date) => {
    clock.at = when
    await ctx.server.jobs.runDue()
  }

  it("leaves at its edited time once, refuses edit and cancel after, and a cancelled one never leaves", async () => {
    const { server } = ctx
    const number = "+905327770001"
    await customerWrites(server, number, { text: "Can you call me back later?" })
    const conversationId = await conversationOf(server, number)
    const h = as((await login(server.url, "agent1")).user_token)

    const first = await send(
      server.url,
      c("scheduledSendCreate"),
      { conversation_id: conversationId, send_at: at(60_000).toISOString(), text: "Draft" },
      h,
    )
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ kind: "text", text: "Draft", state: "scheduled", created_by_name: expect.any(String) })
    const second = await send(
      server.url,
      c("scheduledSendCreate"),
      { conversation_id: conversationId, send_at: at(90_000).toISOString(), text: "Never mind" },
      h,
    )
    const list = await send(server.url, c("scheduledSendList"), { conversation_id: conversationId }, h)
    expect(list.body.data.zone).toBeTruthy()
    expect(list.body.data.items.map((s: { text: string }) => s.text)).toEqual(["Draft", "Never mind"])

    const later = at(120_000)
    const edited = await send(
      server.url,
      c("scheduledSendUpdate"),
      { id: first.body.data.id, text: "We will call at five", send_at: later.toISOString() },
      h,
    )
    expect(edited.body.data).toMatchObject({ text: "We will call at five", send_at: later.toISOString() })
    expect((await send(server.url, c("scheduledSendCancel"), { id: second.body.data.id }, h)).status).toBe(200)

    // The first time passes (its old job runs and finds the row moved later), then the cancelled one's time.
    await runAt(at(100_000))
    const texts = async () => (await phone(server, number)).map((m) => m.body)
    expect(await texts()).not.toContain("We will call at five")
    expect(await texts()).not.toContain("Never mind")

    await runAt(new Date(later.getTime() + 1_000))
    expect((await texts()).filter((b) => b === "We will call at five")).toHaveLength(1)
    expect(await texts()).not.toContain("Never mind")
    const [message] = rowsOf(
      await server.services.database.db.execute(sql`SELECT m.status, m.sender_user_id, s.state FROM scheduled_sends s
        JOIN messages m ON m.id = s.message_id WHERE s.id = ${first.body.data.id}`),
    )
    expect(message).toMatchObject({ status: "sent", state: "sent" })
    expect(Number(message.sender_user_id)).toBeGreaterThan(0)
    expect((await send(server.url, c("scheduledSendList"), { conversation_id: conversationId }, h)).body.data.items).toEqual([])

    const late = await send(server.url, c("scheduledSendUpdate"), { id: first.body.data.id, text: "Too late" }, h)
    expect(late.status).toBe(409)
    expect(late.body.error).toMatchObject({ code: "NOT_SCHEDULED", message: "This message has already been sent" })
    expect((await send(server.url, c("scheduledSendCancel"), { id: first.body.data.id }, h)).status).toBe(409)

    // Two workers (two nodes) at once, each with a job for one row (the second a crashed worker's re-claim, or an edited
    // time's older job): the row's lock and state let one send.
    const race = await send(
      server.url,
      c("scheduledSendCreate"),
      { conversation_id: conversationId, send_at: at(30_000).toISOString(), text: "Only once" },
      h,
    )
    await enqueue(server.services.database.db, {
      kind: SEND_JOB,
      clientId: 1,
      payload: { scheduled_id: race.body.data.id },
      runAt: at(30_000),
      idempotencyKey: `second-node:${race.body.data.id}`,
    })
    const other = startJobs(server.services, (await loadFeatures()).jobHandlers, [], { clock, autoStart: false, batch: 1 })
    clock.at = at(40_000)
    await Promise.all([server.jobs.runDue(), other.runDue()])
    await other.stop()
    await server.jobs.runDue()
    expect((await texts()).filter((b) => b === "Only once")).toHaveLength(1)
  }, 120_000)

  it("fails a text whose window closed by its time with the reason; sends a template outside the window", async () => {
    const { server } = ctx
    const db = server.services.database.db
    const number = "+905327770002"
    await customerWrites(server, number, { text: "Send me the offer tomorrow" })
    const conversationId = await conversationOf(server, number)
    const h = as((await login(server.url, "agent1")).user_token)

    // Past the window at its time: refused when scheduled.
    const far = await send(
      server.url,
      c("scheduledSendCreate"),
      { conversation_id: conversationId, send_at: at(25 * 3_600_000).toISOString(), text: "Hi" },
      h,
    )
    expect(far.status).toBe(409)
    expect(far.body.error.code).toBe("WINDOW_CLOSED")
    expect(
      (
        await send(
          server.url,
          c("scheduledSendCreate"),
          { conversation_id: conversationId, send_at: at(1_000).toISOString(), text: "Hi" },
          h,
        )
      ).status,
    ).toBe(400)

    const text = await send(
      server.url,
      c("scheduledSendCreate"),
      { conversation_id: conversationId, send_at: at(60_000).toISOString(), text: "Your offer" },
      h,
    )
    const [tpl] = rowsOf(
      await db.execute(sql`SELECT name, language, body FROM templates WHERE client_id = 1 AND status = 'APPROVED' ORDER BY id LIMIT 1`),
    )
    const params = Array.from({ length: paramCountOf(String(tpl.body)) }, (_, i) => `offer ${i + 1}`)
    const template = await send(
      server.url,
      c("scheduledSendCreate"),
      { conversation_id: conversationId, send_at: at(60_000).toISOString(), template: { name: tpl.name, language: tpl.language, params } },
      h,
    )
    expect(template.status).toBe(200)
    // The customer's last message slips out of the 24-hour window before the sends' time.
    await db.execute(sql`UPDATE contacts SET last_inbound_at = now() - interval '23 hours 59 minutes 30 seconds'
      WHERE client_id = 1 AND number = ${number}`)

    await runAt(at(65_000))
    const got = await phone(server, number)
    expect(got.map((m) => m.body)).not.toContain("Your offer")
    expect(got.filter((m) => m.type === "template")).toHaveLength(1)
    const items = (await send(server.url, c("scheduledSendList"), { conversation_id: conversationId }, h)).body.data.items
    expect(items).toEqual([expect.objectContaining({ id: text.body.data.id, state: "failed", error: expect.stringContaining("24-hour") })])
    // Dismissed (cancelled) once seen.
    expect((await send(server.url, c("scheduledSendCancel"), { id: text.body.data.id }, h)).status).toBe(200)

    // Another tenant finds neither the conversation nor the row.
    const other = as((await login(server.url, "admin2")).user_token)
    expect((await send(server.url, c("scheduledSendList"), { conversation_id: conversationId }, other)).status).toBe(404)
    expect((await send(server.url, c("scheduledSendCancel"), { id: template.body.data.id }, other)).status).toBe(404)
  }, 120_000)
})
