import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty, Id, IdBody, List, ListQuery, Ok, Paged, optionalFields } from "../schemas/common"
import { AccountLimit, AccountLimitInput, IpEntry, IpEntryInput, Webhook, WebhookEventType, WebhookInput } from "../schemas/security"

export const security = defineGroup(
  "security",
  { title: "IP whitelist, webhooks, account limits", permission: "security" },
  {
    getIps: { method: "POST", path: "/get/ips", request: Schema.Struct(ListQuery), response: Paged(IpEntry) },
    ipAdd: { method: "POST", path: "/ip/add", request: Schema.Struct(IpEntryInput), response: Data(IpEntry) },
    ipUpdate: {
      method: "POST",
      path: "/ip/update",
      request: Schema.Struct({ id: Id, ...optionalFields(IpEntryInput) }),
      response: Data(IpEntry),
    },
    ipDelete: { method: "POST", path: "/ip/delete", request: IdBody, response: Ok },
    clientWebhooks: {
      method: "POST",
      path: "/client/webhooks",
      // A super admin names the business (client_id); anyone else reads their own.
      request: Schema.Struct({ ...ListQuery, client_id: Schema.optional(Id) }),
      response: Paged(Webhook),
    },
    getWebhookEventTypes: {
      method: "POST",
      path: "/get/webhook/event/types",
      request: Empty,
      response: List(WebhookEventType),
    },
    createClientWebhook: {
      method: "POST",
      path: "/create/client/webhook",
      request: Schema.Struct(WebhookInput),
      response: Data(Webhook),
    },
    updateClientWebhook: {
      method: "POST",
      path: "/update/client/webhook",
      request: Schema.Struct({ id: Id, ...optionalFields(WebhookInput) }),
      response: Data(Webhook),
    },
    /** The caller's own tenant's quotas (a super admin may name another tenant). */
    getAccountLimits: {
      method: "POST",
      path: "/get/account/limits",
      request: Schema.Struct({ client_id: Schema.optional(Id) }),
      response: List(AccountLimit),
    },
    // Setting quotas, and seeing every tenant's, is the super admin's: a tenant must not raise its own limits.
    accountLimitsAll: {
      method: "GET",
      path: "/account/limits/all",
      request: Empty,
      response: List(AccountLimit),
      access: "superAdmin",
    },
    postAccountLimits: {
      method: "POST",
      path: "/account/limits",
      request: Schema.Struct(AccountLimitInput),
      response: Data(AccountLimit),
      access: "superAdmin",
    },
    putAccountLimits: {
      method: "PUT",
      path: "/account/limits",
      request: Schema.Struct({ id: Id, limit: AccountLimitInput.limit }),
      response: Data(AccountLimit),
      access: "superAdmin",
    },
  },
)
