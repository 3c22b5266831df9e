/** The OTP providers (`report-otp-providers`) and OTP users (`report-otp-users`, searchable) lists, on the report kit. */
import { Effect } from "effect"
import type { OtpProvider, OtpUser } from "../../contract/schemas/otp"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export const otpProvidersListMachine = createReportMachine<OtpProvider, Record<string, never>>({
  name: "otp-providers",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("otp", "fetchOtpProviders", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<OtpProvider>(body)
    }),
})

export const otpUsersListMachine = createReportMachine<OtpUser, Record<string, never>>({
  name: "otp-users",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("otp", "getClientWiseUsersOtp", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<OtpUser>(body)
    }),
})
