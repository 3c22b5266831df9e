import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Id, ListQuery, Ok, Paged } from "../schemas/common"
import { WebhookDelivery } from "../schemas/security"

/** What the client-webhook screen needs beyond the spec's four calls (security group): the delivery log and a test event. */
export const webhooks = defineGroup(
  "webhooks",
  { title: "Client webhook deliveries", permission: "security", beyondSpec: true },
  {
    /** A webhook's delivery attempts, newest first. */
    webhookDeliveries: {
      method: "POST",
      path: "/webhook/deliveries",
      // A super admin names the webhook's business (client_id); anyone else reads their own.
      request: Schema.Struct({ webhook_id: Id, ...ListQuery, client_id: Schema.optional(Id) }),
      response: Paged(WebhookDelivery),
    },
    /** Deletes a webhook with its delivery log; its queued deliveries are dropped. */
    deleteClientWebhook: { method: "POST", path: "/webhook/delete", request: Schema.Struct({ id: Id }), response: Ok },
    /** Publishes a `webhook.test` event to this webhook alone (even a disabled one, so its admin can check a fix). */
    sendWebhookTestEvent: {
      method: "POST",
      path: "/webhook/test",
      request: Schema.Struct({ id: Id }),
      response: Data(Schema.Struct({ event_id: Schema.String })),
    },
  },
)
