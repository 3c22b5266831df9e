/**
 * The SMS report (`/sms-report`, kept report `report-sms`): the tenant's messages (sms.smsMessages) by days, status,
 * mask and number, paged on the server, with the counts by status as cards, exported as CSV with the same columns.
 */
import { Effect, Schema } from "effect"
import { type SmsMessage, SmsMessage as SmsMessageSchema, type SmsStatus, type SmsStatusCounts } from "../../contract/schemas/sms"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, daysOf, rangeStem, serverPage } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { lastDays } from "../report-kit/range-rules"
import { createReportMachine } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

export const SMS_STATUSES: readonly SmsStatus[] = ["queued", "sent", "delivered", "failed"]

export interface SmsReportFilters {
  readonly startDate: string
  readonly endDate: string
  /** A status, or "" for all. */
  readonly status: "" | SmsStatus
  readonly mask: string
  readonly number: string
}

export const smsReportFilters = (now = new Date()): SmsReportFilters => ({ ...lastDays(7, now), status: "", mask: "", number: "" })

/** The screen's columns; the CSV has the same ones (headers in English). */
export const smsColumns = [
  column<SmsMessage>("dt", "Date", "date", (r) => r.dt),
  column<SmsMessage>("to", "To", "phone", (r) => r.to),
  column<SmsMessage>("mask", "Mask", "text", (r) => r.mask),
  column<SmsMessage>("text", "Text", "text", (r) => r.text),
  column<SmsMessage>("parts", "Parts", "number", (r) => r.parts),
  column<SmsMessage>("encoding", "Encoding", "text", (r) => r.encoding),
  column<SmsMessage>("cost", "Cost", "number", (r) => r.cost),
  column<SmsMessage>("status", "Status", "text", (r) => r.status),
  column<SmsMessage>("error", "Error", "text", (r) => r.error),
  column<SmsMessage>("deliveredAt", "Delivered", "date", (r) => r.delivered_at),
  column<SmsMessage>("sentBy", "Sent by", "text", (r) => r.sent_by),
]

export const smsRequestOf = (f: SmsReportFilters, page: number, limit: number) => ({
  ...daysOf(f),
  ...(f.status ? { status: f.status } : {}),
  ...(f.mask.trim() ? { mask: f.mask.trim() } : {}),
  ...(f.number.replace(/\D/g, "") ? { number: f.number.trim() } : {}),
  page: serverPage(page),
  limit,
})

export const smsReportConfig = (now: () => Date = () => new Date()) =>
  tableReport<SmsMessage, SmsReportFilters, SmsStatusCounts>({
    name: "sms",
    columns: smsColumns,
    isRow: Schema.is(SmsMessageSchema),
    defaultFilters: () => smsReportFilters(now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const body = yield* api.call("sms", "smsMessages", smsRequestOf(query.filters, query.page, query.pageSize))
        return pageOf(body, body.data.counts)
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "sms",
        name: "smsMessages",
        payload: smsRequestOf(query.filters, 0, EXPORT_ALL),
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("sms_report"),
  })

export const smsReportMachine = createReportMachine(smsReportConfig())
