import { Schema } from "effect"
import { Channel, Count, Email, Id, Instant, Month, Name, Phone, Text, TimeOfDay, Url } from "./common"
import { ContactFormSettings, ContactFormSettingsFields, CountryCode } from "./contacts"

export const OnboardingStatus = Schema.Literals(["submitted", "in_review", "approved", "rejected"])
export type OnboardingStatus = typeof OnboardingStatus.Type

/** A business (tenant). */
export const Client = Schema.Struct({
  id: Id,
  name: Schema.String,
  email: Schema.String,
  phone: Schema.NullOr(Schema.String),
  country_id: Schema.NullOr(Id),
  address: Schema.NullOr(Schema.String),
  website: Schema.NullOr(Schema.String),
  logo_url: Schema.NullOr(Schema.String),
  /** Who to ask at the business (the company sub-page Contact); optional in answers older than it. */
  contact_person: Schema.optional(Schema.NullOr(Schema.String)),
  /** The subject line of the emails sent on the tenant's behalf. */
  subject: Schema.NullOr(Schema.String),
  /** Registration review: submitted -> in_review -> approved | rejected (server/features/businesses/review.ts). */
  onboarding_status: OnboardingStatus,
  /** Why the super admin rejected the registration; null otherwise. */
  rejection_reason: Schema.optional(Schema.NullOr(Schema.String)),
  active: Schema.Boolean,
  /** Set when the super admin deleted the business (soft): its data is purged after the retention period. */
  deleted_at: Schema.optional(Schema.NullOr(Instant)),
  created_at: Instant,
})
export type Client = typeof Client.Type
export const ClientInput = {
  name: Name(120),
  email: Email,
  phone: Schema.optional(Phone),
  country_id: Schema.optional(Id),
  address: Schema.optional(Text(300)),
  website: Schema.optional(Url),
  logo_url: Schema.optional(Url),
  /** Empty text clears it. */
  contact_person: Schema.optional(Text(120)),
}
export const ClientInfo = Schema.Struct({
  ...Client.fields,
  admin_username: Schema.NullOr(Schema.String),
  agents: Count,
  channels: Schema.Array(Channel),
})
export type ClientInfo = typeof ClientInfo.Type
export const ClientStats = Schema.Struct({
  client_id: Id,
  name: Schema.String,
  agents: Count,
  contacts: Count,
  conversations: Count,
  messages_this_month: Count,
  templates_this_month: Count,
  /** The ledger's running balance, in the account's currency (two decimals as text). */
  balance: Schema.optional(Schema.String),
})
export type ClientStats = typeof ClientStats.Type
export const ClientsMeta = Schema.Struct({ total: Count, active: Count, inactive: Count, onboarding: Count })
export type ClientsMeta = typeof ClientsMeta.Type

export const Registration = {
  business_name: Name(120),
  email: Email,
  phone: Phone,
  country_id: Id,
  admin_username: Schema.String.check(Schema.isPattern(/^[a-z0-9._-]{3,40}$/)),
  password: Schema.String.check(Schema.isMinLength(8), Schema.isMaxLength(128)),
  /** Documents uploaded with /registration/upload before this call, attached to the registration. */
  document_ids: Schema.optional(Schema.Array(Id).check(Schema.isMaxLength(5))),
  /** The `upload_token` those uploads answered: only the applicant who uploaded a document can claim it. */
  upload_token: Schema.optional(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{32,64}$/))),
}
export const OnboardingDetails = {
  whatsapp_number: Phone,
  business_category: Name(60),
  description: Schema.optional(Text(1000)),
  website: Schema.optional(Url),
}
export const RegistrationDocument = Schema.Literals(["trade_license", "tax_certificate", "identity", "other"])
export type RegistrationDocument = typeof RegistrationDocument.Type
/** A registration's document as the super admin reviews it. */
export const RegistrationDocumentRow = Schema.Struct({
  id: Id,
  document_type: RegistrationDocument,
  name: Schema.String,
  mime_type: Schema.String,
  size: Count,
  url: Schema.String,
  created_at: Instant,
})
export type RegistrationDocumentRow = typeof RegistrationDocumentRow.Type

