/**
 * The Call History export as the file itself (`format: "csv"` on reports.callsList): the database writes each row as
 * its final CSV line, in keyset-paged batches joined by string_agg, and the server only moves text. The columns,
 * header and cell formats are the console's (src/machines/reports/call-history-report.ts, whose JS line writer stays
 * the reference: src/machines/reports/call-history-csv-live.test.ts compares the two over random rows on both
 * databases); the text cells follow the contract's one CSV rule (src/contract/csv.ts), rendered in SQL by `csvText`.
 */
import { Readable } from "node:stream"
import { sql } from "drizzle-orm"
import { CALL_COLUMNS } from "../../../src/contract/call-history-csv"
import { csvLine } from "../../core/csv-writer"
import type { Database } from "../../db/db"
import type { Ctx } from "../../http/context"
import { badRequest } from "../../http/errors"
import { type Cursor, type Filter, filterSql, type KeysetBatch, keysetBatches } from "./calls-filter"

/** Rows per batch: one statement's string_agg (about 1.3 MiB of CSV at 10,000 rows). */
export const CSV_BATCH = 10_000

/**
 * `value` (SQL text, evaluated more than once: a column or a column of the inner query) as a CSV text cell by the
 * contract's rule: a formula start (= + - @ tab CR) gets a leading quote and quotes, a quote, comma or line break
 * quotes, inner quotes doubled; NULL is empty. Most cells need nothing: one regular expression answers that.
 */
export const csvText = (value: string): string =>
  `CASE WHEN ${value} IS NULL THEN '' WHEN ${value} !~ E'^[-=+@\\t\\r]|[",\\r\\n]' THEN ${value}` +
  ` WHEN ${value} ~ E'^[-=+@\\t\\r]' THEN '"''' || replace(${value}, '"', '""') || '"'` +
  ` ELSE '"' || replace(${value}, '"', '""') || '"' END`

/** `DD-MM-YYYY hh:mm am` in the viewer's time zone (the console's formatDateTime), empty for NULL. */
const when = (value: string, zone: string) => `coalesce(to_char(${value} AT TIME ZONE ${zone}, 'DD-MM-YYYY HH12:MI am'), '')`

/** `45s` under a minute, else `1h 2m 5s` (the console's formatDuration). */
const duration = (value: string) =>
  `CASE WHEN ${value} < 60 THEN ${value} || 's' ELSE (${value} / 3600) || 'h ' || (${value} % 3600 / 60) || 'm ' || (${value} % 60) || 's' END`

/** The Message cell's text: a text message's body, else the message's type, empty without one. */
const MESSAGE = `CASE WHEN jsonb_typeof(c.message) <> 'object' THEN NULL WHEN c.message->>'message_type' = 'text'
  THEN coalesce(c.message->>'message_body', '') ELSE c.message->>'message_type' END`

/**
 * The Transfers cell from the stored record's "transfers" (oldest first): `agent1 → Sales: taken by agent2; …`. Only a
 * transferred call's JSON has the key (`,"` cannot occur inside a JSON string), so the others skip the parse.
 */
const TRANSFERS = `CASE WHEN strpos(c.record_json, ',"transfers":') > 0 THEN (
  SELECT string_agg(coalesce(t->>'from', '?') || ' → ' || (t->>'to') || ': ' || CASE t->>'outcome'
    WHEN 'taken' THEN 'taken by ' || coalesce(t->>'taken_by', '?') WHEN 'not_taken' THEN 'not taken' ELSE t->>'outcome' END,
    '; ' ORDER BY n)
  FROM json_array_elements(c.record_json::json -> 'transfers') WITH ORDINALITY AS e(t, n)) END`

/** One row's CSV line over the inner query `p` (below), built in one allocation (every cell is non-null). */
const lineOf = (zone: string) =>
  `concat_ws(',', ${[
    csvText("p.call_id"),
    csvText("p.name"),
    csvText("p.number"),
    csvText("p.call_type"),
    when("p.start_time", zone),
    when("p.end_time", zone),
    duration("p.duration"),
    csvText("u.username"),
    csvText("p.status"),
    "p.blocks::text",
    when("p.dt", zone),
    csvText("p.message_text"),
    csvText("p.transfers"),
  ].join(", ")})`

interface Batch extends KeysetBatch {
  readonly csv: string
}

/** One keyset batch of the filter after `cursor`, newest first, as CSV lines joined by CRLF. */
const fetchBatch = async (database: Database, f: Filter, zone: string, size: number, cursor: Cursor | null): Promise<Batch | null> => {
  const { where, params } = filterSql(f, cursor)
  const tz = `$${params.push(zone)}`
  // The inner query walks the (client_id, dt) index in order and renders the computed cells once per row (a subquery
  // with LIMIT is not flattened); the agent's name joins the batch's rows only.
  const { rows } = await database.query(
    `SELECT string_agg(${lineOf(tz)}, E'\\r\\n' ORDER BY p.dt DESC, p.id DESC) AS csv, count(*)::int AS rows,
       min(p.dt)::text AS last_dt, (array_agg(p.id ORDER BY p.dt DESC, p.id DESC))[count(*)] AS last_id
     FROM (SELECT c.id, c.dt, c.call_id, c.name, c.number, c.call_type, c.start_time, c.end_time, c.duration,
         c.accepted_by, c.status, c.blocks, ${MESSAGE} AS message_text, ${TRANSFERS} AS transfers
       FROM call_records c WHERE ${where} ORDER BY c.dt DESC, c.id DESC LIMIT ${size}) p
     LEFT JOIN users u ON u.id = p.accepted_by`,
    params,
  )
  const batch = rows[0]
  const count = Number(batch?.rows ?? 0)
  return count === 0 ? null : { csv: String(batch.csv), rows: count, lastDt: String(batch.last_dt), lastId: Number(batch.last_id) }
}

/**
 * The time zone as the database names it, or a 400 on the field: a name it does not know must not become a 500. Asked
 * on the call's own connection (`ctx.db`): PGlite has one, held by the call's transaction.
 */
export const checkZone = async (db: Ctx["db"], zone: string): Promise<void> => {
  try {
    await db.execute(sql`SELECT now() AT TIME ZONE ${zone}`)
  } catch {
    throw badRequest(`Unknown time zone: ${zone.slice(0, 64)}`, "time_zone")
  }
}

/**
 * The CSV file: the header, then at most `limit` rows newest first, each line ending in CRLF, in keyset batches (at
 * most two held whatever the row count).
 */
export const streamCallsCsv = (database: Database, f: Filter, zone: string, limit: number, size = CSV_BATCH): Readable =>
  Readable.from(
    (async function* () {
      yield `${csvLine(CALL_COLUMNS)}\r\n`
      for await (const batch of keysetBatches((n, after) => fetchBatch(database, f, zone, n, after), limit, size)) yield `${batch.csv}\r\n`
    })(),
    { objectMode: false },
  )
