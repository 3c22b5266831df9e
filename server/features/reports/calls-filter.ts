/** The Call History filter and its SQL, shared by the page, the JSON export and the CSV export. */
import { sql, type SQL } from "drizzle-orm"

export interface Filter {
  readonly clientId: number
  readonly from: Date | null
  readonly to: Date | null
  readonly callType: string | undefined
  /** Only the calls transferred at least once (call_transfers). */
  readonly transferred?: boolean
}

const TRANSFERRED = "EXISTS (SELECT 1 FROM call_transfers t WHERE t.call_id = c.call_id)"

/** The filter over `call_records c` for drizzle. */
export const whereOf = (f: Filter): SQL => {
  const parts: SQL[] = [sql`c.client_id = ${f.clientId}`]
  if (f.callType) parts.push(sql`c.call_type = ${f.callType}`)
  if (f.transferred) parts.push(sql.raw(TRANSFERRED))
  if (f.from) parts.push(sql`c.dt >= ${f.from.toISOString()}::timestamptz`)
  if (f.to) parts.push(sql`c.dt < ${f.to.toISOString()}::timestamptz`)
  return sql.join(parts, sql` AND `)
}

/**
 * The filter over `call_records c` as numbered parameters, after a keyset `cursor` (newest first) when given; the
 * caller may push more parameters.
 */
export const filterSql = (f: Filter, cursor: { dt: string; id: number } | null): { where: string; params: unknown[] } => {
  const params: unknown[] = [f.clientId]
  const where = ["c.client_id = $1"]
  if (f.callType) where.push(`c.call_type = $${params.push(f.callType)}`)
  if (f.transferred) where.push(TRANSFERRED)
  if (f.from) where.push(`c.dt >= $${params.push(f.from.toISOString())}::timestamptz`)
  if (f.to) where.push(`c.dt < $${params.push(f.to.toISOString())}::timestamptz`)
  // `dt <=` bounds the index scan at the cursor; the (dt, id) tie-break alone would be a filter over every row above it.
  if (cursor) {
    const at = params.push(cursor.dt)
    where.push(`c.dt <= $${at}::timestamptz AND (c.dt < $${at}::timestamptz OR c.id < $${params.push(cursor.id)})`)
  }
  return { where: where.join(" AND "), params }
}
