/**
 * Reminders on the durable queue (repeats on the tenant's clock: reminder-schedule.ts). The schedule turns each due reminder into one `reminder.fire` job keyed
 * `reminder:<id>:<due-minute>` and moves next_run_at on, in one transaction (a restart in the due minute neither
 * skips nor doubles). The fire job enqueues one `reminder.send` per recipient (keyed by contact), resolved in SQL
 * (a contact, a group's members, a segment's members). A send goes out as text inside WhatsApp's 24-hour window (and
 * on channels without one), as the approved template outside it, or is skipped (blocked, or no template). Either is an
 * automated message: the customer's conversation stays where it was (one waiting in the queue stays there).
 */
import { handOverAfterCommit, queueOutbound, WINDOW_MS, openConversationOf, type ContactRow } from "../chat"
import { sql, type SQL } from "drizzle-orm"
import type { Reminder } from "../../../src/contract/schemas/tagging"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { enqueue, minuteKey, type JobContext, type JobHandler, type Schedule, wakeAfterCommit } from "../../core/jobs"
import { loadSegment, segmentSql } from "../segments"
import { ApiError } from "../../http/errors"
import { templateSendByName, sendTemplateTo } from "../templates"
import { reminderOf } from "./reminder-rows"
import { nextRun } from "./reminder-schedule"
import type { Channel } from "../../../src/contract/schemas/common"

const DUE_BATCH = 100

export const schedules: Schedule[] = [
  {
    name: "reminders",
    tick: async (db, now) => {
      const due = rowsOf(
        await db.execute(sql`SELECT *, tenant_zone(client_id) AS zone FROM reminders WHERE enabled AND next_run_at <= ${now.toISOString()}::timestamptz
          ORDER BY next_run_at LIMIT ${DUE_BATCH} FOR UPDATE SKIP LOCKED`),
      )
      for (const row of due) {
        const reminder = reminderOf(row)
        const at = new Date(String(reminder.next_run_at))
        await enqueue(db, {
          kind: "reminder.fire",
          clientId: Number(row.client_id),
          payload: { reminder_id: reminder.id, due: at.toISOString() },
          runAt: at,
          idempotencyKey: `reminder:${reminder.id}:${minuteKey(at)}`,
        })
        // Runs missed while the server was down collapse into this one: the next is the first after now.
        const next = nextRun(reminder.schedule, now, true, String(row.zone ?? "UTC"))
        await db.execute(sql`UPDATE reminders SET next_run_at = ${next?.toISOString() ?? null}::timestamptz WHERE id = ${reminder.id}`)
      }
      return due.length
    },
  },
]

const audienceSql = async (db: Db, clientId: number, target: Reminder["target"]): Promise<SQL> => {
  switch (target.type) {
    case "contact":
      return sql`ct.client_id = ${clientId} AND ct.id = (SELECT c2.id FROM contacts c2 WHERE c2.client_id = ${clientId}
        AND c2.number = ${target.number} ORDER BY c2.last_inbound_at DESC NULLS LAST, c2.id LIMIT 1)`
    case "group":
      return sql`ct.client_id = ${clientId} AND EXISTS (SELECT 1 FROM contact_group_members x WHERE x.contact_id = ct.id AND x.group_id = ${target.group_id})`
    case "segment":
      return sql`ct.client_id = ${clientId} AND ${segmentSql(await loadSegment(db, clientId, target.segment_id))}`
  }
}

const bump = (db: Db, reminderId: number, field: "sent_text" | "sent_template" | "skipped" | "failed") =>
  db.execute(sql`UPDATE reminders SET last_run = jsonb_set(last_run, ${`{${field}}`}::text[],
    to_jsonb(coalesce((last_run ->> ${field})::int, 0) + 1)) WHERE id = ${reminderId} AND last_run IS NOT NULL`)

/**
 * Outside the window the reminder's template goes through the templates' one send path. A number it may not reach
 * (opted out, blocked, the template no longer approved) is skipped; no balance or a spent limit is a failed send.
 */
