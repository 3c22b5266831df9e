import { Schema } from "effect"
import { Amount, Channel, Count, Currency, Id, Instant, Name, Phones, Text } from "./common"

/** WhatsApp template names: lower-case letters, digits and underscores. */
export const TemplateName = Schema.String.check(Schema.isPattern(/^[a-z0-9_]{1,512}$/))
export const Language = Schema.String.check(Schema.isPattern(/^[a-z]{2}(_[A-Z]{2})?$/))
export const TemplateCategory = Schema.Literals(["MARKETING", "UTILITY", "AUTHENTICATION"])
export type TemplateCategory = typeof TemplateCategory.Type
export const TemplateStatus = Schema.Literals(["PENDING", "APPROVED", "REJECTED", "PAUSED", "DISABLED"])
export type TemplateStatus = typeof TemplateStatus.Type
/** Values for the template's `{{n}}` placeholders, in order. */
export const TemplateParams = Schema.Array(Text(1024)).check(Schema.isMaxLength(20))

export const TemplateButton = Schema.Struct({
  type: Schema.Literals(["QUICK_REPLY", "URL", "PHONE_NUMBER"]),
  text: Name(25),
  /** The URL or phone number of URL and PHONE_NUMBER buttons. */
  value: Schema.optional(Text(2000)),
})
export type TemplateButton = typeof TemplateButton.Type

export const TemplateInput = {
  name: TemplateName,
  language: Language,
  category: TemplateCategory,
  header_type: Schema.optional(Schema.Literals(["text", "image", "video", "document"])),
  header: Schema.optional(Text(2048)),
  /** Example of the header's `{{1}}` (WhatsApp reviews a template with its examples). */
  header_example: Schema.optional(Text(1024)),
  body: Name(1024),
  /** One example per body parameter, `{{1}}` first. */
  body_examples: Schema.optional(Schema.Array(Text(1024)).check(Schema.isMaxLength(20))),
  footer: Schema.optional(Text(60)),
  buttons: Schema.optional(Schema.Array(TemplateButton).check(Schema.isMaxLength(10))),
}

export const Template = Schema.Struct({
  id: Id,
  name: Schema.String,
  language: Schema.String,
  category: TemplateCategory,
  status: TemplateStatus,
  header_type: Schema.NullOr(Schema.String),
  header: Schema.NullOr(Schema.String),
  body: Schema.String,
  footer: Schema.NullOr(Schema.String),
  buttons: Schema.Array(TemplateButton),
  params_count: Count,
  rejected_reason: Schema.NullOr(Schema.String),
  created_at: Instant,
  header_example: Schema.optional(Schema.NullOr(Schema.String)),
  body_examples: Schema.optional(Schema.Array(Schema.String)),
  /** The agents it is assigned to (none: every agent may send it). */
  agent_ids: Schema.optional(Schema.Array(Id)),
  /** The tenant it belongs to (the super admin's list across tenants). */
  client_id: Schema.optional(Id),
  updated_at: Schema.optional(Instant),
})
export type Template = typeof Template.Type

export const TemplateParamsInfo = Schema.Struct({
  template_name: Schema.String,
  header_type: Schema.NullOr(Schema.String),
  params: Schema.Array(Schema.Struct({ index: Count, example: Schema.NullOr(Schema.String) })),
})
export type TemplateParamsInfo = typeof TemplateParamsInfo.Type

export const BlacklistedNumber = Schema.Struct({
  number: Schema.String,
  reason: Schema.NullOr(Schema.String),
  dt: Instant,
})
export type BlacklistedNumber = typeof BlacklistedNumber.Type

export const OutgoingStatus = Schema.Literals(["queued", "sent", "delivered", "read", "failed"])
export type OutgoingStatus = typeof OutgoingStatus.Type
export const OutgoingMessage = Schema.Struct({
  id: Id,
  external_id: Schema.NullOr(Schema.String),
  number: Schema.String,
  template_name: Schema.String,
  campaign_id: Schema.NullOr(Id),
  status: OutgoingStatus,
  error: Schema.NullOr(Schema.String),
  dt: Instant,
})
export type OutgoingMessage = typeof OutgoingMessage.Type

export const TemplateCost = Schema.Struct({
  template_name: Schema.String,
  category: TemplateCategory,
  recipients: Count,
  unit_cost: Amount,
  total_cost: Amount,
  currency: Currency,
  /** The balance left after this send, to warn before a campaign overdraws. */
  balance_after: Schema.Number,
})
export type TemplateCost = typeof TemplateCost.Type

export const TemplateSendInput = {
  template_name: TemplateName,
  language: Language,
  to: Phones(1000),
  params: Schema.optional(TemplateParams),
  header_value: Schema.optional(Text(2048)),
}
/** One queued message per recipient. */
export const TemplateSent = Schema.Struct({
  messages: Schema.Array(Schema.Struct({ id: Schema.String, number: Schema.String, status: OutgoingStatus })),
})
export type TemplateSent = typeof TemplateSent.Type

export const ActiveSession = Schema.Struct({
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  channel_type: Channel,
  /** End of the 24-hour window in which free-form messages may be sent. */
  expires_at: Instant,
})
export type ActiveSession = typeof ActiveSession.Type

// ---- Conversation templates and API request limits -------------------------------------------------

/** A free-form message template agents insert in a live conversation. */
export const ConversationTemplate = Schema.Struct({
  id: Id,
  name: Schema.String,
  language: Schema.String,
  body: Schema.String,
  active: Schema.Boolean,
  created_at: Instant,
})
export type ConversationTemplate = typeof ConversationTemplate.Type
export const ConversationTemplateInput = {
  name: Name(120),
  language: Language,
  body: Name(4096),
  active: Schema.optional(Schema.Boolean),
}

/** How many API-key template sends a tenant (or one of its agents) may make per day and month. */
export const RequestLimit = Schema.Struct({
  id: Id,
  agent_id: Schema.NullOr(Id),
  template_name: Schema.NullOr(Schema.String),
  daily_limit: Count,
  monthly_limit: Count,
  used_today: Count,
  used_this_month: Count,
  updated_at: Instant,
})
export type RequestLimit = typeof RequestLimit.Type
export const RequestLimitInput = {
  agent_id: Schema.optional(Id),
  template_name: Schema.optional(TemplateName),
  daily_limit: Count,
  monthly_limit: Count,
}

export const TemplateUsage = Schema.Struct({
  template_name: Schema.String,
  sent: Count,
  delivered: Count,
  read: Count,
  failed: Count,
})
export type TemplateUsage = typeof TemplateUsage.Type
