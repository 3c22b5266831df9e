import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const conversationTemplates = defineGroup("conversationTemplates", { title: "Conversation templates and limits", permission: "conversation_templates" }, {
  fetchListConversationTemplates: { method: "POST", path: "/backend/fetch/list/conversation_templates", request: Undesigned, response: Undesigned },
  conversationTemplatesCreate: { method: "POST", path: "/backend/conversation/templates/create", request: Undesigned, response: Undesigned },
  conversationTemplatesUpdateById: { method: "PUT", path: "/backend/conversation/templates/update/id", request: Undesigned, response: Undesigned },
  requestLimits: { method: "POST", path: "/request/limits", request: Undesigned, response: Undesigned },
  requestLimitAdd: { method: "POST", path: "/request/limit/add", request: Undesigned, response: Undesigned },
  requestLimitUpdate: { method: "POST", path: "/request/limit/update", request: Undesigned, response: Undesigned },
  requestLimitDelete: { method: "POST", path: "/request/limit/delete", request: Undesigned, response: Undesigned },
  createTemplateMessage: { method: "POST", path: "/create/template/message", request: Undesigned, response: Undesigned },
  agentTemplateInformation: { method: "POST", path: "/agent/template/information", request: Undesigned, response: Undesigned },
  templateUsageStats: { method: "POST", path: "/template/usage/stats", request: Undesigned, response: Undesigned },
  templateMonitoring: { method: "POST", path: "/template/monitoring", request: Undesigned, response: Undesigned },
})
