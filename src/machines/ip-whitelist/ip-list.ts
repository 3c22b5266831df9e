/** The IP whitelist (`report-ip-whitelist`, /apps/ip-whitelist): the tenant's addresses and ranges, searchable. */
import { Effect } from "effect"
import type { IpEntry } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export const ipListMachine = createReportMachine<IpEntry, Record<string, never>>({
  name: "ip-whitelist",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("security", "getIps", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<IpEntry>(body)
    }),
})