export const WorkingDay = Schema.Struct({
  day: Schema.Literals(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]),
  open: TimeOfDay,
  close: TimeOfDay,
})
export type WorkingDay = typeof WorkingDay.Type
/** Tenant-wide behaviour of chats and agents. */
/** A conversation with the label, or whose contact is in the segment or carries the flag (VIP), waits at `priority`. */
export const QueuePriorityRule = Schema.Struct({
  kind: Schema.Literals(["label", "segment", "flag"]),
  id: Schema.Number.check(Schema.isInt(), Schema.isGreaterThan(0)),
  priority: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: -100, maximum: 100 })),
})
export type QueuePriorityRule = typeof QueuePriorityRule.Type

export const ClientSettingsFields = {
  timezone: Schema.String.check(Schema.isMaxLength(64)),
  language: Schema.Literals(["en", "tr", "ar"]),
  /** Idle minutes after which a chat closes with the session message (the Session Timeout screen's own value: one rule). */
  session_timeout_minutes: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 10080 })),
  /** Whether idle chats close by themselves (the Session Timeout screen's switch). */
  session_timeout_enabled: Schema.optional(Schema.Boolean),
  auto_assign: Schema.Boolean,
  max_chats_per_agent: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 })),
  working_hours: Schema.Array(WorkingDay).check(Schema.isMaxLength(7)),
  away_message: Schema.NullOr(Text(1024)),
  survey_enabled: Schema.Boolean,
  /** The country contact numbers without `+` are read in (CSV import, forms); stored as client setting `default_country`. */
  default_country: Schema.optional(Schema.NullOr(CountryCode)),
  /** The public information-collection form; stored as client setting `contact_form`. */
  contact_form: Schema.optional(Schema.Struct(ContactFormSettingsFields)),
  /** Days messages and their media are kept (older ones are deleted daily); null keeps them. Client setting `retention_days`. */
  retention_days: Schema.optional(Schema.NullOr(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 3650 })))),
  /** How many SMS threads an agent may hold at once unless their role or they have their own cap. Client setting `max_sms_per_agent`. */
  max_sms_per_agent: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 500 }))),
  /** How many calls an agent may be on at once unless their role or they have their own cap. Client setting `max_calls_per_agent`. */
  max_calls_per_agent: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 10 }))),
  /** Whether WhatsApp and SMS customers waiting for an agent are told their place in the queue. Client setting `queue_position_messages`. */
  queue_position_messages: Schema.optional(Schema.Boolean),
  /** The queue's priorities: a conversation meeting a rule waits at its priority (the highest it meets; 0 without). */
  queue_priority_rules: Schema.optional(Schema.Array(QueuePriorityRule).check(Schema.isMaxLength(50))),
  /** Whether an agent already on a call is still rung for new ones (off: busy agents are not rung). Client setting `call_waiting`. */
  call_waiting: Schema.optional(Schema.Boolean),
}
export const ClientSettings = Schema.Struct({
  ...ClientSettingsFields,
  /** The settings plus the form's signed public link (server/features/contacts/contact-form-link.ts makes it). */
  contact_form: Schema.optional(ContactFormSettings),
})
export type ClientSettings = typeof ClientSettings.Type

/** The channel's inbound webhook as the tenant configured it at Meta. */
export const WebhookConfig = Schema.Struct({ url: Schema.String, verify_token: Schema.String, updated_at: Instant })
export type WebhookConfig = typeof WebhookConfig.Type
export const HealthCheck = Schema.Struct({
  status: Schema.Literals(["ok", "degraded", "down"]),
  checks: Schema.Array(Schema.Struct({ name: Schema.String, ok: Schema.Boolean, detail: Schema.NullOr(Schema.String) })),
})
export type HealthCheck = typeof HealthCheck.Type

