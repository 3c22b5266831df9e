/** UAT customers (`report-uat`, company sub-page uat-customer): the tenant's test numbers, searchable. */
import { Effect } from "effect"
import type { UatCustomer } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export const uatListMachine = createReportMachine<UatCustomer, Record<string, never>>({
  name: "uat",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const body = yield* (yield* Api).call("uat", "fetchUatCustomer", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<UatCustomer>(body)
    }),
})
