/**
 * The campaign engine, on THE job queue (server/core/jobs.ts); no queue or timer of its own.
 *
 * - A run (start, resume, retry) bumps the campaign's `run_gen` and enqueues, in the same transaction, one
 *   `campaign.batch` job per `batchSizeOf(rate)` waiting recipients, keyed `campaign:<id>:<gen>:batch:<k>` (so a repeated
 *   start adds nothing) and due one after another at the campaign's rate (batch size / rate apart: 80/s by default).
 *   The rate is held by scheduling, never by sleeping in a transaction. With the rate off a run enqueues IN_FLIGHT
 *   batches, and each batch that left recipients waiting enqueues the next in its own transaction: every campaign keeps a
 *   few batches in the one queue, which runs what is due oldest first, so tenants' campaigns started together send
 *   side by side instead of one after another.
 * - A batch job does nothing unless the campaign runs and the job belongs to the current run; otherwise it claims the
 *   next waiting recipients with the campaign's template in one statement (`FOR UPDATE SKIP LOCKED`, in id order:
 *   concurrent batches take disjoint ones) and, in ONE transaction of set-based statements (which also marks the job
 *   done), finds their refusals (opt-outs and blocked skipped with the reason, wrong parameters failed with the reason)
 *   and their prices in one query (templates' `sendChecksOf`), checks the limits and debits the total once (one ledger
 *   entry naming the campaign and the recipient ids, written in one statement; UAT numbers free), stores the messages
 *   `queued` with their contacts, conversations and events (templates' `queueTemplates`: three statements for the
 *   whole batch), settles every recipient (sent, skipped, failed) in one update and enqueues one chat outbox job for
 *   the messages. No
 *   channel I/O happens inside it: the outbox (chat/outbox.ts) hands the messages over after the commit, so a batch
 *   rolled back hands nothing, and a process killed at any point leaves all of a batch or none of it; the queue hands an
 *   unfinished job to the next worker once its lease ends: no recipient is charged or stored twice, none is lost.
 * - An empty balance, an account limit or a template that cannot be sent is found before the batch writes anything
 *   and pauses the campaign with the reason (resume once fixed), nothing half-charged. Anything else rolls the job back
 *   and retries the batch with the queue's backoff; the last attempt sends in a savepoint, so its failure fails the
 *   recipients with the error.
 * - The `campaigns` schedule starts scheduled campaigns when due and completes running ones when nobody waits
 *   (publishing `campaign.finished` to the tenant's webhooks).
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { type Job, type JobContext, type JobHandler, type Schedule, enqueue, wakeAfterCommit } from "../../core/jobs"
import { publish } from "../../core/events"
import { ApiError } from "../../http/errors"
import { chargeTemplateSends, queueTemplates, sendChecksOf, templateFromJson, templateJsonSql, type TemplateSend } from "../templates"

export const BATCH_JOB = "campaign.batch"
const ATTEMPTS = 5
/** Recipients one batch sends at most (one transaction). */
export const MAX_BATCH = 200

/** A batch holds about one second of the rate (at least one recipient), and MAX_BATCH when the rate is off. */
export const batchSizeOf = (ratePerSecond: number | null) =>
  ratePerSecond === null ? MAX_BATCH : Math.max(1, Math.min(MAX_BATCH, Math.floor(ratePerSecond)))
const DUE_BATCH = 20
/** Batches a campaign with the rate off keeps queued or running at once. */
export const IN_FLIGHT = 8

/** A batch job's idempotency key without its batch number: one key per campaign, run and batch. */
const batchKeyOf = (campaignId: number, gen: number) => `campaign:${campaignId}:${gen}:batch:`

/**
 * Starts a run of the campaign's waiting recipients now: status running, a new generation, one batch job per
 * `batchSizeOf(rate)` recipients spaced at the campaign's rate. Answers how many recipients the run will send.
 */
