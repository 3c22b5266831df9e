/**
 * Call History (`/apps/call-history`) as a configured paged report: `report-call-history`. Each page also carries the
 * recordings of its calls (`meta.recordings`, by call id) for a person who may listen (BACK:call_recordings); for
 * anyone else they are not asked for. A super admin's reads, recordings and export included, name the business they picked.
 */
import { Effect } from "effect"
import type { CallsListRequest, CallRecord, CallType } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { downloadCsvFile } from "../../services/report-kit/csv-export"
import { type RecordingsByCall, recordingsOfCalls } from "../report-kit/call-recordings"
import { businessOf, createReportMachine, type ReportConfig, type ReportQuery } from "../report-kit/report-machine"
import { csvLine } from "../../contract/csv"
import { CALL_COLUMNS, callCsvLine, TRANSFER_OUTCOMES, transfersCell } from "../../contract/call-history-csv"
import { minuteFormatter, utcDay } from "../report-kit/format"

export type CallTypeFilter = "all" | CallType

export interface CallHistoryFilters {
  /** `YYYY-MM-DD`; both default to today in UTC, and clearing the range goes back to today. */
  readonly startDate: string
  readonly endDate: string
  readonly callType: CallTypeFilter
  /** "transferred": only the calls transferred at least once. */
  readonly transfers: TransfersFilter
}

export type TransfersFilter = "all" | "transferred"

/** Spec 000 section 9: the export asks for everything on one page. */
export const EXPORT_LIMIT = 999_999

export const todayFilters = (now = new Date()): CallHistoryFilters => ({
  startDate: utcDay(now),
  endDate: utcDay(now),
  callType: "all",
  transfers: "all",
})

/** Spec 000 section 2: clearing the range puts it back to today (UTC); one day picked is a range of that day. */
export const completeRange = (f: CallHistoryFilters, now = new Date()): CallHistoryFilters => {
  if (!f.startDate && !f.endDate) return { ...f, startDate: utcDay(now), endDate: utcDay(now) }
  return { ...f, startDate: f.startDate || f.endDate, endDate: f.endDate || f.startDate }
}

/** call_type only when it is not "all" (spec 000 section 7); `transferred` only when asked for (ours). */
export const callsRequestOf = (f: CallHistoryFilters, page: number, limit: number): CallsListRequest => ({
  start_date: f.startDate,
  end_date: f.endDate,
  limit,
  page,
  ...(f.callType === "all" ? {} : { call_type: f.callType }),
  ...(f.transfers === "transferred" ? { transferred: true } : {}),
})

export { CALL_COLUMNS }

const messageText = (row: CallRecord) =>
  row.message ? (row.message.message_type === "text" ? (row.message.message_body ?? "") : row.message.message_type) : ""

const CALL_TYPES: ReadonlySet<unknown> = new Set(["incoming", "outgoing"])
const MESSAGE_TYPES: ReadonlySet<unknown> = new Set(["text", "image", "video", "document", "interactive"])
const isText = (v: unknown) => typeof v === "string"
const isTextOrNull = (v: unknown) => v === null || typeof v === "string"
const isCount = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0
const isSecondsOrNull = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v))

const isTransfers = (v: unknown) =>
  v === undefined ||
  (Array.isArray(v) &&
    v.every(
      (t) =>
        typeof t === "object" &&
        t !== null &&
        isTextOrNull(t.from) &&
        isText(t.to) &&
        isTextOrNull(t.taken_by) &&
        TRANSFER_OUTCOMES.has(t.outcome as string),
    ))

/**
 * The fields the CSV uses, checked against the contract's CallRecord by hand (cheaper than the full schema decode
 * over many rows). What it does not look at (a message's attachments and interactive body) is not checked.
 */
export const isCallRecordRow = (value: unknown): value is CallRecord => {
  if (typeof value !== "object" || value === null) return false
  const r = value as Record<string, unknown>
  if (
    !(
      isText(r.call_id) &&
      isTextOrNull(r.name) &&
      isText(r.number) &&
      CALL_TYPES.has(r.call_type) &&
      isSecondsOrNull(r.call_start_time) &&
      isSecondsOrNull(r.call_end_time) &&
      isCount(r.call_duration) &&
      isTextOrNull(r.username) &&
      isText(r.call_status) &&
      isCount(r.blocks) &&
      isText(r.dt)
    )
  )
    return false
  if (!isTransfers(r.transfers)) return false
  if (r.message === null) return true
  if (typeof r.message !== "object") return false
  const m = r.message as Record<string, unknown>
  return MESSAGE_TYPES.has(m.message_type) && isTextOrNull(m.message_body)
}

