import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, DateRange, Id, IdParam, List, ListQuery, Ok, Paged, Phone, optionalFields } from "../schemas/common"
import {
  ConversationTemplate,
  ConversationTemplateInput,
  Language,
  OutgoingMessage,
  OutgoingStatus,
  RequestLimit,
  RequestLimitInput,
  Template,
  TemplateName,
  TemplateParams,
  TemplateUsage,
} from "../schemas/templates"

export const conversationTemplates = defineGroup(
  "conversationTemplates",
  { title: "Conversation templates and limits", permission: "conversation_templates" },
  {
    fetchListConversationTemplates: {
      method: "POST",
      path: "/backend/fetch/list/conversation_templates",
      request: Schema.Struct({ ...ListQuery, active: Schema.optional(Schema.Boolean) }),
      response: Paged(ConversationTemplate),
    },
    conversationTemplatesCreate: {
      method: "POST",
      path: "/backend/conversation/templates/create",
      request: Schema.Struct(ConversationTemplateInput),
      response: Data(ConversationTemplate),
    },
    conversationTemplatesUpdateById: {
      method: "PUT",
      path: "/backend/conversation/templates/update/id",
      request: Schema.Struct({ id: IdParam, ...optionalFields(ConversationTemplateInput) }),
      response: Data(ConversationTemplate),
    },
    // The calls below are the tenant's integration API: they carry the API-key header (spec 001 section 7).
    requestLimits: {
      method: "POST",
      path: "/request/limits",
      request: Schema.Struct(ListQuery),
      response: Paged(RequestLimit),
      credential: "apiKey",
    },
    requestLimitAdd: {
      method: "POST",
      path: "/request/limit/add",
      request: Schema.Struct(RequestLimitInput),
      response: Data(RequestLimit),
      credential: "apiKey",
    },
    requestLimitUpdate: {
      method: "POST",
      path: "/request/limit/update",
      request: Schema.Struct({ id: Id, ...optionalFields(RequestLimitInput) }),
      response: Data(RequestLimit),
      credential: "apiKey",
    },
    requestLimitDelete: {
      method: "POST",
      path: "/request/limit/delete",
      request: Schema.Struct({ id: Id }),
      response: Ok,
      credential: "apiKey",
    },
    /** Sends one template message to one number, counted against the request limits. */
    createTemplateMessage: {
      method: "POST",
      path: "/create/template/message",
      request: Schema.Struct({
        template_name: TemplateName,
        language: Language,
        to: Phone,
        params: Schema.optional(TemplateParams),
        agent_id: Schema.optional(Id),
      }),
      response: Data(Schema.Struct({ message_id: Schema.String, status: OutgoingStatus })),
      credential: "apiKey",
    },
    /** The templates an agent may send and what is left of their limits. */
    agentTemplateInformation: {
      method: "POST",
      path: "/agent/template/information",
      request: Schema.Struct({ agent_id: Id }),
      response: Data(Schema.Struct({ templates: Schema.Array(Template), limits: Schema.Array(RequestLimit) })),
      credential: "apiKey",
    },
    templateUsageStats: {
      method: "POST",
      path: "/template/usage/stats",
      request: Schema.Struct({ ...DateRange, template_name: Schema.optional(TemplateName) }),
      response: List(TemplateUsage),
      credential: "apiKey",
    },
    templateMonitoring: {
      method: "POST",
      path: "/template/monitoring",
      request: Schema.Struct({ ...ListQuery, ...DateRange, status: Schema.optional(OutgoingStatus) }),
      response: Paged(OutgoingMessage),
      credential: "apiKey",
    },
  },
)