export const startRun = async (db: Db, clientId: number, campaignId: number, now: Date): Promise<number> => {
  const [row] = rowsOf(
    await db.execute(sql`UPDATE campaigns SET status = 'running', status_reason = NULL, run_gen = run_gen + 1,
      started_at = COALESCE(started_at, ${now.toISOString()}::timestamptz), finished_at = NULL, updated_at = now()
      WHERE id = ${campaignId} AND client_id = ${clientId} RETURNING run_gen, rate_per_second`),
  )
  if (!row) return 0
  const gen = Number(row.run_gen)
  const rate = row.rate_per_second === null ? null : Number(row.rate_per_second)
  const size = batchSizeOf(rate)
  const spacingMs = rate === null ? 0 : (1000 * size) / rate
  const [waiting] = rowsOf(
    await db.execute(sql`SELECT count(*)::int AS n FROM campaign_recipients
      WHERE campaign_id = ${campaignId} AND client_id = ${clientId} AND status = 'queued'`),
  )
  const count = Number(waiting.n)
  const batches = Math.ceil(count / size)
  // With the rate off, the first IN_FLIGHT of them; each names the stride to its successor (sendNextBatch).
  const stride = rate === null ? IN_FLIGHT : 0
  await db.execute(sql`INSERT INTO jobs (kind, client_id, payload, run_at, max_attempts, idempotency_key)
    SELECT ${BATCH_JOB}, ${clientId}::int,
      jsonb_build_object('campaign_id', ${campaignId}::int, 'gen', ${gen}::int, 'size', ${size}::int, 'k', k, 'stride', ${stride}::int),
      ${now.toISOString()}::timestamptz + k * ${spacingMs}::float8 * interval '1 millisecond',
      ${ATTEMPTS}, ${batchKeyOf(campaignId, gen)} || k
    FROM generate_series(0, ${(stride > 0 ? Math.min(batches, stride) : batches) - 1}::int) AS k
    ON CONFLICT (idempotency_key) DO NOTHING`)
  if (count > 0) wakeAfterCommit(db)
  return count
}

/** The campaign pauses itself, saying why (the recipient keeps waiting for the resume). */
const pauseFor = async (db: Db, campaignId: number, reason: string) =>
  db.execute(sql`UPDATE campaigns SET status = 'paused', status_reason = ${reason.slice(0, 500)}, updated_at = now()
    WHERE id = ${campaignId} AND status = 'running'`)

const PAUSING = new Set(["INSUFFICIENT_BALANCE", "LIMIT_REACHED", "TEMPLATE_STATUS", "NOT_FOUND"])
const SKIPPING = new Set(["OPTED_OUT", "CUSTOMER_BLOCKED"])

/** A claimed recipient's end in this batch: sent with its message and cost, or skipped / failed with the reason. */
type Settled =
  | { readonly id: number; readonly status: "sent"; readonly message_id: number; readonly cost: string }
  | { readonly id: number; readonly status: "skipped" | "failed"; readonly error: string }

/** The batch's recipients settled (sent, skipped, failed) in one statement. */
const settleAll = async (db: Db, settled: readonly Settled[], sentAt: Date) => {
  if (settled.length === 0) return
  const rows = settled.map((s) => (s.status === "sent" ? s : { ...s, error: s.error.slice(0, 500) }))
  await db.execute(sql`UPDATE campaign_recipients r SET status = x.status, error = x.error,
      message_id = CASE WHEN x.status = 'sent' THEN x.message_id ELSE r.message_id END,
      cost = CASE WHEN x.status = 'sent' THEN x.cost::numeric ELSE r.cost END,
      sent_at = CASE WHEN x.status = 'sent' THEN ${sentAt.toISOString()}::timestamptz ELSE r.sent_at END,
      external_id = CASE WHEN x.status = 'sent' THEN NULL ELSE r.external_id END
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id int, status text, error text, message_id int, cost text)
    WHERE r.id = x.id`)
}

interface Claimed {
  readonly id: number
  readonly send: TemplateSend
}

/**
 * One batch's sends in the caller's transaction: every refusal that pauses the campaign (the template's status, a
 * limit, the balance) is found by reads before the first write, so a pausing error leaves nothing written; `writing`
 * says when the writes began.
 */
const sendBatch = async (ctx: JobContext, job: Job, campaignId: number, claimed: readonly Claimed[], writing: { began: boolean }) => {
  const { refusals, prices } = await sendChecksOf(
    ctx.db,
    claimed.map((c) => c.send),
  )
  const settled: Settled[] = []
  const going: Claimed[] = []
  for (const [i, refusal] of refusals.entries()) {
    if (refusal === null) going.push(claimed[i])
    else if (PAUSING.has(refusal.code)) throw refusal
    else if (SKIPPING.has(refusal.code)) settled.push({ id: claimed[i].id, status: "skipped", error: refusal.message })
    else if (refusal.status === 400) settled.push({ id: claimed[i].id, status: "failed", error: refusal.message })
    else throw refusal
  }
  const costs = await chargeTemplateSends(
    ctx.db,
    going.map((c) => c.send),
    `campaign:${campaignId}:recipients:${going.map((c) => c.id).join(",")}`,
    prices,
  )
  writing.began = true
  const messageIds = await queueTemplates(
    ctx,
    going.map((c) => c.send),
    costs,
    job.runAt,
  )
  for (const [i, c] of going.entries()) settled.push({ id: c.id, status: "sent", message_id: messageIds[i], cost: costs[i].toFixed(2) })
  await settleAll(ctx.db, settled, ctx.clock.now())
}

