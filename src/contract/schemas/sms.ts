import { Schema } from "effect"
import { Count, Id, Instant, Name, Text, Url } from "./common"

/** An SMS gateway the product can send through. */
export const SmsProvider = Schema.Struct({
  id: Id,
  name: Schema.String,
  base_url: Schema.String,
  /** Characters per part before a message splits. */
  part_length: Count,
  active: Schema.Boolean,
  created_at: Instant,
})
export type SmsProvider = typeof SmsProvider.Type
export const SmsProviderInput = {
  name: Name(100),
  base_url: Url,
  part_length: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 70, maximum: 160 }))),
  active: Schema.optional(Schema.Boolean),
}

/** A tenant's account at a provider. */
export const SmsClient = Schema.Struct({
  id: Id,
  provider_id: Id,
  provider_name: Schema.String,
  username: Schema.String,
  /** Write-only secrets are shown as a hint. */
  password_hint: Schema.NullOr(Schema.String),
  balance: Schema.NullOr(Schema.Number),
  active: Schema.Boolean,
  created_at: Instant,
})
export type SmsClient = typeof SmsClient.Type
export const SmsClientInput = {
  provider_id: Id,
  username: Name(100),
  password: Schema.optional(Text(200)),
  active: Schema.optional(Schema.Boolean),
}

/** A sender mask (alphanumeric sender id, at most 11 characters by GSM rules). */
export const Mask = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9 ]{1,11}$/))
export const SmsMasking = Schema.Struct({
  id: Id,
  sms_client_id: Id,
  mask: Schema.String,
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
  status: SmsStatus,
  error: Schema.NullOr(Schema.String),
  sent_by: Schema.NullOr(Schema.String),
  dt: Instant,
})
export type SmsMessage = typeof SmsMessage.Type
export const SmsSent = Schema.Struct({
  messages: Schema.Array(Schema.Struct({ id: Id, to: Schema.String, status: SmsStatus, parts: Count })),
})
export type SmsSent = typeof SmsSent.Type
