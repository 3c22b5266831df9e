/**
 * Client webhooks (`report-webhooks`, /apps/client-webhook): the tenant's endpoints, newest first, searched by URL. A
 * super admin picks the business first (the report machine's `picks`), and nothing is read until then.
 */
import { Effect } from "effect"
import type { Webhook } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export const webhooksListMachine = createReportMachine<Webhook, Record<string, never>>({
  name: "webhooks",
  pageBase: 1,
  defaultFilters: () => ({}),
  appliesOnChange: () => true,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("security", "clientWebhooks", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
        ...businessOf(query),
      })
      return pageOf<Webhook>(body)
    }),
})