export const CALLS_CSV_HEADER = csvLine(CALL_COLUMNS)
/** The header line with its CRLF (ASCII, so characters are bytes): a file no longer than this has no rows. */
const HEADER_BYTES = CALLS_CSV_HEADER.length + 2

/**
 * A CSV line maker (its own minute cache); throws on a row that is not a CallRecord. The reference for the file the
 * server writes (src/machines/reports/call-history-csv-live.test.ts holds the two equal).
 */
export const callCsvLines = () => {
  const line = callCsvLine(minuteFormatter())
  return (row: unknown): string => {
    if (!isCallRecordRow(row)) throw new Error(`not a call record: ${JSON.stringify(row).slice(0, 200)}`)
    return line({
      call_id: row.call_id,
      name: row.name,
      number: row.number,
      call_type: row.call_type,
      start: row.call_start_time,
      end: row.call_end_time,
      duration: row.call_duration,
      username: row.username,
      status: row.call_status,
      blocks: row.blocks,
      dt: row.dt,
      message: messageText(row),
      transfers: transfersCell(row.transfers ?? []),
    })
  }
}

/** The whole CSV in one string from rows (tests; the screen's export is written by the server, see callHistoryConfig). */
export const callsCsv = (rows: readonly CallRecord[]): string => {
  const line = callCsvLines()
  return `${[CALLS_CSV_HEADER, ...rows.map(line)].join("\r\n")}\r\n`
}

/** `call_history_<type>_<from>_to_<to>_<export day>.csv`. */
export const callsFilename = (f: CallHistoryFilters, now = new Date()) =>
  `call_history_${f.callType}_${f.startDate}_to_${f.endDate}_${utcDay(now)}.csv`

const listCalls = (query: ReportQuery<CallHistoryFilters>, page: number, limit: number) =>
  Effect.gen(function* () {
    const api = yield* Api
    return yield* api.call("reports", "callsList", { ...callsRequestOf(query.filters, page, limit), ...businessOf(query) })
  })

/** The viewer's IANA time zone, which the file's dates are written in (as the screen shows them). */
const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"

/**
 * The export: limit 999999, page 1 (spec 000 section 9) with `format: "csv"`, so the server's database writes the file
 * itself (the columns and cells callCsvLines makes, dates in the viewer's time zone) and the body goes straight into a
 * Blob. A file of the header alone means no rows, so no file ('No data available...').
 */
const exportCalls = (query: ReportQuery<CallHistoryFilters>, now: () => Date) =>
  downloadCsvFile({
    group: "reports",
    name: "callsList",
    payload: { ...callsRequestOf(query.filters, 1, EXPORT_LIMIT), format: "csv", time_zone: viewerTimeZone(), ...businessOf(query) },
    mime: "text/csv;charset=utf-8",
  }).pipe(
    Effect.map((content) =>
      content.size <= HEADER_BYTES ? null : { filename: callsFilename(query.filters, now()), content, mime: "text/csv;charset=utf-8" },
    ),
  )

export interface CallHistoryMeta {
  /** The page's recorded calls, by call id. */
  readonly recordings: RecordingsByCall
}

export const callHistoryConfig = (now: () => Date = () => new Date()): ReportConfig<CallRecord, CallHistoryFilters, CallHistoryMeta> => ({
  name: "call-history",
  pageBase: 1,
  defaultFilters: () => todayFilters(now()),
  draftOf: (draft) => completeRange(draft, now()),
  load: (query) =>
    Effect.gen(function* () {
      const body = yield* listCalls(query, query.page, query.pageSize)
      const rows = body.whatsappCalls.whatsappCalls
      return {
        rows,
        total: body.whatsappCalls.totalItems,
        meta: {
          recordings: yield* recordingsOfCalls(
            rows.map((row) => row.call_id),
            businessOf(query),
          ),
        },
      }
    }),
  exportFile: (query) => exportCalls(query, now),
  downloadDelayMs: 1000,
})

export const callHistoryMachine = createReportMachine(callHistoryConfig())
