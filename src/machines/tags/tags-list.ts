/** Tags (`report-tags`, the company sub-page Tagsforchatbot): the tags the chatbot sets, with how many contacts carry each. */
import { Effect } from "effect"
import type { Tag } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { createReportMachine } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export const tagsListMachine = createReportMachine<Tag, Record<string, never>>({
  name: "tags",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("tagging", "tags", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<Tag>(body)
    }),
})
