/**
 * Client webhooks (`report-webhooks`, /apps/client-webhook): the tenant's endpoints, newest first, searched by URL. A
 * super admin reads the business picked (filter `client_id`), and nothing until one is picked.
 */
import { Effect } from "effect"
import type { Webhook } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { picksBusinessNow } from "../platform/business-picker"
import { createReportMachine } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export interface WebhookFilters {
  /** The business a super admin picked; a tenant's people never set it. */
  readonly client_id?: number
}

export const webhooksListMachine = createReportMachine<Webhook, WebhookFilters>({
  name: "webhooks",
  pageBase: 1,
  defaultFilters: () => ({}),
  appliesOnChange: () => true,
  load: (query) =>
    Effect.gen(function* () {
      const picked = query.filters.client_id
      if (picked === undefined && (yield* picksBusinessNow)) return { rows: [], total: 0 }
      const api = yield* Api
      const body = yield* api.call("security", "clientWebhooks", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
        ...(picked === undefined ? {} : { client_id: picked }),
      })
      return pageOf<Webhook>(body)
    }),
})
