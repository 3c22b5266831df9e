/**
 * reports.callsList (POST /calls/list): the Call History page and its export. The pipeline already checked
 * `BACK:whatsapp_calls` (the contract names the permission); the tenant is the token's, or the business a super admin
 * named (`forBusiness`).
 *
 * A page is one indexed read ordered by (dt desc, id desc) plus a COUNT over the same index. The export asks for
 * limit 999999, page 1 (spec 000 section 7): such a request is answered as a stream of the same JSON shape, written
 * in keyset-paged batches of EXPORT_BATCH rows, so the server never holds more than one batch whatever the row count.
 * Both send each row's stored CallRecord JSON (`record_json`, rendered by the database when the row is written or
 * its agent renamed: migration 0035), so a record has one rendering and the export only moves text. With
 * `format: "csv"` (what the console's export asks) the answer is the file itself (calls-csv.ts).
 */
import { Readable } from "node:stream"
import { sql, type SQL } from "drizzle-orm"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import type { Database } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { rangeOf } from "../../core/date-range"
import { forBusiness } from "./report-range"
import { type Cursor, type Filter, filterSql, type KeysetBatch, keysetBatches, whereOf } from "./calls-filter"
import { checkZone, streamCallsCsv } from "./calls-csv"

/** Above this many rows a request is streamed instead of built in memory. */
export const STREAM_LIMIT = 2000
/**
 * Rows per export batch. With the sort-free batch, 10,000, 25,000 and 50,000 cost the same CPU, so the smaller one keeps
 * memory low (docs/decisions has the measurements).
 */
export const EXPORT_BATCH = 10_000

interface Batch extends KeysetBatch {
  readonly json: string
}

/** One keyset batch: `size` rows of the filter after `cursor`, newest first, as JSON text. */
const fetchBatch = async (database: Database, f: Filter, size: number, cursor: Cursor | null): Promise<Batch | null> => {
  const { where, params } = filterSql(f, cursor)
  // The rows' JSON is stored (call_records.record_json, kept by a trigger since 0035): a batch is one walk of the
  // (client_id, dt) index and one concatenation, with no rendering and no join. The aggregates take the walk's own
  // order (no sort) and the last row's key comes from the same pass: no CTE, which PGlite's 4 MB work_mem spilled to
  // temporary files with its two extra sorts (1.8 times the CPU per batch, docs/benchmarks.md).
  const { rows } = await database.query(
    `SELECT string_agg(p.record_json, ',' ORDER BY p.dt DESC, p.id DESC) AS json, count(*)::int AS rows,
       min(p.dt)::text AS last_dt, (array_agg(p.id ORDER BY p.dt DESC, p.id DESC))[count(*)] AS last_id
     FROM (SELECT c.id, c.dt, c.record_json FROM call_records c
       WHERE ${where} ORDER BY c.dt DESC, c.id DESC LIMIT ${size}) p`,
    params,
  )
  const batch = rows[0]
  const count = Number(batch?.rows ?? 0)
  return count === 0 ? null : { json: String(batch.json), rows: count, lastDt: String(batch.last_dt), lastId: Number(batch.last_id) }
}

/** The export answer: `{"whatsappCalls":{"whatsappCalls":[...],"totalItems":N}}`, written batch by batch. */
export const streamCalls = (database: Database, f: Filter, limit: number, total: number, size = EXPORT_BATCH): Readable =>
  Readable.from(
    (async function* () {
      yield '{"whatsappCalls":{"whatsappCalls":['
      let first = true
      for await (const batch of keysetBatches((n, after) => fetchBatch(database, f, n, after), limit, size)) {
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
 * range, and the transferred calls, count the index.
 */
const countOf = async (ctx: Ctx, f: Filter): Promise<number> => {
  if (!f.transferred && isMidnight(f.from) && isMidnight(f.to)) {
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

export const handlers = forBusiness([
  handle("reports", "callsList", async (ctx, input) => {
    const range = rangeOf(input.start_date, input.end_date)
    const f: Filter = {
      clientId: tenantOf(ctx),
      from: range.from,
      to: range.to,
      callType: input.call_type,
      transferred: input.transferred === true,
    }
    const page = Math.max(1, input.page)
    if (input.format === "csv") {
      const zone = input.time_zone ?? "UTC"
      checkZone(zone)
      return streamCallsCsv(ctx.services.database, f, zone, input.limit)
    }
    const total = await countOf(ctx, f)
    if (input.limit > STREAM_LIMIT && page === 1) return streamCalls(ctx.services.database, f, input.limit, total)
    const offset = (page - 1) * input.limit
    const rows =
      offset >= total
        ? []
        : rowsOf(
            await ctx.db.execute(sql`SELECT c.record_json FROM call_records c
      WHERE ${whereOf(f)} ORDER BY c.dt DESC, c.id DESC LIMIT ${Math.min(input.limit, STREAM_LIMIT)} OFFSET ${offset}`),
          )
    return { whatsappCalls: { whatsappCalls: rows.map((r) => JSON.parse(String(r.record_json))), totalItems: total } }
  }),
])
