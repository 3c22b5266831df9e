/**
 * The tenant's templates (`report-templates`, /templateMessage-hsm and its company sub-page): searched by name or
 * text, filtered by status, newest change first. A super admin picks the business first (the report machine's `picks`)
 * and reads its templates through the call's super-admin form; the platform's own business sends no templates.
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
      const asked = {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
        ...(query.filters.status ? { status: query.filters.status } : {}),
      }
      const body =
        query.clientId === undefined
          ? yield* api.call("templates", "templateMessageFetch", asked)
          : yield* api.call("templates", "templateMessageFetchAdmin", { ...asked, client_id: query.clientId })
      return pageOf<Template, undefined>(body)
    }),
})