/** WhatsApp voice-call behaviour of the tenant. */
export const CallSettingFields = {
  enabled: Schema.Boolean,
  ring_timeout_seconds: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 10, maximum: 300 })),
  /**
   * How many agents a call rings at once, those rung longest ago first; the next as many after each RING_STEP_SECONDS
   * unanswered, or once all of them declined. 0 rings every agent who can take it at once.
   */
  ring_at_once: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 1000 })),
  /** The quick replies an agent can send instead of answering. */
  quick_replies: Schema.Array(Name(200)).check(Schema.isMaxLength(20)),
  /** Answered calls are recorded, the customer hearing an announcement first (off by default). */
  record_calls: Schema.Boolean,
  /** Days a recording is kept before the job queue deletes it. */
  recording_retention_days: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 3650 })),
}
export const CallSetting = Schema.Struct(CallSettingFields)
export type CallSetting = typeof CallSetting.Type
/**
 * The caller's own PBX softphone credentials: time-limited SIP credentials the server issues per user
 * (Kamailio auth_ephemeral: username "<expiry>:<extension>", password base64(HMAC-SHA1(secret, username))), instead
 * of the fixed built-in account of the original. Null when the server runs without a SIP server or the user may
 * not open /apps/pbxcalls.
 */
/** One ICE server for a browser's RTCPeerConnection (TURN with time-limited credentials, or STUN). */
export const IceServer = Schema.Struct({
  urls: Schema.Array(Schema.String),
  username: Schema.optional(Schema.String),
  credential: Schema.optional(Schema.String),
})
export type IceServer = typeof IceServer.Type

export const SipCredentials = Schema.Struct({
  ws_url: Schema.String,
  domain: Schema.String,
  extension: Schema.String,
  username: Schema.String,
  password: Schema.String,
  /** Unix seconds after which the SIP server refuses these credentials. */
  expires_at: Schema.Number,
  /** The TURN relay for the softphone's media, with credentials valid as long as the SIP ones. */
  ice_servers: Schema.optional(Schema.Array(IceServer)),
})
export type SipCredentials = typeof SipCredentials.Type
/** getCallSetting's answer: the tenant's call settings plus (additively) the caller's softphone credentials. */
export const CallSettingWithSip = Schema.Struct({
  ...CallSettingFields,
  sip: Schema.optional(Schema.NullOr(SipCredentials)),
  /** ICE servers for the caller's voice-call media (the WhatsApp voice cards): empty when the server runs no TURN relay. */
  ice_servers: Schema.optional(Schema.Array(IceServer)),
})
export type CallSettingWithSip = typeof CallSettingWithSip.Type

// ---- Channels ----------------------------------------------------------------------------------------

export const ChannelState = Schema.Literals(["not_connected", "pending", "connected", "failed"])
export type ChannelState = typeof ChannelState.Type
export const ChannelStatus = Schema.Struct({
  channel_type: Channel,
  status: ChannelState,
  display_name: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
  updated_at: Instant,
})
export type ChannelStatus = typeof ChannelStatus.Type
/** A Facebook page or Instagram business account the tenant can connect. */
export const SocialPage = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  picture_url: Schema.NullOr(Schema.String),
  subscribed: Schema.Boolean,
})
export type SocialPage = typeof SocialPage.Type
export const PageId = Schema.String.check(Schema.isPattern(/^[0-9]{1,32}$/))
export const AccessToken = Schema.String.check(Schema.isMinLength(10), Schema.isMaxLength(2048))

// ---- UAT customers and monthly active users --------------------------------------------------------

/** A test number that reaches the tenant's bot before it goes live. */
export const UatCustomer = Schema.Struct({
  id: Id,
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  created_at: Instant,
})
export type UatCustomer = typeof UatCustomer.Type

export const MauRow = Schema.Struct({
  client_id: Id,
  client_name: Schema.String,
  month: Month,
  users: Count,
  conversations: Count,
  by_channel: Schema.Array(Schema.Struct({ channel_type: Channel, users: Count })),
})
export type MauRow = typeof MauRow.Type
