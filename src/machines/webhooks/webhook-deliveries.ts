/**
 * One webhook's delivery log (`report-webhook-deliveries`): every attempt, newest first, with the receiver's status
 * code, how long it took and why it failed. The filter names the webhook; with none chosen the log is empty. A super
 * admin's log reads the business picked on the list (the report machine's `picks`).
 */
import { Effect } from "effect"
import type { WebhookDelivery } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export interface DeliveryFilters {
  readonly webhook_id: number | null
}

export const webhookDeliveriesMachine = createReportMachine<WebhookDelivery, DeliveryFilters>({
  name: "webhook-deliveries",
  pageBase: 1,
  defaultFilters: () => ({ webhook_id: null }),
  load: (query) =>
    Effect.gen(function* () {
      const id = query.filters.webhook_id
      if (id === null) return { rows: [], total: 0 }
      const api = yield* Api
      const body = yield* api.call("webhooks", "webhookDeliveries", {
        webhook_id: id,
        page: query.page,
        limit: query.pageSize,
        ...businessOf(query),
      })
      return pageOf<WebhookDelivery>(body)
    }),
})
