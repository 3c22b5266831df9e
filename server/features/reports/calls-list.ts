/**
 * reports.callsList (POST /calls/list): the Call History page and its export. The pipeline already checked
 * `BACK:whatsapp_calls` (the contract names the permission); the tenant comes from the token.
 *
 * A page is one indexed read ordered by (dt desc, id desc) plus a COUNT over the same index. The export asks for
 * limit 999999, page 1 (spec 000 section 7): such a request is answered as a stream of the same JSON shape, written
 * in keyset-paged batches of EXPORT_BATCH rows, so the server never holds more than one batch whatever the row count.
 */
import { Readable } from "node:stream"
import { sql, type SQL } from "drizzle-orm"
import { handle } from "../registry"
import { tenantOf, type Ctx } from "../../http/context"
import type { Database } from "../../db/db"
import { iso, rangeOf, unixOrNull } from "./range"

/** Above this many rows a request is streamed instead of built in memory. */
export const STREAM_LIMIT = 2000
/** Rows per export batch. Measured on PGlite: 25,000 made the export take 26 s instead of 14 s, so bigger is not better. */
export const EXPORT_BATCH = 10_000

interface Filter {
  readonly clientId: number
  readonly from: Date | null
  readonly to: Date | null
  readonly callType: string | undefined
}

const whereOf = (f: Filter): SQL => {
  const parts: SQL[] = [sql`c.client_id = ${f.clientId}`]
  if (f.callType) parts.push(sql`c.call_type = ${f.callType}`)
  if (f.from) parts.push(sql`c.dt >= ${f.from.toISOString()}::timestamptz`)
  if (f.to) parts.push(sql`c.dt < ${f.to.toISOString()}::timestamptz`)
  return sql.join(parts, sql` AND `)
}

const COLUMNS = sql`c.id, c.call_id, c.name, c.number, c.call_type, c.start_time, c.end_time, c.duration, u.username,
  c.status, c.blocks, c.dt, c.dt::text AS cursor_dt, c.message`

/** A database row as the contract's CallRecord. */
const recordOf = (r: Record<string, unknown>) => ({
  call_id: String(r.call_id),
  name: (r.name as string | null) ?? null,
  number: String(r.number),
  call_type: r.call_type as "incoming" | "outgoing",
  call_start_time: unixOrNull(r.start_time),
  call_end_time: unixOrNull(r.end_time),
  call_duration: Number(r.duration),
  username: (r.username as string | null) ?? null,
  call_status: String(r.status),
  blocks: Number(r.blocks),
  dt: iso(r.dt),
  message: typeof r.message === "string" ? JSON.parse(r.message) : (r.message ?? null),
})

import { rowsOf } from "../../db/rows"

/**
 * The CallRecord JSON of a row, built by the database: the export then moves one text per batch instead of turning
 * 10,000 rows into JS objects and back (that marshalling, not the query, was 90% of the export time on PGlite).
 * Same fields and formats as `recordOf`. Plain text concatenation instead of json_build_object: measured on PGlite
 * at 96 ms instead of 154 ms per 10,000 rows, and 7% fewer bytes (no `" : "` padding). Strings go through to_json
 * for escaping; date_part (float8) instead of extract (numeric) for the epoch seconds — a float8 still tells
 * N.999999 from N+1 at today's epochs, so floor() is exact.
 */
const RECORD_JSON = `'{"call_id":' || to_json(p.call_id) || ',"name":' || coalesce(to_json(p.name)::text, 'null')
  || ',"number":' || to_json(p.number) || ',"call_type":' || to_json(p.call_type)
  || ',"call_start_time":' || coalesce(floor(date_part('epoch', p.start_time))::bigint::text, 'null')
  || ',"call_end_time":' || coalesce(floor(date_part('epoch', p.end_time))::bigint::text, 'null')
  || ',"call_duration":' || p.duration || ',"username":' || coalesce(to_json(p.username)::text, 'null')
  || ',"call_status":' || to_json(p.status) || ',"blocks":' || p.blocks
  || ',"dt":"' || to_char(p.dt AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","message":' || coalesce(p.message::text, 'null') || '}'`

interface Batch {
  readonly json: string
  readonly rows: number
  readonly lastDt: string
  readonly lastId: number
}

