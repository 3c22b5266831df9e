/** Labels (`report-labels`, /apps/labels): the tenant's conversation labels with how many conversations carry each. */
import { Effect } from "effect"
import type { Label } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { createReportMachine } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export const labelsListMachine = createReportMachine<Label, Record<string, never>>({
  name: "labels",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("tagging", "labels", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<Label>(body)
    }),
})
