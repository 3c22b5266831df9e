/**
 * The message counters' flush (migration 0067_rollup_deltas), on the one job runner's schedules: each tick moves every
 * committed delta a message left (message_rollup_deltas, contact_month_deltas) into message_rollups, contact_months
 * and monthly_user_counts, in the tick's transaction. A tick on another node while one flushes leaves the work to it.
 * Readers do not wait for it: they read the `_now` views, which add the deltas not yet moved.
 */
import { sql } from "drizzle-orm"
import type { Schedule } from "../../core/jobs"
import type { Db } from "../../db/db"

/** Moves every committed delta into the counters; `wait` for a flush in progress instead of leaving the work to it. */
export const flushRollups = async (db: Db, wait = false) => {
  await db.execute(sql`SELECT rollups_flush(${wait})`)
}

export const schedules: readonly Schedule[] = [
  {
    name: "rollups.flush",
    tick: async (db) => {
      await flushRollups(db)
      return 0
    },
  },
]
