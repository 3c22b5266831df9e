/** A customer's WhatsApp voice calls in a span of time, oldest first (a conversation's transcript lists them). */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"

export interface CallEntry {
  readonly at: string
  readonly type: string
  readonly status: string
  readonly durationSeconds: number
  /** The agent who answered, when one did. */
  readonly agent: string | null
}

/** `number` with or without its leading "+", as call records may hold it; `to` null: until now. */
export const callRecordsOf = async (db: Db, clientId: number, number: string, from: string, to: string | null): Promise<CallEntry[]> => {
  const bare = number.replace(/^\+/, "")
  const rows = rowsOf(
    await db.execute(sql`SELECT r.dt, r.call_type, r.status, r.duration, u.display_name
      FROM call_records r LEFT JOIN users u ON u.id = r.accepted_by
      WHERE r.client_id = ${clientId} AND r.number IN (${bare}, ${`+${bare}`}) AND r.dt >= ${from}::timestamptz
        ${to ? sql`AND r.dt <= ${to}::timestamptz` : sql``}
      ORDER BY r.dt, r.id`),
  )
  return rows.map((r) => ({
    at: (r.dt instanceof Date ? r.dt : new Date(String(r.dt))).toISOString(),
    type: String(r.call_type),
    status: String(r.status),
    durationSeconds: Number(r.duration ?? 0),
    agent: (r.display_name as string | null) ?? null,
  }))
}
