/**
 * A saved policy applies to the tenant's open conversations at once: saving (creating or editing) an enabled policy
 * enqueues an `sla.sweep` on the one job queue, which enqueues an `sla.check` (sla-jobs.ts) for each open conversation
 * the policy's conditions match, SWEEP_BATCH at a time (each batch enqueues the next after its last conversation).
 * The check itself decides which policy applies (a more specific one may win), so the sweep only narrows whom to ask.
 * A save's checks are keyed by the policy and the save, so a retried batch adds nothing and a later save asks again.
 */
import { type SQL, sql } from "drizzle-orm"
import { enqueue, type JobHandler } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { loadSegment, segmentSql } from "../segments"
import { checkAt } from "./sla-jobs"
import { policyOf } from "./sla-rows"

export const SLA_SWEEP = "sla.sweep"
/** Conversations one sweep job enqueues checks for. */
export const SWEEP_BATCH = 200

const sweepAt = (db: Db, clientId: number, policyId: number, save: string, after: number) =>
  enqueue(db, {
    kind: SLA_SWEEP,
    clientId,
    payload: { policy_id: policyId, save, after },
    idempotencyKey: `sla-sweep:${policyId}:${save}:${after}`,
  })

/** After a policy's save (in its transaction): its open conversations get checked. */
export const sweepPolicy = (db: Db, clientId: number, policyId: number) =>
  sweepAt(db, clientId, policyId, new Date().toISOString(), 0).then(() => undefined)

const sweep = async (db: Db, clientId: number, policyId: number, save: string, after: number) => {
  const [row] = rowsOf(await db.execute(sql`SELECT * FROM sla_policies WHERE id = ${policyId} AND client_id = ${clientId} AND enabled`))
  if (!row) return
  const policy = policyOf(row)
  const conditions: SQL[] = [sql`c.client_id = ${clientId}`, sql`c.status <> 'closed'`, sql`c.id > ${after}`]
  if (policy.channel !== null) conditions.push(sql`c.channel = ${policy.channel}`)
  if (policy.priority !== null) conditions.push(sql`coalesce(p.priority, 'normal') = ${policy.priority}`)
  if (policy.segment_id !== null) conditions.push(segmentSql(await loadSegment(db, clientId, policy.segment_id)))
  const ids = rowsOf(
    await db.execute(sql`SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      LEFT JOIN sla_priorities p ON p.conversation_id = c.id
      WHERE ${sql.join(conditions, sql` AND `)} ORDER BY c.id LIMIT ${SWEEP_BATCH}`),
  ).map((r) => Number(r.id))
  const now = new Date()
  for (const id of ids) await checkAt(db, clientId, id, now, `p${policyId}:${save}`)
  if (ids.length === SWEEP_BATCH) await sweepAt(db, clientId, policyId, save, ids[ids.length - 1])
}

export const jobHandlers: JobHandler[] = [
  {
    kind: SLA_SWEEP,
    run: (job, ctx) =>
      sweep(ctx.db, Number(job.clientId), Number(job.payload.policy_id), String(job.payload.save), Number(job.payload.after)),
  },
]
