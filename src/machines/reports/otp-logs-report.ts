/** OTP Logs (`/apps/otp-logs`) as a configured paged report: `report-otp-logs`. */
import { Effect } from "effect"
import type { OtpLogRow } from "../../contract/schemas/otp"
import { Api } from "../../services/api/api"
import { businessOf, createReportMachine, type ReportConfig } from "../report-kit/report-machine"
import { utcDay } from "../report-kit/format"

export interface OtpLogFilters {
  readonly startDate: string
  readonly endDate: string
}

/** The last 30 days up to today (UTC): the spec names no default range, and a month shows recent codes. */
export const lastMonth = (now = new Date()): OtpLogFilters => ({
  startDate: utcDay(new Date(now.getTime() - 29 * 86_400_000)),
  endDate: utcDay(now),
})

export const otpLogsConfig = (now: () => Date = () => new Date()): ReportConfig<OtpLogRow, OtpLogFilters> => ({
  name: "otp-logs",
  pageBase: 1,
  defaultFilters: () => lastMonth(now()),
  // The range has no Apply button: a complete range applies itself.
  appliesOnChange: (draft) => draft.startDate !== "" && draft.endDate !== "",
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      // clientId is fixed to 1 (spec 000 section 9) and the server ignores it; a super admin's pick is client_id.
      const body = yield* api.call("otp", "otpLogs", {
        clientId: 1,
        limit: query.pageSize,
        page: query.page,
        startDate: query.filters.startDate,
        endDate: query.filters.endDate,
        ...(query.search ? { email: query.search } : {}),
        ...businessOf(query),
      })
      return { rows: body.logs.data, total: body.logs.totalItems }
    }),
})

export const otpLogsMachine = createReportMachine(otpLogsConfig())
