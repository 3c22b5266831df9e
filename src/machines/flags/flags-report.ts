/** Flags (`report-flags`, /apps/flag): the tenant's flags with how many customers carry each, and their editor. */
import { Effect } from "effect"
import type { Flag } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export const flagsMachine = createReportMachine<Flag, Record<string, never>>({
  name: "flags",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("flags", "flagFetch", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf(body)
    }),
})
