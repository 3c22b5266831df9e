/**
 * What a business keeps, and for how long.
 *
 * - Soft deletion of a business: `clients.deleted_at` is set, its people can no longer sign in, and its data is kept
 *   for BUSINESS_RETENTION_DAYS so a mistake can be undone by the platform's operators; then the daily purge removes
 *   the business and everything it owns (every tenant table references clients with ON DELETE CASCADE).
 * - Message retention: a tenant with the setting `retention_days` keeps its messages and their media that long. Once
 *   a day the schedule enqueues one `retention.messages` job per such tenant; a job deletes at most RETENTION_BATCH of
 *   the oldest expired messages with their media in its own transaction and, when it found a full batch, enqueues the
 *   next one. The roll-up triggers take each deleted message out of the figures in the same transaction, so every
 *   figure stays the count of the messages that remain. Conversations stay (with the messages they still have), and
 *   so does MAU: contact_months records who wrote in a month, not what was written.
 */
import { sql, type SQL } from "drizzle-orm"
import { enqueue, type JobHandler, type Schedule } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"

export const BUSINESS_RETENTION_DAYS = 30
export const RETENTION_SETTING = "retention_days"
export const RETENTION_JOB = "retention.messages"
/** Messages one retention job deletes at most (one short transaction; the next job takes the rest). */
export const RETENTION_BATCH = 500

/** Purges the businesses deleted more than the retention period ago; answers how many went. */
export const purgeSchedule: Schedule = {
  name: "businesses.purge",
  tick: async (db, now) => {
    const gone = rowsOf(
      await db.execute(sql`DELETE FROM clients WHERE deleted_at IS NOT NULL AND NOT platform
        AND deleted_at < ${new Date(now.getTime() - BUSINESS_RETENTION_DAYS * 86_400_000).toISOString()}::timestamptz RETURNING id`),
    )
    return gone.length
  },
}

/**
 * The media (attachments, whose bytes cascade) of the messages `messageIds` selects, as a condition on attachments
 * aliased `t`; a file that is also a product's image or a registration document stays with its other owner.
 */
export const mediaOfMessages = (clientId: number, messageIds: SQL): SQL =>
  sql`t.client_id = ${clientId} AND t.message_id IN (${messageIds})
    AND NOT EXISTS (SELECT 1 FROM products p WHERE p.image_file_id = t.id)
    AND NOT EXISTS (SELECT 1 FROM registration_documents r WHERE r.attachment_id = t.id)`

/** Once a day, one retention job per tenant that keeps messages for a limited time. */
export const messageRetentionSchedule: Schedule = {
  name: "retention.messages",
  tick: async (db, now) => {
    const day = now.toISOString().slice(0, 10)
    // Only the tenants whose job of the day is not there yet (the schedule ticks every poll).
    const tenants = rowsOf(
      await db.execute(sql`SELECT s.client_id FROM client_settings s WHERE s.key = ${RETENTION_SETTING} AND jsonb_typeof(s.value) = 'number'
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.idempotency_key = 'retention:' || s.client_id || ':' || ${day})`),
    )
    let added = 0
    for (const t of tenants) {
      const key = `retention:${t.client_id}:${day}`
      if ((await enqueue(db, { kind: RETENTION_JOB, clientId: Number(t.client_id), idempotencyKey: key, runAt: now })) !== null) added++
    }
    return added
  },
}

/** Deletes one batch of the tenant's expired messages and their media; answers how many messages went. */
export const expireMessages = async (db: Db, clientId: number, now: Date, batch = RETENTION_BATCH): Promise<number> => {
  const [setting] = rowsOf(
    await db.execute(sql`SELECT value FROM client_settings WHERE client_id = ${clientId} AND key = ${RETENTION_SETTING}`),
  )
  const days = Number(typeof setting?.value === "string" ? JSON.parse(setting.value) : setting?.value)
  if (!Number.isInteger(days) || days < 1) return 0
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString()
  const ids = rowsOf(
    await db.execute(sql`SELECT id FROM messages WHERE client_id = ${clientId} AND dt < ${cutoff}::timestamptz ORDER BY dt, id LIMIT ${batch}
      FOR UPDATE SKIP LOCKED`),
  ).map((r) => Number(r.id))
  if (ids.length === 0) return 0
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  await db.execute(sql`DELETE FROM attachments t WHERE ${mediaOfMessages(clientId, idList)}`)
  await db.execute(sql`DELETE FROM messages WHERE client_id = ${clientId} AND id IN (${idList})`)
  return ids.length
}

export const retentionJob: JobHandler = {
  kind: RETENTION_JOB,
  sharesCommit: true,
  run: async (job, ctx) => {
    const now = ctx.clock.now()
    const gone = await expireMessages(ctx.db, job.clientId!, now)
    if (gone === RETENTION_BATCH)
      await enqueue(ctx.db, {
        kind: RETENTION_JOB,
        clientId: job.clientId,
        idempotencyKey: `retention:${job.clientId}:after:${job.id}`,
        runAt: now,
      })
  },
}
