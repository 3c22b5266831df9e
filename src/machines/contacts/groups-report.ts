/** Contact groups (`report-contact-groups`, /apps/contact-groups): each group with its member count, and its editor. */
import { Effect } from "effect"
import type { ContactGroup } from "../../contract/schemas/contacts"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export const groupsMachine = createReportMachine<ContactGroup, Record<string, never>>({
  name: "contact-groups",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("contacts", "groupsList", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf(body)
    }),
})
