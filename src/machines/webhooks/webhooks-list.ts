/** Client webhooks (`report-webhooks`, /apps/client-webhook): the tenant's endpoints, newest first, searched by URL. */
import { Effect } from "effect"
import type { Webhook } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { createReportMachine } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export const webhooksListMachine = createReportMachine<Webhook, Record<string, never>>({
  name: "webhooks",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("security", "clientWebhooks", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<Webhook>(body)
    }),
})
