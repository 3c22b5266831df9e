/**
 * Delivery receipts (`deliver_sm` DLRs) matched to the parts they report on by (provider, SMSC message id); a row is
 * delivered when all its parts are, failed when one is not.
 *
 * A receipt can beat the write of its own submit (the submit_sm_resp's batch may commit after the receipt arrives), so
 * what matches nothing waits in an `sms.receipts` job on the one job queue, enqueued in the transaction that found no
 * match and run about a second later: a restart keeps it. Each try that still matches nothing queues the next, up to
 * RECEIPT_TRIES in all; then the receipt is logged and ignored.
 */
import { createHash } from "node:crypto"
import { sql } from "drizzle-orm"
import { enqueue, type JobHandler } from "../../core/jobs"
import type { Database, Db } from "../../db/db"
import { rowsOf } from "../../db/rows"

export interface Receipt {
  readonly pid: number
  readonly id: string
  readonly ok: boolean
  readonly stat: string
}

export const RECEIPT_JOB = "sms.receipts"
/** Tries in all, the first one in the sink's batch included. */
export const RECEIPT_TRIES = 4
const RECEIPT_RETRY_MS = 1000

/** What one server's receipts came to: matched a part, or given up as unknown. */
export interface ReceiptFigures {
  matched: number
  unknown: number
}

const figures = new WeakMap<Database, ReceiptFigures>()

export const receiptFigures = (database: Database): ReceiptFigures => {
  let known = figures.get(database)
  if (!known) {
    known = { matched: 0, unknown: 0 }
    figures.set(database, known)
  }
  return known
}

const undeliveredText = (stat: string) => `The network reported it undelivered (${stat})`
const keyOf = (r: { pid: unknown; id: unknown }) => `${r.pid}:${r.id}`

/** Marks the parts the receipts name and settles their rows; answers the (provider, message id) keys it matched. */
const applyReceipts = async (tx: Db, receipts: readonly Receipt[]): Promise<Set<string>> => {
  const list = receipts.map(({ pid, id, ok, stat }) => ({ pid, id, ok, stat }))
  const hit = rowsOf(
    await tx.execute(sql`UPDATE sms_parts p SET status = CASE WHEN v.ok THEN 'delivered' ELSE 'failed' END
      FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(pid int, id text, ok boolean, stat text)
      WHERE p.provider_id = v.pid AND p.message_id = v.id RETURNING p.provider_id, p.message_id, p.sms_message_id, v.stat`),
  )
  if (hit.length === 0) return new Set()
  const failures = hit
    .filter((h) => h.stat !== "DELIVRD")
    .map((h) => ({ mid: Number(h.sms_message_id), error: undeliveredText(String(h.stat)) }))
  const ids = JSON.stringify([...new Set(hit.map((h) => Number(h.sms_message_id)))])
  await tx.execute(sql`UPDATE sms_messages m SET
      status = CASE WHEN s.failed > 0 THEN 'failed' WHEN s.delivered >= m.parts THEN 'delivered' ELSE m.status END,
      error = CASE WHEN s.failed > 0 THEN coalesce(f.error, m.error) ELSE m.error END,
      delivered_at = CASE WHEN s.failed = 0 AND s.delivered >= m.parts THEN now() ELSE m.delivered_at END
    FROM (SELECT sms_message_id, count(*) FILTER (WHERE status = 'delivered') AS delivered, count(*) FILTER (WHERE status = 'failed') AS failed
          FROM sms_parts WHERE sms_message_id IN (SELECT (x)::int FROM jsonb_array_elements_text(${ids}::jsonb) AS x) GROUP BY sms_message_id) s
      LEFT JOIN (SELECT DISTINCT ON (mid) mid, error FROM jsonb_to_recordset(${JSON.stringify(failures)}::jsonb) AS f(mid int, error text)) f
        ON f.mid = s.sms_message_id
    WHERE m.id = s.sms_message_id AND m.status IN ('sent', 'delivered', 'submitting')`)
  return new Set(hit.map((h) => keyOf({ pid: h.provider_id, id: h.message_id })))
}

/** What a settled batch leaves to do once its transaction committed. */
export interface Settled {
  readonly matched: number
  readonly givenUp: readonly Receipt[]
}

/**
 * Applies receipts on their `tries`-th try (0: the sink's batch) in the caller's transaction; those that match
 * nothing are queued in it for the next try, or given up on the last.
 */
export const settleReceipts = async (tx: Db, receipts: readonly Receipt[], tries: number, now: Date): Promise<Settled> => {
  const found = await applyReceipts(tx, receipts)
  const unmatched = receipts.filter((r) => !found.has(keyOf(r)))
  if (unmatched.length === 0 || tries + 1 >= RECEIPT_TRIES) return { matched: found.size, givenUp: unmatched }
  // The batch's content names the job: the same receipts reported twice wait in one job, not two.
  const batch = createHash("sha256")
    .update(JSON.stringify(unmatched.map((r) => `${keyOf(r)}:${r.ok}:${r.stat}`).sort()))
    .digest("hex")
    .slice(0, 32)
  await enqueue(tx, {
    kind: RECEIPT_JOB,
    clientId: null,
    payload: { receipts: unmatched, tries: tries + 1 },
    runAt: new Date(now.getTime() + RECEIPT_RETRY_MS),
    idempotencyKey: `sms-receipts:${batch}:${tries + 1}`,
    maxAttempts: 3,
  })
  return { matched: found.size, givenUp: [] }
}

/** Counts a committed batch and logs the receipts given up. */
export const recordSettled = (database: Database, settled: Settled) => {
  const counts = receiptFigures(database)
  counts.matched += settled.matched
  counts.unknown += settled.givenUp.length
  for (const r of settled.givenUp) console.warn(`[sms] receipt for unknown message id ${r.id} (provider ${r.pid}) ignored`)
}

export const jobHandlers: JobHandler[] = [
  {
    kind: RECEIPT_JOB,
    run: async (job, ctx) => {
      const { receipts, tries } = job.payload as { receipts: Receipt[]; tries: number }
      const settled = await settleReceipts(ctx.db, receipts, tries, ctx.clock.now())
      ctx.afterCommit(() => recordSettled(ctx.services.database, settled))
    },
  },
]