/** One keyset batch: `size` rows of the filter after `cursor`, newest first, as JSON text. */
const fetchBatch = async (
  database: Database,
  f: Filter,
  size: number,
  cursor: { dt: string; id: number } | null,
): Promise<Batch | null> => {
  const params: unknown[] = [f.clientId]
  const where = ["c.client_id = $1"]
  if (f.callType) where.push(`c.call_type = $${params.push(f.callType)}`)
  if (f.from) where.push(`c.dt >= $${params.push(f.from.toISOString())}::timestamptz`)
  if (f.to) where.push(`c.dt < $${params.push(f.to.toISOString())}::timestamptz`)
  // `dt <=` bounds the index scan at the cursor; the (dt, id) tie-break alone would be a filter over every row above it.
  if (cursor) {
    const at = params.push(cursor.dt)
    where.push(`c.dt <= $${at}::timestamptz AND (c.dt < $${at}::timestamptz OR c.id < $${params.push(cursor.id)})`)
  }
  const { rows } = await database.query(
    `WITH p AS (
       SELECT c.id, c.call_id, c.name, c.number, c.call_type, c.start_time, c.end_time, c.duration, u.username, c.status, c.blocks, c.dt, c.message
       FROM call_records c LEFT JOIN users u ON u.id = c.accepted_by
       WHERE ${where.join(" AND ")} ORDER BY c.dt DESC, c.id DESC LIMIT ${size})
     SELECT string_agg(${RECORD_JSON}, ',' ORDER BY p.dt DESC, p.id DESC) AS json, count(*)::int AS rows,
       (SELECT dt::text FROM p ORDER BY dt, id LIMIT 1) AS last_dt, (SELECT id FROM p ORDER BY dt, id LIMIT 1) AS last_id
     FROM p`,
    params,
  )
  const batch = rows[0]
  const count = Number(batch?.rows ?? 0)
  return count === 0 ? null : { json: String(batch.json), rows: count, lastDt: String(batch.last_dt), lastId: Number(batch.last_id) }
}

/**
 * Keyset-paged batches of the filter, newest first, at most `limit` rows. The next batch is read while the current
 * one is being written (at most two batches in memory), so the database and the socket work side by side.
 */
async function* exportBatches(database: Database, f: Filter, limit: number): AsyncGenerator<Batch> {
  let left = limit
  let pending: Promise<Batch | null> | null = fetchBatch(database, f, Math.min(EXPORT_BATCH, left), null)
  while (pending) {
    const batch: Batch | null = await pending
    pending = null
    if (!batch) return
    left -= batch.rows
    if (left > 0 && batch.rows === EXPORT_BATCH) {
      pending = fetchBatch(database, f, Math.min(EXPORT_BATCH, left), { dt: batch.lastDt, id: batch.lastId })
      // A client that hangs up stops this generator with a read in flight: its failure must not go unhandled.
      pending.catch(() => undefined)
    }
    yield batch
  }
}

/** The export answer: `{"whatsappCalls":{"whatsappCalls":[...],"totalItems":N}}`, written batch by batch. */
export const streamCalls = (database: Database, f: Filter, limit: number, total: number): Readable =>
  Readable.from(
    (async function* () {
      yield '{"whatsappCalls":{"whatsappCalls":['
      let first = true
      for await (const batch of exportBatches(database, f, limit)) {
        yield first ? batch.json : `,${batch.json}`
        first = false
      }
      yield `],"totalItems":${total}}}`
    })(),
    { objectMode: false },
  )

const isMidnight = (date: Date | null) => date === null || date.getTime() % 86_400_000 === 0

/**
 * The total. Whole UTC days (what the console sends) are summed from call_record_days, kept by triggers; any other
 * range counts the index.
 */
const countOf = async (ctx: Ctx, f: Filter): Promise<number> => {
  if (isMidnight(f.from) && isMidnight(f.to)) {
    const parts: SQL[] = [sql`client_id = ${f.clientId}`]
    if (f.callType) parts.push(sql`call_type = ${f.callType}`)
    if (f.from) parts.push(sql`day >= ${f.from.toISOString().slice(0, 10)}::date`)
    if (f.to) parts.push(sql`day < ${f.to.toISOString().slice(0, 10)}::date`)
    const [sum] = rowsOf(
      await ctx.db.execute(sql`SELECT coalesce(sum(calls), 0)::int AS n FROM call_record_days WHERE ${sql.join(parts, sql` AND `)}`),
    )
    return Number(sum?.n ?? 0)
  }
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM call_records c WHERE ${whereOf(f)}`))
  return Number(row?.n ?? 0)
}

export const handlers = [
  handle("reports", "callsList", async (ctx, input) => {
    const range = rangeOf(input.start_date, input.end_date)
    const f: Filter = { clientId: tenantOf(ctx), from: range.from, to: range.to, callType: input.call_type }
    const page = Math.max(1, input.page)
    const total = await countOf(ctx, f)
    if (input.limit > STREAM_LIMIT && page === 1) return streamCalls(ctx.services.database, f, input.limit, total)
    const offset = (page - 1) * input.limit
    const rows =
      offset >= total
        ? []
        : rowsOf(
            await ctx.db.execute(sql`SELECT ${COLUMNS}
      FROM call_records c LEFT JOIN users u ON u.id = c.accepted_by
      WHERE ${whereOf(f)} ORDER BY c.dt DESC, c.id DESC LIMIT ${Math.min(input.limit, STREAM_LIMIT)} OFFSET ${offset}`),
          )
    return { whatsappCalls: { whatsappCalls: rows.map(recordOf), totalItems: total } }
  }),
]