const sendAsTemplate = async (ctx: JobContext, clientId: number, reminder: Reminder, contact: ContactRow, jobId: number) => {
  const who = { userId: null, ref: `reminder:${reminder.id}:${jobId}` }
  try {
    const send = await templateSendByName(ctx.db, clientId, reminder.template!, contact.number, who)
    await sendTemplateTo(ctx, { ...send, automated: true })
    return "sent_template" as const
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return error.status === 402 || error.status === 429 ? ("failed" as const) : ("skipped" as const)
  }
}

export const jobHandlers: JobHandler[] = [
  {
    kind: "reminder.fire",
    run: async (job, ctx) => {
      const { reminder_id, due } = job.payload as { reminder_id: number; due: string }
      const [row] = rowsOf(await ctx.db.execute(sql`SELECT * FROM reminders WHERE id = ${reminder_id} AND client_id = ${job.clientId}`))
      if (!row?.enabled) return
      const reminder = reminderOf(row)
      const clientId = Number(job.clientId)
      const where = await audienceSql(ctx.db, clientId, reminder.target).catch(() => null)
      if (!where) return
      const prefix = `reminder:${reminder.id}:${minuteKey(new Date(due))}:`
      const [count] = rowsOf(
        await ctx.db.execute(sql`WITH ins AS (
          INSERT INTO jobs (kind, client_id, payload, run_at, idempotency_key)
          SELECT 'reminder.send', ${clientId}, jsonb_build_object('reminder_id', ${reminder.id}::int, 'contact_id', ct.id),
            ${ctx.clock.now().toISOString()}::timestamptz, ${prefix} || ct.id
          FROM contacts ct WHERE ${where}
          ON CONFLICT (idempotency_key) DO NOTHING RETURNING 1)
        SELECT count(*)::int AS n FROM ins`),
      )
      if (Number(count.n) > 0) wakeAfterCommit(ctx.db)
      const run = { at: due, recipients: Number(count.n), sent_text: 0, sent_template: 0, skipped: 0, failed: 0 }
      await ctx.db.execute(sql`UPDATE reminders SET last_run = ${JSON.stringify(run)}::jsonb WHERE id = ${reminder.id}`)
    },
  },
  {
    kind: "reminder.send",
    run: async (job, ctx) => {
      const { reminder_id, contact_id } = job.payload as { reminder_id: number; contact_id: number }
      const clientId = Number(job.clientId)
      const [r] = rowsOf(await ctx.db.execute(sql`SELECT * FROM reminders WHERE id = ${reminder_id} AND client_id = ${clientId}`))
      const [c] = rowsOf(
        await ctx.db.execute(
          sql`SELECT id, channel, number, blocked, last_inbound_at FROM contacts WHERE id = ${contact_id} AND client_id = ${clientId}`,
        ),
      )
      if (!r || !c) return
      const reminder = reminderOf(r)
      const contact: ContactRow = {
        id: Number(c.id),
        channel: String(c.channel) as Channel,
        number: String(c.number),
        blocked: Boolean(c.blocked),
        lastInboundAt: c.last_inbound_at
          ? new Date(String(c.last_inbound_at instanceof Date ? c.last_inbound_at.toISOString() : c.last_inbound_at))
          : null,
      }
      const now = ctx.clock.now()
      const inWindow =
        contact.channel !== "whatsapp" || (contact.lastInboundAt !== null && now.getTime() - contact.lastInboundAt.getTime() <= WINDOW_MS)
      if (contact.blocked || (!inWindow && !reminder.template)) {
        await bump(ctx.db, reminder.id, "skipped")
        return
      }
      if (!inWindow) {
        await bump(ctx.db, reminder.id, await sendAsTemplate(ctx, clientId, reminder, contact, job.id))
        return
      }
      const out = { type: "text", body: reminder.message, payload: { reminder_id: reminder.id } }
      const conversation = await openConversationOf(ctx.db, clientId, contact, now)
      const messageId = await queueOutbound(ctx, clientId, { conversation, ...out, senderUserId: null, automated: true })
      await handOverAfterCommit(ctx, clientId, [messageId])
      await bump(ctx.db, reminder.id, "sent_text")
    },
  },
]
