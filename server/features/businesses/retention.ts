/**
 * Soft deletion of a business: `clients.deleted_at` is set, its people can no longer sign in, and its data is kept for
 * BUSINESS_RETENTION_DAYS so a mistake can be undone by the platform's operators; then the daily purge removes the
 * business and everything it owns (every tenant table references clients with ON DELETE CASCADE).
 */
import { sql } from "drizzle-orm"
import type { Schedule } from "../../core/jobs"
import { rowsOf } from "../../db/rows"

export const BUSINESS_RETENTION_DAYS = 30

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
