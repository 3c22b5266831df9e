/**
 * The campaign engine, on THE job queue (server/core/jobs.ts); no queue or timer of its own.
 *
 * - A run (start, resume, retry) bumps the campaign's `run_gen` and enqueues one `campaign.send` job per waiting
 *   recipient in the same transaction, keyed `campaign:<id>:<gen>:<number>` (so a repeated start adds nothing), due
 *   one after another at the campaign's rate (`run_at` spacing: 80/s by default, all at once when the rate is off).
 *   The rate is held by scheduling, never by sleeping in a transaction.
 * - A send job locks its recipient row (unique per campaign and number) and does nothing unless the recipient still
 *   waits, the campaign runs and the job belongs to the current run; otherwise it sends through `sendTemplateTo`
 *   (approval, opt-out, blocked, account limits, the cost debited) and marks the recipient sent in that same
 *   transaction, which also marks the job done. A process killed at any point leaves either both or neither, and the
 *   queue hands an unfinished job to the next worker once its lease ends: no recipient is sent twice or lost.
 * - A recipient who opted out or is blocked is skipped with the reason; wrong parameters fail it with the reason; an
 *   empty balance, an account limit or a template that cannot be sent pauses the campaign with the reason (resume
 *   once fixed). Anything else retries with the queue's backoff, and fails the recipient on the last attempt.
 * - The `campaigns` schedule starts scheduled campaigns when due and completes running ones when nobody waits
 *   (publishing `campaign.finished` to the tenant's webhooks).
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Job, JobContext, JobHandler, Schedule } from "../../core/jobs"
import { publish } from "../../core/events"
import { ApiError } from "../../http/errors"
import { sendTemplateTo } from "../templates/template-send"
import { templateByName } from "../templates/template-rows"

export const SEND_JOB = "campaign.send"
const ATTEMPTS = 5
const DUE_BATCH = 20

/**
 * Starts a run of the campaign's waiting recipients now: status running, a new generation, one job per recipient
 * spaced at the campaign's rate. Answers how many jobs it enqueued.
 */
export const startRun = async (db: Db, clientId: number, campaignId: number, now: Date): Promise<number> => {
  const [row] = rowsOf(
    await db.execute(sql`UPDATE campaigns SET status = 'running', status_reason = NULL, run_gen = run_gen + 1,
      started_at = COALESCE(started_at, ${now.toISOString()}::timestamptz), finished_at = NULL, updated_at = now()
      WHERE id = ${campaignId} AND client_id = ${clientId} RETURNING run_gen, rate_per_second`),
  )
  if (!row) return 0
  const gen = Number(row.run_gen)
  const spacingMs = row.rate_per_second === null ? 0 : 1000 / Number(row.rate_per_second)
  const rows = rowsOf(
    await db.execute(sql`INSERT INTO jobs (kind, client_id, payload, run_at, max_attempts, idempotency_key)
      SELECT ${SEND_JOB}, r.client_id, jsonb_build_object('campaign_id', r.campaign_id, 'recipient_id', r.id, 'gen', ${gen}::int),
        ${now.toISOString()}::timestamptz + ((row_number() OVER (ORDER BY r.id)) - 1) * ${spacingMs}::float8 * interval '1 millisecond',
        ${ATTEMPTS}, 'campaign:' || r.campaign_id || ':' || ${gen}::int || ':' || r.number
      FROM campaign_recipients r WHERE r.campaign_id = ${campaignId} AND r.client_id = ${clientId} AND r.status = 'queued'
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`),
  )
  return rows.length
}

/** The campaign pauses itself, saying why (the recipient keeps waiting for the resume). */
const pauseFor = async (db: Db, campaignId: number, reason: string) =>
  db.execute(sql`UPDATE campaigns SET status = 'paused', status_reason = ${reason.slice(0, 500)}, updated_at = now()
    WHERE id = ${campaignId} AND status = 'running'`)

const settle = async (db: Db, recipientId: number, status: "skipped" | "failed", reason: string) =>
  db.execute(sql`UPDATE campaign_recipients SET status = ${status}, error = ${reason.slice(0, 500)} WHERE id = ${recipientId}`)

const PAUSING = new Set(["INSUFFICIENT_BALANCE", "LIMIT_REACHED", "TEMPLATE_STATUS", "NOT_FOUND"])
const SKIPPING = new Set(["OPTED_OUT", "CUSTOMER_BLOCKED"])

const sendOne = async (job: Job, ctx: JobContext) => {
  const {
    campaign_id: campaignId,
    recipient_id: recipientId,
    gen,
  } = job.payload as { campaign_id: number; recipient_id: number; gen: number }
  const clientId = job.clientId!
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT r.id, r.number, r.params, r.status, c.status AS campaign_status, c.run_gen, c.template_name,
        c.language, c.header_value
      FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
      WHERE r.id = ${recipientId} AND r.client_id = ${clientId} FOR UPDATE OF r`),
  )
  if (row?.status !== "queued" || row.campaign_status !== "running" || Number(row.run_gen) !== gen) return
  const number = String(row.number)
  const params = (typeof row.params === "string" ? JSON.parse(row.params) : row.params) as string[]
  try {
    const template = await templateByName(ctx.db, clientId, String(row.template_name), String(row.language))
    const sent = await sendTemplateTo(ctx, {
      clientId,
      template,
      number,
      params: Array.isArray(params) ? params : [],
      headerValue: (row.header_value as string | null) ?? undefined,
      userId: null,
      ref: `campaign:${campaignId}:${number}`,
      campaignId,
    })
    await ctx.db.execute(sql`UPDATE campaign_recipients SET status = 'sent', message_id = ${sent.messageId}, external_id = ${sent.externalId},
      cost = ${sent.cost.toFixed(2)}, sent_at = ${ctx.clock.now().toISOString()}::timestamptz, error = NULL WHERE id = ${recipientId}`)
  } catch (error) {
    if (error instanceof ApiError && SKIPPING.has(error.code)) return void (await settle(ctx.db, recipientId, "skipped", error.message))
    if (error instanceof ApiError && PAUSING.has(error.code)) return void (await pauseFor(ctx.db, campaignId, error.message))
    if (error instanceof ApiError && error.status === 400) return void (await settle(ctx.db, recipientId, "failed", error.message))
    if (job.attempts >= job.maxAttempts)
      return void (await settle(ctx.db, recipientId, "failed", error instanceof Error ? error.message : String(error)))
    throw error
  }
}

export const jobHandlers: JobHandler[] = [{ kind: SEND_JOB, run: sendOne }]

export const schedules: Schedule[] = [
  {
    name: "campaigns",
    tick: async (db, now) => {
      const due = rowsOf(
        await db.execute(sql`SELECT id, client_id FROM campaigns WHERE status = 'scheduled'
          AND (scheduled_at IS NULL OR scheduled_at <= ${now.toISOString()}::timestamptz)
          ORDER BY scheduled_at NULLS FIRST, id LIMIT ${DUE_BATCH} FOR UPDATE SKIP LOCKED`),
      )
      for (const c of due) await startRun(db, Number(c.client_id), Number(c.id), now)
      const finished = rowsOf(
        await db.execute(sql`UPDATE campaigns c SET status = 'completed', finished_at = ${now.toISOString()}::timestamptz, updated_at = now()
          WHERE c.status = 'running' AND NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.campaign_id = c.id AND r.status = 'queued')
          RETURNING c.id, c.client_id, c.name`),
      )
      for (const c of finished)
        await publish(db, Number(c.client_id), "campaign.finished", { campaign_id: Number(c.id), name: String(c.name) })
      return due.length + finished.length
    },
  },
]
