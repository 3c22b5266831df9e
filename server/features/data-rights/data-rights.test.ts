/**
 * A customer's data rights and message retention on both databases, over random event logs (fast-check) in a tenant
 * at UTC+05:45 with a second tenant's decoy log: the export holds every kind of row the customer has; the erasure
 * leaves no row naming them in any table (found from the catalogue), keeps the ledger's amounts, and every dashboard
 * and report figure equals the naive reference over the rows that remain; retention deletes the expired messages and
 * their files, keeps the newer ones, and the figures again equal the reference over what is left.
 */
import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import type { Clock } from "../../core/jobs"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { RETENTION_BATCH, RETENTION_JOB } from "../businesses/retention"
import { expectFigures, logArb, type Placed, reference, writeLog } from "../reports/metrics.testing"
import { leftoversOf, writeCustomerRows } from "./data-rights.testing"

const ZONE = "Asia/Kathmandu"
const OFFSET_MINUTES = 345
const exportCall = callOf("dataRights", "customerExport")
const eraseCall = callOf("dataRights", "customerErase")

class TestClock implements Clock {
  at: Date | null = null
  now = () => this.at ?? new Date()
}

describe.each(DB_KINDS)("data rights on %s", (kind) => {
  const clock = new TestClock()
  const ctx = useServer(kind, { jobs: { clock, autoStart: false } })
  let admin: Record<string, string>
  let tenantOne: number
  let tenantTwo: number
  let agents: number[]
  let otherAgent: number
  const db = () => ctx.server.services.database
  const call = async (group: "dashboard" | "reports", name: string, payload: Record<string, unknown>) => {
    const def = callOf(group as never, name as never)
    const reply = await send(ctx.url, def, payload, admin)
    expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).toBe(200)
    return shaped(def, reply.body).data
  }
  /** A log for tenant one and a decoy for tenant two, in the window starting on the 10th of `month` at local midnight. */
  const placeLogs = async (month: string, log: Parameters<typeof writeLog>[4], decoy: Parameters<typeof writeLog>[4], tag: string) => {
    const window = Date.parse(`${month}-10T00:00:00Z`) - OFFSET_MINUTES * 60_000
    const placed = await writeLog(db(), tenantOne, agents, window, log, `${tag}a`)
    await writeLog(db(), tenantTwo, [otherAgent, otherAgent], window, decoy, `${tag}b`)
    return { placed, window }
  }

  beforeAll(async () => {
    const q = (text: string, params?: unknown[]) => db().query(text, params)
    tenantOne = Number((await q("SELECT client_id FROM users WHERE username = 'admin'")).rows[0].client_id)
    tenantTwo = Number((await q("SELECT client_id FROM users WHERE username = 'admin2'")).rows[0].client_id)
    await q(
      `INSERT INTO client_settings (client_id, key, value) VALUES ($1, 'time_zone', '"${ZONE}"')
       ON CONFLICT (client_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [tenantOne],
    )
    // Only retention acts on these logs when the job queue runs (no idle close of their open conversations, and no
    // seeded reminder going out when the clock moves years ahead).
    await q("DELETE FROM client_settings WHERE key = 'session_message'")
    await q("UPDATE reminders SET enabled = false")
    agents = (await q("SELECT id FROM users WHERE username IN ('agent1', 'agent2') ORDER BY username")).rows.map((r) => Number(r.id))
    otherAgent = Number((await q("SELECT id FROM users WHERE client_id = $1 LIMIT 1", [tenantTwo])).rows[0].id)
    admin = as((await login(ctx.url, "admin")).user_token)
  }, 120_000)

  it("exports everything of a random customer, erases all of it, and every figure equals the reference over what remains", async () => {
    const agent = as((await login(ctx.url, "agent1")).user_token)
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    let run = 0
    await fc.assert(
      fc.asyncProperty(logArb, logArb, fc.nat(), async (log, decoy, pick) => {
        run++
        const month = `${2033 + Math.floor(run / 12)}-${String((run % 12) + 1).padStart(2, "0")}`
        const { placed } = await placeLogs(month, log, decoy, `${kind === "pglite" ? 3 : 4}${run}`)
        const victim = placed[pick % placed.length]
        const [contact] = (await db().query("SELECT number FROM contacts WHERE id = $1", [victim.contactId])).rows
        const v = { clientId: tenantOne, contactId: victim.contactId, conversationId: victim.id, number: String(contact.number) }
        const fileId = await writeCustomerRows(db(), v)

        // The export: every kind, the stored file with a link that opens it; nobody else's.
        const exported = await send(ctx.url, exportCall, { id: v.contactId }, admin)
        expect(exported.status).toBe(200)
        const file = shaped(exportCall, exported.body).data
        expect(file.customer_ref).toMatch(/^cust_[0-9a-f]{20}$/)
        expect(file.kinds.contact).toHaveLength(1)
        expect(file.kinds.conversations).toHaveLength(1)
        expect(file.kinds.messages).toHaveLength(victim.c.messages.length)
        for (const k of ["calls", "sms", "otp_logs", "orders", "tickets", "complaints", "tags", "chat_events"])
          expect(file.kinds[k], k).toHaveLength(1)
        if (fileId !== null) {
          const media = file.kinds.media as { id: number; url: string }[]
          expect(media.map((m) => m.id)).toEqual([fileId])
          expect(await (await fetch(new URL(media[0].url, ctx.url))).text()).toBe("hello")
        }
        // Another tenant's admin does not find the customer; an agent lacks the permission.
        expect((await send(ctx.url, exportCall, { id: v.contactId }, admin2)).status).toBe(404)
        expect((await send(ctx.url, eraseCall, { id: v.contactId, confirm_number: v.number }, admin2)).status).toBe(404)
        expect((await send(ctx.url, exportCall, { id: v.contactId }, agent)).status).toBe(403)
        // A number typed wrong erases nothing.
        const wrong = await send(ctx.url, eraseCall, { id: v.contactId, confirm_number: `${v.number}1` }, admin)
        expect([wrong.status, wrong.body.error.code, wrong.body.error.field]).toEqual([400, "CONFIRMATION_MISMATCH", "confirm_number"])
        expect(await leftoversOf(db(), v)).not.toEqual([])

        const erased = await send(ctx.url, eraseCall, { id: v.contactId, confirm_number: v.number }, admin)
        expect(erased.status, JSON.stringify(erased.body)).toBe(200)
        const result = shaped(eraseCall, erased.body).data
        expect(result.customer_ref).toBe(file.customer_ref)
        expect(result.counts).toMatchObject({
          contact: 1,
          conversations: 1,
          messages: victim.c.messages.length,
          calls: 1,
          ledger_references: 1,
        })
        expect(result.media_files).toBe(fileId === null ? 0 : 1)

        // Nothing names the customer any more; the ledger keeps its amounts; the log says who erased whom, by reference.
        expect(await leftoversOf(db(), v)).toEqual([])
        if (fileId !== null)
          expect((await db().query("SELECT count(*)::int AS n FROM attachment_files WHERE attachment_id = $1", [fileId])).rows[0].n).toBe(0)
        const ledger = (
          await db().query("SELECT ref FROM billing_ledger WHERE client_id = $1 AND ref LIKE 'template:1:%' ORDER BY id DESC LIMIT 2", [
            tenantOne,
          ])
        ).rows
        expect(ledger.map((r) => r.ref).sort()).toEqual([`template:1:${v.number}9`, "template:1:[erased]"].sort())
        const [entry] = (
          await db().query(
            "SELECT user_id, detail FROM activity_logs WHERE client_id = $1 AND action = 'customer-erased' ORDER BY id DESC LIMIT 1",
            [tenantOne],
          )
        ).rows
        const detail = typeof entry.detail === "string" ? JSON.parse(entry.detail) : entry.detail
        expect(detail).toMatchObject({ customer_ref: file.customer_ref, counts: result.counts })
        expect(JSON.stringify(detail)).not.toContain(v.number)
        expect((await send(ctx.url, exportCall, { id: v.contactId }, admin)).status).toBe(404)

        // Agent loads: each agent's held-chat counter equals a naive count of the conversations they hold now.
        const loads = await db().query(
          `SELECT l.user_id, l.held, (SELECT count(*)::int FROM conversations c WHERE c.assigned_user_id = l.user_id
             AND c.status IN ('active', 'ongoing')) AS naive FROM agent_loads l WHERE l.client_id = $1`,
          [tenantOne],
        )
        for (const l of loads.rows) expect(Number(l.held), `agent ${l.user_id}`).toBe(Number(l.naive))
        const left = placed.filter((p) => p !== victim)
        await expectFigures(call, reference(left, agents, 60, OFFSET_MINUTES), month, ZONE)
      }),
      { numRuns: 4 },
    )
  }, 120_000)

  it("deletes expired messages and their files in batches, keeps newer ones, and every figure equals the reference over what remains", async () => {
    const settings = callOf("onboarding", "updateAllsettings")
    let run = 0
    await fc.assert(
      fc.asyncProperty(logArb, logArb, fc.integer({ min: 0, max: 3 * 24 * 60 }), async (log, decoy, cutMinute) => {
        run++
        // A month of its own per run, shrinking runs included (past December the year moves on).
        const month = `${2040 + Math.floor((run - 1) / 12)}-${String(((run - 1) % 12) + 1).padStart(2, "0")}`
        const { placed, window } = await placeLogs(month, log, decoy, `${kind === "pglite" ? 5 : 6}${run}`)
        const before = reference(placed, agents, 60, OFFSET_MINUTES)
        const cutoff = window + cutMinute * 60_000
        const at = (p: Placed, m: { at: number }) => p.started + m.at * 1000
        const oldOne = placed.find((p) => p.c.messages.some((m) => at(p, m) < cutoff))
        const newOne = placed.find((p) => p.c.messages.some((m) => at(p, m) >= cutoff))
        const fileOf = async (p: Placed | undefined, old: boolean) => {
          if (!p) return null
          const [m] = (
            await db().query(`SELECT id FROM messages WHERE conversation_id = $1 AND dt ${old ? "<" : ">="} $2 ORDER BY id LIMIT 1`, [
              p.id,
              new Date(cutoff).toISOString(),
            ])
          ).rows
          const [file] = (
            await db().query(
              "INSERT INTO attachments (client_id, message_id, filename, mime, size, storage_key) VALUES ($1, $2, 'a.txt', 'text/plain', 5, 'db') RETURNING id",
              [tenantOne, m.id],
            )
          ).rows
          await db().query("INSERT INTO attachment_files (attachment_id, client_id, data) VALUES ($1, $2, $3)", [
            file.id,
            tenantOne,
            Buffer.from("x"),
          ])
          return Number(file.id)
        }
        const [oldFile, newFile] = [await fileOf(oldOne, true), await fileOf(newOne, false)]

        // Off by default: the queue runs and nothing goes.
        clock.at = new Date(cutoff + 30 * 86_400_000)
        await send(ctx.url, settings, { retention_days: null }, admin)
        await ctx.server.jobs.runDue()
        await expectFigures(call, before, month, ZONE)

        if (run === 1) {
          // More expired messages than one job deletes: the job hands the rest to the next one.
          const [c] = (
            await db().query("INSERT INTO contacts (client_id, name, number, channel) VALUES ($1, 'Old', $2, 'whatsapp') RETURNING id", [
              tenantOne,
              `9${kind}old`,
            ])
          ).rows
          const old = new Date(cutoff - 40 * 86_400_000).toISOString()
          const [conversation] = (
            await db().query(
              "INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at) VALUES ($1, $2, 'whatsapp', 'closed', $3, $3) RETURNING id",
              [tenantOne, c.id, old],
            )
          ).rows
          await db().query(
            "INSERT INTO messages (client_id, conversation_id, direction, type, status, dt) SELECT $1, $2, 'in', 'text', 'received', $3::timestamptz + i * interval '1 second' FROM generate_series(1, $4::int) i",
            [tenantOne, conversation.id, old, RETENTION_BATCH + 100],
          )
        }
        const saved = await send(ctx.url, settings, { retention_days: 30 }, admin)
        expect(saved.body.data.retention_days).toBe(30)
        await ctx.server.jobs.runDue()
        const [{ n: expired }] = (
          await db().query("SELECT count(*)::int AS n FROM messages WHERE client_id = $1 AND dt < $2", [
            tenantOne,
            new Date(cutoff).toISOString(),
          ])
        ).rows
        expect(expired).toBe(0)
        const [{ n: jobs }] = (
          await db().query(
            "SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND client_id = $2 AND status = 'done' AND created_at >= now() - interval '1 minute'",
            [RETENTION_JOB, tenantOne],
          )
        ).rows
        if (run === 1) expect(jobs).toBeGreaterThan(1)
        const files = async (id: number | null) =>
          id === null
            ? null
            : (await db().query("SELECT count(*)::int AS n FROM attachment_files WHERE attachment_id = $1", [id])).rows[0].n
        expect([await files(oldFile), await files(newFile)]).toEqual([oldOne ? 0 : null, newOne ? 1 : null])
        const kept = placed.map((p) => ({ ...p, c: { ...p.c, messages: p.c.messages.filter((m) => at(p, m) >= cutoff) } }))
        // MAU counts who wrote in the month (contact_months), which retention keeps.
        await expectFigures(call, { ...reference(kept, agents, 60, OFFSET_MINUTES), mau: before.mau }, month, ZONE)
        // The decoy tenant keeps every message.
        const [{ n: decoyKept }] = (
          await db().query(
            "SELECT count(*)::int AS n FROM messages m JOIN contacts c ON c.id = (SELECT contact_id FROM conversations WHERE id = m.conversation_id) WHERE m.client_id = $1 AND c.name LIKE $2",
            [tenantTwo, `Metric ${kind === "pglite" ? 5 : 6}${run}b %`],
          )
        ).rows
        expect(decoyKept).toBe(decoy.reduce((n, c) => n + c.messages.length, 0))
        await send(ctx.url, settings, { retention_days: null }, admin)
      }),
      { numRuns: 3 },
    )
    clock.at = null
  }, 120_000)
})
