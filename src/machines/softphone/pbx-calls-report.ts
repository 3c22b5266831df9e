/**
 * The PBX call list under the softphone (/apps/pbxcalls): the tenant's calls through the PBX (pbx.listPbxCalls),
 * paged on the server, filtered by the tenant's days, direction and outcome, exported as CSV: `pbx-calls`. Each page
 * also carries the recordings of its calls (`meta.recordings`, by call id) for a person who may listen.
 */
import { Effect, Schema } from "effect"
import { type PbxCall, PbxCall as PbxCallSchema } from "../../contract/schemas/pbx"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { type RecordingsByCall, recordingsOfCalls } from "../report-kit/call-recordings"
import { column } from "../report-kit/columns"
import { checkRange, daysOf, rangeStem, serverPage } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { lastDays } from "../report-kit/range-rules"
import { createReportMachine } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

export const PBX_DIRECTIONS = ["internal", "outbound", "inbound"] as const
export const PBX_OUTCOMES = ["answered", "busy", "no_answer", "failed", "cancelled"] as const

export interface PbxCallFilters {
  readonly startDate: string
  readonly endDate: string
  /** A direction, or "" for all. */
  readonly direction: "" | (typeof PBX_DIRECTIONS)[number]
  /** An outcome, or "" for all. */
  readonly outcome: "" | (typeof PBX_OUTCOMES)[number]
}

export const pbxCallFilters = (now = new Date()): PbxCallFilters => ({ ...lastDays(7, now), direction: "", outcome: "" })

/** Who, as the list says it: the user's name with the extension, or the number alone. */
export const partyOf = (number: string, name: string | null) => (name ? `${name} (${number})` : number)

/** The screen's columns; the CSV has the same ones (headers in English). */
export const pbxCallColumns = [
  column<PbxCall>("started", "Started", "date", (r) => r.started_at),
  column<PbxCall>("direction", "Direction", "text", (r) => r.direction),
  column<PbxCall>("caller", "Caller", "phone", (r) => partyOf(r.caller, r.caller_name)),
  column<PbxCall>("callee", "Callee", "phone", (r) => partyOf(r.callee, r.callee_name)),
  column<PbxCall>("answered", "Answered", "date", (r) => r.answered_at),
  column<PbxCall>("ended", "Ended", "date", (r) => r.ended_at),
  column<PbxCall>("duration", "Duration", "duration", (r) => r.duration_seconds),
  column<PbxCall>("outcome", "Outcome", "text", (r) => r.outcome),
  column<PbxCall>("sipCode", "SIP status", "number", (r) => r.sip_code),
]

export const pbxCallsRequestOf = (f: PbxCallFilters, page: number, limit: number) => ({
  ...daysOf(f),
  ...(f.direction ? { direction: f.direction } : {}),
  ...(f.outcome ? { outcome: f.outcome } : {}),
  page: serverPage(page),
  limit,
})

export interface PbxCallsMeta {
  /** The page's recorded calls, by call id. */
  readonly recordings: RecordingsByCall
}

export const pbxCallsConfig = (now: () => Date = () => new Date()) =>
  tableReport<PbxCall, PbxCallFilters, PbxCallsMeta>({
    name: "pbx-calls",
    columns: pbxCallColumns,
    isRow: Schema.is(PbxCallSchema),
    defaultFilters: () => pbxCallFilters(now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const body = yield* api.call("pbx", "listPbxCalls", pbxCallsRequestOf(query.filters, query.page, query.pageSize))
        return pageOf(body, { recordings: yield* recordingsOfCalls(body.data.items.map((row) => row.call_id)) })
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "pbx",
        name: "listPbxCalls",
        payload: pbxCallsRequestOf(query.filters, 0, EXPORT_ALL),
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("pbx_calls"),
  })

export const pbxCallsMachine = createReportMachine(pbxCallsConfig())
