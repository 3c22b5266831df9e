/**
 * The OTP report (`/apps/optReport`, page actor `report-otp`): codes per day and provider and what became of them. A
 * super admin's reads and export name the business they picked.
 */
import { Effect, Schema } from "effect"
import { type OtpReportRow, OtpReportRow as OtpReportRowSchema } from "../../contract/schemas/otp"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, daysOf, type RangeFilters, rangeStem } from "../report-kit/conversation-filters"
import { lastDays } from "../report-kit/range-rules"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { tableReport } from "../report-kit/table-report"

export const OTP_FIGURES = ["sent", "verified", "expired", "dead", "redeemed", "failed"] as const

export const otpReportColumns = [
  column<OtpReportRow>("date", "Day", "text", (r) => r.date),
  column<OtpReportRow>("provider", "Provider", "text", (r) => r.provider_name ?? ""),
  ...OTP_FIGURES.map((key) => column<OtpReportRow>(key, key[0].toUpperCase() + key.slice(1), "number", (r) => r[key])),
]

/** The range's totals, for the cards and the chart (summed over this page's rows). */
export const totalsOf = (rows: readonly OtpReportRow[]) =>
  Object.fromEntries(OTP_FIGURES.map((key) => [key, rows.reduce((sum, r) => sum + r[key], 0)])) as Record<
    (typeof OTP_FIGURES)[number],
    number
  >

export const otpReportConfig = (now: () => Date = () => new Date()) =>
  tableReport<OtpReportRow, RangeFilters>({
    name: "otp",
    columns: otpReportColumns,
    isRow: Schema.is(OtpReportRowSchema),
    defaultFilters: () => lastDays(30, now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const { data } = yield* api.call("otp", "otpReport", {
          ...daysOf(query.filters),
          page: query.page + 1,
          limit: query.pageSize,
          ...businessOf(query),
        })
        return { rows: data.items, total: data.totalItems }
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "otp",
        name: "otpReport",
        payload: { ...daysOf(query.filters), page: 1, limit: 1000, ...businessOf(query) },
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("otp_report"),
  })

export const otpReportMachine = createReportMachine(otpReportConfig())
