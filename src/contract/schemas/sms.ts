import { Schema } from "effect"
import { Amount, Count, Id, Instant, Name, Text, Url } from "./common"

/** How the server speaks to a gateway: SMPP 3.4 (bind transceiver) or a plain HTTP JSON API. */
export const SmsProviderKind = Schema.Literals(["smpp", "http"])
export type SmsProviderKind = typeof SmsProviderKind.Type

const Host = Schema.String.check(Schema.isMaxLength(253), Schema.isPattern(/^[A-Za-z0-9.-]+$/))
const Port = Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 65535 }))
/** Submits a session keeps in flight before waiting for their responses (SMPP window). */
const Window = Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 }))

/**
 * An SMS gateway (platform-wide, super admins). Secrets (the SMPP password, the HTTP API key) are write-only: they are
 * stored encrypted and come back only as `has_secret`.
 */
export const SmsProvider = Schema.Struct({
  id: Id,
  name: Schema.String,
  kind: SmsProviderKind,
  /** HTTP kind: where messages are posted. */
  base_url: Schema.String,
  host: Schema.String,
  port: Schema.NullOr(Count),
  system_id: Schema.String,
  system_type: Schema.String,
  window: Count,
  /** Price of one part unless the tenant's account sets its own. */
  rate: Amount,
  has_secret: Schema.Boolean,
  /** Characters per part before a message splits (informational; the segment rules decide). */
  part_length: Count,
  active: Schema.Boolean,
  created_at: Instant,
})
export type SmsProvider = typeof SmsProvider.Type
export const SmsProviderInput = {
  name: Name(100),
  kind: Schema.optional(SmsProviderKind),
  base_url: Schema.optional(Schema.Union([Url, Schema.Literal("")])),
  host: Schema.optional(Schema.Union([Host, Schema.Literal("")])),
  port: Schema.optional(Port),
  system_id: Schema.optional(Text(16)),
  /** The SMPP password or the HTTP API key; never returned. */
  secret: Schema.optional(Text(200)),
  system_type: Schema.optional(Text(13)),
  window: Schema.optional(Window),
  rate: Schema.optional(Amount),
  part_length: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 70, maximum: 160 }))),
  active: Schema.optional(Schema.Boolean),
}

/** A tenant's account at a provider (created by super admins). */
export const SmsClient = Schema.Struct({
  id: Id,
  client_id: Id,
  client_name: Schema.String,
  provider_id: Id,
  provider_name: Schema.String,
  username: Schema.String,
  /** Write-only secrets are shown as a hint. */
  password_hint: Schema.NullOr(Schema.String),
  balance: Schema.NullOr(Schema.Number),
  /** This account's price per part; null: the provider's. */
  rate: Schema.NullOr(Amount),
  active: Schema.Boolean,
  created_at: Instant,
})
export type SmsClient = typeof SmsClient.Type
export const SmsClientInput = {
  /** The tenant the account belongs to. */
  client_id: Id,
  provider_id: Id,
  username: Name(100),
  password: Schema.optional(Text(200)),
  rate: Schema.optional(Schema.NullOr(Amount)),
  active: Schema.optional(Schema.Boolean),
}

/** A sender mask (alphanumeric sender id, at most 11 characters by GSM rules). */
export const Mask = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9 ]{1,11}$/))
/** A tenant asks for a mask (pending); a super admin approves or rejects it. Only approved, active masks send. */
export const MaskStatus = Schema.Literals(["pending", "approved", "rejected"])
export type MaskStatus = typeof MaskStatus.Type
export const SmsMasking = Schema.Struct({
  id: Id,
  sms_client_id: Id,
  client_id: Id,
  client_name: Schema.String,
  provider_name: Schema.String,
  mask: Schema.String,
  status: MaskStatus,
  /** Price per part when sending with this mask (the account's rate, else the provider's). */
  rate: Amount,
  active: Schema.Boolean,
  created_at: Instant,
})
export type SmsMasking = typeof SmsMasking.Type
export const SmsMaskingInput = { sms_client_id: Id, mask: Mask, active: Schema.optional(Schema.Boolean) }

export const SmsStatus = Schema.Literals(["queued", "sent", "delivered", "failed"])
export type SmsStatus = typeof SmsStatus.Type
export const SmsMessage = Schema.Struct({
  id: Id,
  to: Schema.String,
  mask: Schema.NullOr(Schema.String),
  text: Schema.String,
  parts: Count,
  encoding: Schema.String,
  cost: Amount,
  status: SmsStatus,
  error: Schema.NullOr(Schema.String),
  sent_by: Schema.NullOr(Schema.String),
  batch_id: Schema.String,
  dt: Instant,
  delivered_at: Schema.NullOr(Instant),
})
export type SmsMessage = typeof SmsMessage.Type
export const SmsSent = Schema.Struct({
  batch_id: Schema.String,
  /** Recipients queued (numbers de-duplicated). */
  count: Count,
  parts: Count,
  encoding: Schema.String,
  cost: Amount,
  /** The first 100 rows (a group or segment may hold many more). */
  messages: Schema.Array(Schema.Struct({ id: Id, to: Schema.String, status: SmsStatus, parts: Count })),
})
export type SmsSent = typeof SmsSent.Type
/** How many of a filter's messages hold each status (the send screen's progress, the report's cards). */
export const SmsStatusCounts = Schema.Struct({ queued: Count, sent: Count, delivered: Count, failed: Count })
export type SmsStatusCounts = typeof SmsStatusCounts.Type