const paramsOf = (value: unknown): string[] => {
  const params = typeof value === "string" ? JSON.parse(value) : value
  return Array.isArray(params) ? params.map(String) : []
}

/**
 * The batch's recipients with their campaign's template, in one statement: none unless the campaign runs and the job
 * belongs to its current run; the next waiting ones in id order, locked (`SKIP LOCKED`: concurrent batches take disjoint
 * ones); the template (read once, `templateJsonSql`) and whether recipients wait after the last claimed (`more`) on
 * every row.
 */
const claimRecipients = async (db: Db, clientId: number, campaignId: number, gen: number, size: number) =>
  rowsOf(
    await db.execute(sql`WITH claimed AS (SELECT r.id, r.number, r.params, c.template_name, c.language, c.header_value
        FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
        WHERE c.id = ${campaignId} AND c.client_id = ${clientId} AND c.status = 'running' AND c.run_gen = ${gen}
          AND r.campaign_id = ${campaignId} AND r.client_id = ${clientId} AND r.status = 'queued'
        ORDER BY r.id LIMIT ${size} FOR UPDATE OF r SKIP LOCKED),
      template AS (SELECT ${templateJsonSql(clientId, sql`one.template_name`, sql`one.language`)} AS value
        FROM (SELECT template_name, language FROM claimed LIMIT 1) AS one)
      SELECT claimed.*, (SELECT value FROM template) AS template,
        EXISTS (SELECT 1 FROM campaign_recipients w WHERE w.campaign_id = ${campaignId} AND w.status = 'queued'
          AND w.id > (SELECT max(id) FROM claimed)) AS more
      FROM claimed ORDER BY claimed.id`),
  )

/** A batch job's payload; `k` and `stride` (its successor's distance, 0 for none) since batches chain with the rate off. */
interface BatchPayload {
  readonly campaign_id: number
  readonly gen: number
  readonly size: number
  readonly k?: number
  readonly stride?: number
}

/**
 * Runs the batch in the job's transaction. Only the last attempt needs a savepoint: its failure must roll the sends
 * back yet commit the recipients `failed`; an earlier attempt's failure rolls the whole job back and retries it.
 */
const sendNextBatch = async (job: Job, ctx: JobContext) => {
  const { campaign_id: campaignId, gen, size, k, stride } = job.payload as unknown as BatchPayload
  const clientId = job.clientId!
  const rows = await claimRecipients(ctx.db, clientId, campaignId, gen, size)
  if (rows.length === 0) return
  // Recipients wait after this batch's: its successor joins the queue's end, in this job's transaction.
  if (stride && k !== undefined && rows[0].more === true)
    await enqueue(ctx.db, {
      kind: BATCH_JOB,
      clientId,
      payload: { campaign_id: campaignId, gen, size, k: k + stride, stride } satisfies BatchPayload,
      runAt: ctx.clock.now(),
      maxAttempts: ATTEMPTS,
      idempotencyKey: `${batchKeyOf(campaignId, gen)}${k + stride}`,
    })
  const campaign = rows[0]
  const last = job.attempts >= job.maxAttempts
  const writing = { began: false }
  const send = async (c: JobContext) => {
    const template = templateFromJson(campaign.template, String(campaign.template_name), String(campaign.language))
    const claimed = rows.map((r) => ({
      id: Number(r.id),
      send: {
        clientId,
        template,
        number: String(r.number),
        params: paramsOf(r.params),
        headerValue: (campaign.header_value as string | null) ?? undefined,
        userId: null,
        campaignId,
        automated: true,
      },
    }))
    await sendBatch(c, job, campaignId, claimed, writing)
  }
  const committed: (() => void)[] = []
  try {
    if (!last) await send(ctx)
    else
      await ctx.db.transaction(async (tx) => {
        committed.length = 0
        await send({ ...ctx, db: tx, afterCommit: (fn) => void committed.push(fn) })
      })
  } catch (error) {
    const pausing = error instanceof ApiError && PAUSING.has(error.code)
    if (pausing && (last || !writing.began)) return void (await pauseFor(ctx.db, campaignId, error.message))
    if (!last) throw error
    const reason = error instanceof Error ? error.message : String(error)
    return void (await settleAll(
      ctx.db,
      rows.map((r) => ({ id: Number(r.id), status: "failed", error: reason })),
      ctx.clock.now(),
    ))
  }
  for (const fn of committed) ctx.afterCommit(fn)
}

export const jobHandlers: JobHandler[] = [{ kind: BATCH_JOB, run: sendNextBatch }]

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
