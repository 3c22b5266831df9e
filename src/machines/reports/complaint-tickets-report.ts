/**
 * Complain Tickets Report (`/report/complain-tickets-report`) as a configured paged report: `report-complain-tickets`.
 * complain/fetch_report pages from 0 and carries the filter options and cards; the search box asks
 * complain/search_ticket and shows the one ticket it finds, or none. Both are silent on failure (spec 000 section 8):
 * the table keeps what it showed. A super admin's reads name the business they picked.
 */
import { Effect } from "effect"
import { readHelper } from "../../contract/helper-calls"
import type { ComplaintMetadata, ComplaintTicket, TicketReportRequest } from "../../contract/schemas/tickets"
import { Api } from "../../services/api/api"
import { businessOf, createReportMachine, type ReportConfig, type ReportQuery } from "../report-kit/report-machine"
import { csvFile } from "../../contract/csv"
import { formatDateTime } from "../report-kit/format"

export interface ComplaintFilters {
  /** `YYYY-MM-DD` or empty: no range. */
  readonly startDate: string
  readonly endDate: string
  readonly channel: string
  /** Agent id as text, or empty. */
  readonly agent: string
  readonly status: string
}

export type ComplaintMeta = Omit<ComplaintMetadata, "tickets">

export const noComplaintFilters = (): ComplaintFilters => ({
  startDate: "",
  endDate: "",
  channel: "",
  agent: "",
  status: "",
})

export const REPORT_FILENAME = "tickets_report.csv"

/** Dates as `YYYY-MM-DD HH:mm:ss` from the start of the first day to the end of the last (spec 000 section 7). */
export const reportRequestOf = (f: ComplaintFilters, page: number, limit: number): TicketReportRequest => ({
  page,
  limit,
  ...(f.channel ? { channel_type: f.channel } : {}),
  ...(f.startDate ? { start_date: `${f.startDate} 00:00:00` } : {}),
  ...(f.endDate ? { end_date: `${f.endDate} 23:59:59` } : {}),
  ...(f.agent ? { agent: Number(f.agent) } : {}),
  ...(f.status ? { status: f.status } : {}),
})

export const TICKET_COLUMNS = [
  "Name",
  "Channel",
  "Ticket Number",
  "Status",
  "Number / Id's",
  "Starting Date",
  "Ending Date",
  "Last Message",
] as const

export const ticketsCsv = (rows: readonly ComplaintTicket[]) =>
  csvFile(
    TICKET_COLUMNS,
    rows.map((t) => [
      t.name,
      t.channel_type,
      t.ticket_number,
      t.status,
      t.number,
      formatDateTime(t.dt),
      formatDateTime(t.last_closed),
      t.customer_message,
    ]),
  )

const fetchReport = (query: ReportQuery<ComplaintFilters>, page: number, limit: number) =>
  Effect.gen(function* () {
    const api = yield* Api
    return yield* api.request("complain", "fetch_report", { ...reportRequestOf(query.filters, page, limit), ...businessOf(query) })
  })

/**
 * complain/search_ticket's own call, read as the helper reads it. Not through `api.request`: its silent answer is
 * `undefined` both for "no ticket" and for a failure, and only "no ticket" may empty the table.
 */
const searchTicket = (query: ReportQuery<ComplaintFilters>) =>
  Effect.gen(function* () {
    const api = yield* Api
    const body = yield* api.call("complaints", "searchComplaint", {
      ticket_number: query.search,
      channel_type: "whatsapp",
      ticket_type: "active",
      ...businessOf(query),
    })
    const found = readHelper("complain/search_ticket", body)
    return { rows: found ? [found] : [], total: found ? 1 : 0 }
  }).pipe(
    // Silent as the helper's table says (silentHelperErrors); a 401 still went through `call` and ended the session.
    Effect.orElseSucceed(() => undefined),
  )

export const complaintTicketsConfig = (): ReportConfig<ComplaintTicket, ComplaintFilters, ComplaintMeta> => ({
  name: "complain-tickets",
  pageBase: 0,
  defaultFilters: noComplaintFilters,
  load: (query) =>
    Effect.gen(function* () {
      if (query.search) return yield* searchTicket(query)
      const report = yield* fetchReport(query, query.page, query.pageSize)
      if (!report) return undefined
      const { tickets, ...meta } = report
      return { rows: tickets, total: report.total_tickets, meta }
    }),
  exportRows: (query) =>
    Effect.gen(function* () {
      const report = yield* fetchReport(query, 0, 999_999)
      if (!report) return yield* Effect.fail(new Error("The report did not load"))
      return report.tickets
    }),
  toFile: (rows) => ({ filename: REPORT_FILENAME, content: ticketsCsv(rows), mime: "text/csv;charset=utf-8" }),
})

export const complaintTicketsMachine = createReportMachine(complaintTicketsConfig())
