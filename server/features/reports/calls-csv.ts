/**
 * The Call History export as the file itself (`format: "csv"` on reports.callsList): the database reads each batch's
 * cells as text (keyset-paged batches, `Database.textRows`: PGlite's COPY, PostgreSQL's text protocol unparsed) and
 * the server writes the lines with the contract's line (src/contract/call-history-csv.ts `callCsvLine`, the console's
 * own writer) and the viewer's zone (src/contract/report-text.ts). The next batch is read while one is written, so
 * PostgreSQL reads in its process while this one writes. src/machines/reports/call-history-csv-live.test.ts compares
 * the file with the console's writer over random rows on both databases.
 */
import { Readable } from "node:stream"
import { CALL_COLUMNS, callCsvLine, transfersCell } from "../../../src/contract/call-history-csv"
import type { CallTransferEntry } from "../../../src/contract/schemas/reports"
import { zonedMinuteText } from "../../../src/contract/report-text"
import { isTimeZone } from "../../../src/contract/time-zone"
import { csvLine } from "../../core/csv-writer"
import type { Database } from "../../db/db"
import type { TextRow } from "../../db/text-rows"
import { badRequest } from "../../http/errors"
import { type Cursor, type Filter, filterSql, type KeysetBatch, keysetBatches } from "./calls-filter"

/** Rows per batch (about 1.5 MiB of CSV at 10,000 rows). */
export const CSV_BATCH = 10_000

/** The Message cell's text: a text message's body, else the message's type, empty without one. */
const MESSAGE = `CASE WHEN jsonb_typeof(c.message) <> 'object' THEN NULL WHEN c.message->>'message_type' = 'text'
  THEN coalesce(c.message->>'message_body', '') ELSE c.message->>'message_type' END`

/**
 * The stored record's "transfers" as JSON (oldest first), for the Transfers cell. Only a transferred call's JSON has the
 * key (`,"` cannot occur inside a JSON string), so the others skip the parse.
 */
const TRANSFERS = `CASE WHEN strpos(c.record_json, ',"transfers":') > 0 THEN c.record_json::json -> 'transfers' END`

interface Batch extends KeysetBatch {
  readonly cells: TextRow[]
}

/** One keyset batch of the filter after `cursor`, newest first: the cells as text, the key columns first. */
const fetchBatch = async (database: Database, f: Filter, size: number, cursor: Cursor | null): Promise<Batch | null> => {
  const { where, params } = filterSql(f, cursor)
  // The inner query walks the (client_id, dt) index in order; the agent's name joins the batch's rows only.
  const cells = await database.textRows(
    `SELECT p.id, p.dt, p.call_id, p.name, p.number, p.call_type, p.start_time, p.end_time, p.duration, u.username,
       p.status, p.blocks, p.message_text, p.transfers
     FROM (SELECT c.id, c.dt, c.call_id, c.name, c.number, c.call_type, c.start_time, c.end_time, c.duration,
         c.accepted_by, c.status, c.blocks, ${MESSAGE} AS message_text, ${TRANSFERS} AS transfers
       FROM call_records c WHERE ${where} ORDER BY c.dt DESC, c.id DESC LIMIT ${size}) p
     LEFT JOIN users u ON u.id = p.accepted_by
     ORDER BY p.dt DESC, p.id DESC`,
    params,
  )
  const last = cells.at(-1)
  return last ? { cells, rows: cells.length, lastDt: String(last[1]), lastId: Number(last[0]) } : null
}

const digits = (text: string, at: number, count: number): number => {
  let n = 0
  for (let i = at; i < at + count; i++) n = n * 10 + text.charCodeAt(i) - 48
  return n
}

/**
 * An instant as the database writes it in the server's sessions (UTC: `2026-11-19 23:59:47.884+00`) as the number
 * YYYYMMDDhhmm of its UTC minute, read digit by digit (a million rows hold three each); NaN for another form. A number,
 * not a slice of the batch's text, is what a cache may keep: a slice would keep the whole batch alive.
 */
const utcMinuteKey = (text: string): number =>
  text.length >= 19 && text.endsWith("+00") && text[4] === "-" && text[10] === " "
    ? digits(text, 0, 4) * 1e8 + digits(text, 5, 2) * 1e6 + digits(text, 8, 2) * 1e4 + digits(text, 11, 2) * 100 + digits(text, 14, 2)
    : Number.NaN

const minuteOfKey = (key: number): number =>
  Date.UTC(Math.floor(key / 1e8), (Math.floor(key / 1e6) % 100) - 1, Math.floor(key / 1e4) % 100, Math.floor(key / 100) % 100, key % 100) /
  60_000

/** The batch's lines in `zone`, each minute's text made once. */
const linesIn = (zone: string) => {
  const minuteText = zonedMinuteText(zone)
  const minutes = new Map<number, string>()
  const when = (text: string | null): string => {
    if (text === null) return ""
    const key = utcMinuteKey(text)
    if (Number.isNaN(key)) {
      const ms = Date.parse(text)
      return Number.isNaN(ms) ? "" : minuteText(Math.floor(ms / 60_000))
    }
    let written = minutes.get(key)
    if (written === undefined) {
      written = minuteText(minuteOfKey(key))
      if (minutes.size > 50_000) minutes.clear()
      minutes.set(key, written)
    }
    return written
  }
  const line = callCsvLine(when)
  return (cells: TextRow): string =>
    line({
      call_id: cells[2] ?? "",
      name: cells[3],
      number: cells[4],
      call_type: cells[5] ?? "",
      start: cells[6],
      end: cells[7],
      duration: Number(cells[8]),
      username: cells[9],
      status: cells[10] ?? "",
      blocks: Number(cells[11]),
      dt: cells[1],
      message: cells[12],
      transfers: cells[13] === null ? null : transfersCell(JSON.parse(cells[13]) as CallTransferEntry[]),
    })
}

/** The time zone as the runtime knows it (the console sends its own), or a 400 on the field. */
export const checkZone = (zone: string): void => {
  if (!isTimeZone(zone)) throw badRequest(`Unknown time zone: ${zone.slice(0, 64)}`, "time_zone")
}

/**
 * The CSV file: the header, then at most `limit` rows newest first, each line ending in CRLF, in keyset batches (at
 * most two held whatever the row count).
 */
export const streamCallsCsv = (database: Database, f: Filter, zone: string, limit: number, size = CSV_BATCH): Readable => {
  const lineOf = linesIn(zone)
  return Readable.from(
    (async function* () {
      yield `${csvLine(CALL_COLUMNS)}\r\n`
      for await (const batch of keysetBatches((n, after) => fetchBatch(database, f, n, after), limit, size)) {
        let text = ""
        for (const cells of batch.cells) text += `${lineOf(cells)}\r\n`
        yield text
      }
    })(),
    { objectMode: false },
  )
}
