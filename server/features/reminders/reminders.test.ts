/**
 * Reminders fired by the durable queue on both databases, with a controlled clock: nothing before the due minute,
 * the text on the simulated customer's phone at it, the template outside the 24-hour window, and a restart in the
 * middle of the due minute (the schedule ticked, the server stopped before sending) sends exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import type { PGlite } from "@electric-sql/pglite"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send } from "../../testing/harness"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer } from "../../testing/test-server"
import type { Clock } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { schedules } from "./reminder-jobs"
import { paramCountOf } from "../../../src/contract/template-rules"

const r = (
  name: "reminderInsert" | "reminders" | "reminderDisable" | "reminderEnable" | "reminderSearch" | "reminderDelete" | "reminderUpdate",
) => callOf("tagging", name)

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

describe.each(DB_KINDS)("reminders on %s", (kind) => {
  let cluster: PostgresCluster | null = null
  beforeAll(async () => {
    if (kind === "postgres") cluster = await startPostgres()
  }, 120_000)
  afterAll(async () => {
    await cluster?.stop()
  })
  /** A server over a fresh copy of the seeded world; `url` names its PostgreSQL database, for a restart. */
  const boot = async (clock: Clock) => {
    const jobs = { clock, autoStart: false }
    const url = cluster ? await cluster.createDatabase() : ""
    return { url, jobs, server: cluster ? await startTestServer({ databaseUrl: url, jobs }) : await startTestServer({ jobs }) }
  }

  it("fires on time to the customer's phone, once, across a restart in the due minute", async () => {
    const clock = new TestClock()
    const booted = await boot(clock)
    const { url, jobs } = booted
    let server = booted.server
    try {
      const number = "+905321234567"
      await customerWrites(server, number, { text: "When is my appointment?" })
      const h = as((await login(server.url, "admin")).user_token)
      const start = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000)
      const created = await send(
        server.url,
        r("reminderInsert"),
        {
          name: "Appointment",
          message: "Your appointment is tomorrow at 10:00",
          target: { type: "contact", number },
          schedule: { repeat: "daily", start_at: start.toISOString() },
        },
        h,
      )
      expect(created.status).toBe(200)
      expect(created.body.data).toMatchObject({ enabled: true, next_run_at: start.toISOString(), last_run: null })

      clock.at = new Date(start.getTime() - 30_000)
      await server.jobs.runDue()
      expect((await phone(server, number)).map((m) => m.body)).not.toContain("Your appointment is tomorrow at 10:00")

      clock.at = new Date(start.getTime() + 5_000)
      await server.jobs.runDue()
      expect((await phone(server, number)).filter((m) => m.body === "Your appointment is tomorrow at 10:00")).toHaveLength(1)
      const listed = (await send(server.url, r("reminders"), {}, h)).body.data.items[0]
      expect(listed.last_run).toMatchObject({ recipients: 1, sent_text: 1, skipped: 0 })
      expect(listed.next_run_at).toBe(new Date(start.getTime() + 86_400_000).toISOString())

      // The next day's run: the schedule ticks (the job is in the database), then the process stops before sending.
      const second = new Date(start.getTime() + 86_400_000)
      clock.at = new Date(second.getTime() + 1_000)
      const database = server.services.database
      await database.transaction((tx) => schedules[0].tick(tx, clock.now()))
      if (kind === "postgres") {
        await server.stop()
        server = await startTestServer({ databaseUrl: url, jobs })
      } else {
        const copy = (await database.pglite!.clone()) as PGlite
        await server.stop()
        server = await startTestServer({ pglite: copy, jobs })
      }
      // The customer wrote again an hour before the second run (inside the window, so the text goes out).
      await server.services.database.db.execute(
        sql`UPDATE contacts SET last_inbound_at = ${new Date(second.getTime() - 3_600_000).toISOString()}::timestamptz WHERE number = ${number}`,
      )
      clock.at = new Date(second.getTime() + 20_000)
      await server.jobs.runDue()
      await server.jobs.runDue()
      await server.services.database.transaction((tx) => schedules[0].tick(tx, clock.now()))
      await server.jobs.runDue()
      expect((await phone(server, number)).filter((m) => m.body === "Your appointment is tomorrow at 10:00")).toHaveLength(1)
      const fired = rowsOf(
        await server.services.database.db.execute(sql`SELECT status, idempotency_key FROM jobs WHERE kind = 'reminder.fire' ORDER BY id`),
      )
      expect(fired.map((j) => j.status)).toEqual(["done", "done"])
    } finally {
      await server.stop()
    }
  }, 120_000)

  it("sends the approved template outside the 24-hour window, skips without one, and keeps tenants apart", async () => {
    const clock = new TestClock()
    const { server } = await boot(clock)
    try {
      const h = as((await login(server.url, "admin")).user_token)
      const [tpl] = rowsOf(
        await server.services.database.db.execute(
          sql`SELECT name, language, body FROM templates WHERE client_id = 1 AND status = 'APPROVED' ORDER BY id LIMIT 1`,
        ),
      )
      const [group] = rowsOf(
        await server.services.database.db.execute(sql`SELECT id FROM contact_groups WHERE client_id = 1 ORDER BY id LIMIT 1`),
      )
      const numbers = ["+905441110001", "+905441110002"]
      for (const n of numbers)
        await server.services.database.db.execute(sql`INSERT INTO contacts (client_id, name, number, channel, last_inbound_at)
          VALUES (1, 'Old friend', ${n}, 'whatsapp', now() - interval '3 days')`)
      await send(server.url, callOf("contacts", "groupContactById"), { id: Number(group.id), numbers }, h)
      const start = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000)
      const base = {
        message: "Hello again",
        target: { type: "group", group_id: Number(group.id) },
        schedule: { repeat: "once", start_at: start.toISOString() },
      }
      const template = { name: tpl.name, language: tpl.language }
      const params = Array.from({ length: paramCountOf(String(tpl.body)) }, (_, i) => `value ${i + 1}`)
      // Each of the template's parameters needs a value: the customer would otherwise read "{{1}}".
      const short = await send(server.url, r("reminderInsert"), { ...base, name: "Short", template }, h)
      expect(short.status).toBe(400)
      expect(JSON.stringify(short.body)).toContain("parameter")
      const withTemplate = await send(server.url, r("reminderInsert"), { ...base, name: "Win back", template: { ...template, params } }, h)
      expect(withTemplate.status).toBe(200)
      const bad = await send(
        server.url,
        r("reminderInsert"),
        { ...base, name: "Bad", template: { name: "no_such_template", language: "en" } },
        h,
      )
      expect(bad.status).toBe(400)
      const past = { ...base, name: "Too late", schedule: { repeat: "once", start_at: new Date(Date.now() - 60_000).toISOString() } }
      const late = await send(server.url, r("reminderInsert"), past, h)
      expect(late.status).toBe(400)
      expect(JSON.stringify(late.body)).toContain("never run")
      expect((await send(server.url, r("reminderSearch"), { search: "Too late" }, h)).body.data.totalItems).toBe(0)
      // A contact's number is found with or without its "+", and kept as the contact has it; an unknown one is a 400.
      const one = { ...base, name: "One", target: { type: "contact", number: "905441110001" }, enabled: false }
      const bare = await send(server.url, r("reminderInsert"), one, h)
      expect(bare.body.data.target).toEqual({ type: "contact", number: "+905441110001" })
      await send(server.url, r("reminderDelete"), { id: bare.body.data.id }, h)
      const unknown = await send(server.url, r("reminderInsert"), { ...one, target: { type: "contact", number: "+905449999999" } }, h)
      expect(unknown.status).toBe(400)
      const h2 = as((await login(server.url, "admin2")).user_token)
      expect((await send(server.url, r("reminderDisable"), { id: withTemplate.body.data.id }, h2)).status).toBe(404)
      expect((await send(server.url, r("reminderInsert"), { ...base, name: "Steal" }, h2)).status).toBe(400)
      expect((await send(server.url, r("reminders"), {}, h2)).body.data.items.map((x: { name: string }) => x.name)).not.toContain(
        "Win back",
      )
      clock.at = new Date(start.getTime() + 1000)
      await server.jobs.runDue()
      for (const n of numbers) {
        const got = await phone(server, n)
        expect(got.map((m) => m.type)).toEqual(["template"])
        expect(got[0].body).toContain("value 1")
      }
      const after = (await send(server.url, r("reminderSearch"), { search: "win" }, h)).body.data.items[0]
      expect(after).toMatchObject({ next_run_at: null, last_run: { recipients: 2, sent_template: 2, sent_text: 0 } })
      const toggled = await send(server.url, r("reminderDisable"), { id: after.id }, h)
      expect(toggled.body.data.enabled).toBe(false)
      expect((await send(server.url, r("reminderDelete"), { id: after.id }, h)).status).toBe(200)
      expect((await send(server.url, r("reminderSearch"), { search: "win" }, h)).body.data.totalItems).toBe(0)
    } finally {
      await server.stop()
    }
  }, 120_000)
  it("a reminder to a customer waiting in the queue leaves the conversation there, unread, as text or as the template", async () => {
    const clock = new TestClock()
    const { server } = await boot(clock)
    try {
      const h = as((await login(server.url, "admin")).user_token)
      const agent = as((await login(server.url, "agent1")).user_token)
      const [tpl] = rowsOf(
        await server.services.database.db.execute(
          sql`SELECT name, language, body FROM templates WHERE client_id = 1 AND status = 'APPROVED' ORDER BY id LIMIT 1`,
        ),
      )
      const template = {
        name: tpl.name,
        language: tpl.language,
        params: Array.from({ length: paramCountOf(String(tpl.body)) }, (_, i) => `value ${i + 1}`),
      }
      // One wrote just now (the text goes), one three days ago and still waits (the template goes).
      const [fresh, old] = ["+905441120001", "+905441120002"]
      for (const n of [fresh, old]) await customerWrites(server, n, { text: "Anyone there?" })
      await server.services.database.db.execute(
        sql`UPDATE contacts SET last_inbound_at = now() - interval '3 days' WHERE client_id = 1 AND number = ${old}`,
      )
      const start = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000)
      for (const n of [fresh, old]) {
        const made = await send(
          server.url,
          r("reminderInsert"),
          {
            name: `Queue ${n}`,
            message: "Your order is ready",
            target: { type: "contact", number: n },
            schedule: { repeat: "once", start_at: start.toISOString() },
            template,
          },
          h,
        )
        expect(made.status).toBe(200)
      }
      clock.at = new Date(start.getTime() + 1000)
      await server.jobs.runDue()
      expect((await phone(server, fresh)).map((m) => m.type)).toEqual(["text"])
      expect((await phone(server, old)).map((m) => m.type)).toEqual(["template"])
      const queue = (await send(server.url, callOf("chat", "agentUnassignedConversations"), {}, agent)).body.data.items as {
        number: string
        status: string
        agent_id: number | null
        unread: number
      }[]
      for (const n of [fresh, old])
        expect(queue.find((c) => c.number === n)).toMatchObject({ status: "unassigned", agent_id: null, unread: 1 })
    } finally {
      await server.stop()
    }
  }, 120_000)
})
