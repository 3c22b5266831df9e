/** Call History (`/apps/call-history`) as a configured paged report: `report-call-history`. */
import { Effect } from "effect"
import type { CallsListRequest, CallRecord, CallType } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { createReportMachine, type ReportConfig, type ReportQuery } from "./report-machine"
import { csvOf, formatDateTime, formatDuration, utcDay } from "./format"

export type CallTypeFilter = "all" | CallType

export interface CallHistoryFilters {
  /** `YYYY-MM-DD`; both default to today in UTC, and clearing the range goes back to today. */
  readonly startDate: string
  readonly endDate: string
  readonly callType: CallTypeFilter
}

/** Spec 000 section 9: the export asks for everything on one page. */
export const EXPORT_LIMIT = 999_999

export const todayFilters = (now = new Date()): CallHistoryFilters => ({ startDate: utcDay(now), endDate: utcDay(now), callType: "all" })

/** call_type only when it is not "all" (spec 000 section 7). */
export const callsRequestOf = (f: CallHistoryFilters, page: number, limit: number): CallsListRequest => ({
  start_date: f.startDate,
  end_date: f.endDate,
  limit,
  page,
  ...(f.callType === "all" ? {} : { call_type: f.callType }),
})

export const CALL_COLUMNS = [
  "Call ID", "Name", "Number", "Call Type", "Call Start Time", "Call End Time", "Duration", "Accepted By", "Status", "Call Blocks",
  "Date Time", "Message",
] as const

const messageText = (row: CallRecord) => (row.message ? (row.message.message_type === "text" ? row.message.message_body ?? "" : row.message.message_type) : "")

export const callsCsv = (rows: readonly CallRecord[]): string =>
  csvOf(CALL_COLUMNS, (function* () {
    for (const r of rows) {
      yield [
        r.call_id, r.name ?? "", r.number, r.call_type, formatDateTime(r.call_start_time), formatDateTime(r.call_end_time),
        formatDuration(r.call_duration), r.username ?? "", r.call_status, r.blocks, formatDateTime(r.dt), messageText(r),
      ]
    }
  })())

/** `call_history_<type>_<from>_to_<to>_<export day>.csv`. */
export const callsFilename = (f: CallHistoryFilters, now = new Date()) =>
  `call_history_${f.callType}_${f.startDate}_to_${f.endDate}_${utcDay(now)}.csv`

const listCalls = (query: ReportQuery<CallHistoryFilters>, page: number, limit: number) =>
  Effect.gen(function* () {
    const api = yield* Api
    return yield* api.call("reports", "callsList", callsRequestOf(query.filters, page, limit))
  })

export const callHistoryConfig = (now: () => Date = () => new Date()): ReportConfig<CallRecord, CallHistoryFilters> => ({
  name: "call-history",
  pageBase: 1,
  defaultFilters: () => todayFilters(now()),
  load: (query) =>
    listCalls(query, query.page, query.pageSize).pipe(
      Effect.map((body) => ({ rows: body.whatsappCalls.whatsappCalls, total: body.whatsappCalls.totalItems })),
    ),
  exportRows: (query) => listCalls(query, 1, EXPORT_LIMIT).pipe(Effect.map((body) => body.whatsappCalls.whatsappCalls)),
  toFile: (rows, query) => ({ filename: callsFilename(query.filters, now()), content: callsCsv(rows), mime: "text/csv;charset=utf-8" }),
  downloadDelayMs: 1000,
})

export const callHistoryMachine = createReportMachine(callHistoryConfig())
