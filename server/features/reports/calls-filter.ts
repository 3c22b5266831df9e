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
export const filterSql = (f: Filter, cursor: Cursor | null): { where: string; params: unknown[] } => {
  const params: unknown[] = [f.clientId]
  const where = ["c.client_id = $1"]
  if (f.callType) where.push(`c.call_type = $${params.push(f.callType)}`)
  if (f.transferred) where.push(TRANSFERRED)
  if (f.from) where.push(`c.dt >= $${params.push(f.from.toISOString())}::timestamptz`)
  if (f.to) where.push(`c.dt < $${params.push(f.to.toISOString())}::timestamptz`)
  // The cursor as a row comparison is a bound of the (…, dt, id) index scan (migration 0061).
  if (cursor) where.push(`(c.dt, c.id) < ($${params.push(cursor.dt)}::timestamptz, $${params.push(cursor.id)})`)
  return { where: where.join(" AND "), params }
}

/** Where a keyset batch ended: the next one starts after this row, newest first. */
export interface Cursor {
  readonly dt: string
  readonly id: number
}

/** One batch of the filter's rows: how many, and the key of its last (oldest) row. */
export interface KeysetBatch {
  readonly rows: number
  readonly lastDt: string
  readonly lastId: number
}

/**
 * Keyset-paged batches, newest first, at most `limit` rows, each read by `fetch(size, after)`. The next batch is read
 * while the current one is being written (at most two batches in memory), so the database and the socket work side by
 * side.
 */
export async function* keysetBatches<B extends KeysetBatch>(
  fetch: (size: number, after: Cursor | null) => Promise<B | null>,
  limit: number,
  size: number,
): AsyncGenerator<B> {
  let left = limit
  let pending: Promise<B | null> | null = fetch(Math.min(size, left), null)
  while (pending) {
    const batch: B | null = await pending
    pending = null
    if (!batch) return
    left -= batch.rows
    if (left > 0 && batch.rows === size) {
      pending = fetch(Math.min(size, left), { dt: batch.lastDt, id: batch.lastId })
      // A client that hangs up stops this generator with a read in flight: its failure must not go unhandled.
      pending.catch(() => undefined)
    }
    yield batch
  }
}
