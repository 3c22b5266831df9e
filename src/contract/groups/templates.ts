/** The template messages group: templates themselves (templates.ts) and the bulk campaigns (templates-campaigns.ts). */
import { Schema } from "effect"
import { defineGroup } from "../call"
import { Count, Data, Id, Ids, ListQuery, Ok, Paged, Phone, optionalFields } from "../schemas/common"
import {
  Template,
  TemplateCost,
  TemplateInput,
  TemplateName,
  TemplateParams,
  TemplateParamsInfo,
  TemplateSendInput,
  TemplateSent,
  TemplateStatus,
} from "../schemas/templates"
import { campaignCalls } from "./templates-campaigns"
import { AnyClient, ForClient, admin } from "./templates-admin"

const TemplateList = { ...ListQuery, status: Schema.optional(TemplateStatus) }
const Cost = { template_name: TemplateName, recipients: Count }

export const templates = defineGroup(
  "templates",
  { title: "Template messages", permission: "templates" },
  {
    templateMessageFetchAdmin: {
      method: "POST",
      path: "/template/message/fetch/admin",
      request: Schema.Struct({ ...TemplateList, ...AnyClient }),
      response: Paged(Template),
      ...admin,
    },
    templateMessageFetch: {
      method: "POST",
      path: "/template/message/fetch",
      request: Schema.Struct(TemplateList),
      response: Paged(Template),
    },
    /** Submits a template to the channel for approval; it starts PENDING. */
    templateMessageCreate: {
      method: "POST",
      path: "/template/message/create",
      request: Schema.Struct(TemplateInput),
      response: Data(Template),
    },
    templateMessageDeleteAdmin: {
      method: "POST",
      path: "/template/message/delete/admin",
      request: Schema.Struct({ name: TemplateName, ...ForClient }),
      response: Ok,
      ...admin,
    },
    /** Lets these agents send the template from a chat. */
    assignTemplateMessage: {
      method: "POST",
      path: "/assign/template/message",
      request: Schema.Struct({ template_id: Id, user_ids: Ids }),
      response: Ok,
    },
    costTemplate: {
      method: "POST",
      path: "/cost/template",
      request: Schema.Struct(Cost),
      response: Data(TemplateCost),
    },
    costTemplateAdmin: {
      method: "POST",
      path: "/cost/template/admin",
      request: Schema.Struct({ ...Cost, ...ForClient }),
      response: Data(TemplateCost),
      ...admin,
    },
    /** The Individual Template Message screen's send: a business messages its own customers (the super admin has the admin-only send). */
    sendTemplateMessageText: {
      method: "POST",
      path: "/send/template/message/text",
      request: Schema.Struct(TemplateSendInput),
      response: Data(TemplateSent),
      access: "business",
    },
    sendTemplateMessageTextAdminOnly: {
      method: "POST",
      path: "/send/template/message/text/admin-only",
      request: Schema.Struct({ ...TemplateSendInput, ...ForClient }),
      response: Data(TemplateSent),
      ...admin,
    },
    templateParams: {
      method: "POST",
      path: "/template/params",
      request: Schema.Struct({ template_name: TemplateName }),
      response: Data(TemplateParamsInfo),
    },
    templateMessage: {
      method: "POST",
      path: "/template/message",
      request: Schema.Struct({ template_name: TemplateName }),
      response: Data(Template),
    },
    templateMessageUpdate: {
      method: "PUT",
      path: "/template/message/update",
      request: Schema.Struct({ id: Id, ...optionalFields(TemplateInput) }),
      response: Data(Template),
    },
    deleteTemplateMessageByTemplateName: {
      method: "DELETE",
      path: "/delete/template/message/{template_name}",
      request: Schema.Struct({ template_name: TemplateName }),
      response: Ok,
    },
    /**
     * The templates the calling agent may send: the chat composer's list outside WhatsApp's 24-hour window, so it needs
     * the chat permission, not the template administration one.
     */
    getTemplateMessageAgent: {
      method: "POST",
      path: "/get/template/message/agent",
      request: Schema.Struct(ListQuery),
      response: Paged(Template),
      permission: "chat",
    },
    agentCostTemplate: {
      method: "POST",
      path: "/agent/cost/template",
      request: Schema.Struct(Cost),
      response: Data(TemplateCost),
    },
    /** An agent sends an assigned template to the customer of a chat whose window closed. */
    agentTemplateMessageText: {
      method: "POST",
      path: "/agent/template/message/text",
      request: Schema.Struct({
        template_name: TemplateName,
        language: TemplateSendInput.language,
        to: Phone,
        params: Schema.optional(TemplateParams),
      }),
      response: Data(TemplateSent),
    },
    ...campaignCalls,
  },
)
