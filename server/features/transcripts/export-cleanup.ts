/**
 * A finished export's zip is kept a day (its link, re-signed at every read, lasts 6 hours), then deleted with its bytes:
 * a zip copies customers' conversations, which must not outlive their erasure or the tenant's message retention for
 * long. The export's row stays, without a link.
 */
import { sql } from "drizzle-orm"
import type { Schedule } from "../../core/jobs"
import { rowsOf } from "../../db/rows"

export const KEEP_ZIP_MS = 24 * 3_600_000

export const zipCleanup: Schedule = {
  name: "transcripts.zips",
  tick: async (db, now) => {
    const gone = rowsOf(
      await db.execute(sql`DELETE FROM attachments a USING transcript_exports e
        WHERE e.attachment_id = a.id AND e.finished_at < ${new Date(now.getTime() - KEEP_ZIP_MS).toISOString()}::timestamptz
        RETURNING a.id`),
    )
    return gone.length
  },
}
