import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const security = defineGroup("security", { title: "IP whitelist, webhooks, account limits", permission: "security" }, {
  getIps: { method: "POST", path: "/get/ips", request: Undesigned, response: Undesigned },
  ipAdd: { method: "POST", path: "/ip/add", request: Undesigned, response: Undesigned },
  ipUpdate: { method: "POST", path: "/ip/update", request: Undesigned, response: Undesigned },
  ipDelete: { method: "POST", path: "/ip/delete", request: Undesigned, response: Undesigned },
  clientWebhooks: { method: "POST", path: "/client/webhooks", request: Undesigned, response: Undesigned },
  getWebhookEventTypes: { method: "POST", path: "/get/webhook/event/types", request: Undesigned, response: Undesigned },
  createClientWebhook: { method: "POST", path: "/create/client/webhook", request: Undesigned, response: Undesigned },
  updateClientWebhook: { method: "POST", path: "/update/client/webhook", request: Undesigned, response: Undesigned },
  getAccountLimits: { method: "POST", path: "/get/account/limits", request: Undesigned, response: Undesigned },
  accountLimitsAll: { method: "GET", path: "/account/limits/all", request: Undesigned, response: Undesigned },
  postAccountLimits: { method: "POST", path: "/account/limits", request: Undesigned, response: Undesigned },
  putAccountLimits: { method: "PUT", path: "/account/limits", request: Undesigned, response: Undesigned },
})
