/**
 * The tenant's templates (`report-templates`, /templateMessage-hsm and its company sub-page): searched by name or
 * text, filtered by status, newest change first. A super admin reads the business picked (filter `client_id`) through
 * the call's super-admin form, and nothing until one is picked: the platform's own business sends no templates.
 */
import { Effect } from "effect"
import type { Template, TemplateStatus } from "../../contract/schemas/templates"
import { Api } from "../../services/api/api"
import { picksBusinessNow } from "../platform/business-picker"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export interface TemplateFilters {
  readonly status: TemplateStatus | ""
  /** The business a super admin picked; a tenant's people never set it. */
  readonly client_id?: number
}

export const templatesListMachine = createReportMachine<Template, TemplateFilters, undefined>({
  name: "templates",
  pageBase: 1,
  defaultFilters: () => ({ status: "" }),
  appliesOnChange: () => true,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const picked = query.filters.client_id
      if (picked === undefined && (yield* picksBusinessNow)) return { rows: [], total: 0 }
      const asked = {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
        ...(query.filters.status ? { status: query.filters.status } : {}),
      }
      const body =
        picked === undefined
          ? yield* api.call("templates", "templateMessageFetch", asked)
          : yield* api.call("templates", "templateMessageFetchAdmin", { ...asked, client_id: picked })
      return pageOf<Template, undefined>(body)
    }),
})
