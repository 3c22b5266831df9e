/**
 * The tenant's templates (`report-templates`, /templateMessage-hsm and its company sub-page): searched by name or
 * text, filtered by status, newest change first.
 */
import { Effect } from "effect"
import type { Template, TemplateStatus } from "../../contract/schemas/templates"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export interface TemplateFilters {
  readonly status: TemplateStatus | ""
}

export const templatesListMachine = createReportMachine<Template, TemplateFilters, undefined>({
  name: "templates",
  pageBase: 1,
  defaultFilters: () => ({ status: "" }),
  appliesOnChange: () => true,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("templates", "templateMessageFetch", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
        ...(query.filters.status ? { status: query.filters.status } : {}),
      })
      return pageOf<Template, undefined>(body)
    }),
})
