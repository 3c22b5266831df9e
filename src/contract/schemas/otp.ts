import { Schema } from "effect"
import { LoginResponse } from "./auth"
import { Count, DateTimeText, Email, Id, Instant, Limit, Name, Page, Phone, Text } from "./common"
import { ForBusiness } from "./reports"

/** A row of the OTP Logs screen (spec 000 section 3). */
export const OtpLogRow = Schema.Struct({
  id: Id,
  username: Schema.String,
  email: Schema.NullOr(Schema.String),
  number: Schema.NullOr(Schema.String),
  otp_code: Schema.String,
  dt: Instant,
  provider_name: Schema.NullOr(Schema.String),
  provider_email: Schema.NullOr(Schema.String),
})
export type OtpLogRow = typeof OtpLogRow.Type

/**
 * `/otp-logs` request (spec 001 section 3); the console sends clientId 1 and the server ignores it: it reads the token's
 * tenant, or the business a super admin picked (`client_id`).
 */
export const OtpLogsRequest = Schema.Struct({
  clientId: Id,
  limit: Limit(999_999),
  page: Page,
  startDate: DateTimeText,
  endDate: DateTimeText,
  /** A search on the email, not an exact address. */
  email: Schema.optional(Text(254)),
  ...ForBusiness,
})
export type OtpLogsRequest = typeof OtpLogsRequest.Type

/** `{ logs: { data: OtpLogRow[], totalItems } }` (spec 001 section 3). */
export const OtpLogsResponse = Schema.Struct({
  logs: Schema.Struct({ data: Schema.Array(OtpLogRow), totalItems: Count }),
})
export type OtpLogsResponse = typeof OtpLogsResponse.Type

export const OtpChannel = Schema.Literals(["sms", "email", "whatsapp"])
export type OtpChannel = typeof OtpChannel.Type

export const OtpProviderInput = {
  name: Name(100),
  email: Email,
  channel: OtpChannel,
  /** The sender id or mask the provider shows. */
  sender: Name(32),
  /** Write-only: providers are listed with a hint, never the key. */
  api_key: Schema.optional(Text(512)),
  /** Code length and lifetime the provider sends with. */
  code_length: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 4, maximum: 8 }))),
  ttl_seconds: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 30, maximum: 3600 }))),
  enabled: Schema.optional(Schema.Boolean),
}

export const OtpProvider = Schema.Struct({
  id: Id,
  name: Schema.String,
  email: Schema.String,
  channel: OtpChannel,
  sender: Schema.String,
  api_key_hint: Schema.NullOr(Schema.String),
  code_length: Count,
  ttl_seconds: Count,
  enabled: Schema.Boolean,
  created_at: Instant,
})
export type OtpProvider = typeof OtpProvider.Type

export const OtpUserInput = {
  username: Name(100),
  email: Schema.optional(Email),
  number: Schema.optional(Phone),
  provider_id: Schema.optional(Id),
  enabled: Schema.optional(Schema.Boolean),
}

export const OtpUser = Schema.Struct({
  id: Id,
  username: Schema.String,
  email: Schema.NullOr(Schema.String),
  number: Schema.NullOr(Schema.String),
  provider_id: Schema.NullOr(Id),
  provider_name: Schema.NullOr(Schema.String),
  /** The console user this OTP user logs in as (ours: the spec leaves OTP users' fields open). */
  user_id: Schema.NullOr(Id),
  enabled: Schema.Boolean,
  created_at: Instant,
})
export type OtpUser = typeof OtpUser.Type

export const OtpCode = Schema.String.check(Schema.isPattern(/^[0-9]{4,8}$/))
/** The random key a sent code is verified by (its `otp_id` is the sequential row id the OTP Logs screen shows). */
export const OtpKey = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{16,64}$/))

/** Where the code went (masked: `+90•••••4567`, `a•••@example.com`), until when it works, how many tries it has, when a new one may be asked for. */
export const OtpSent = Schema.Struct({
  otp_id: Id,
  otp_key: OtpKey,
  sent_to: Schema.String,
  expires_at: Instant,
  tries: Count,
  resend_at: Instant,
})
export type OtpSent = typeof OtpSent.Type
/**
 * A right code: `verified` true. Ours beyond the spec: `login`, the session the password login answers, when the code
 * was sent for logging in an OTP user who is a console user. Wrong, dead and expired codes answer 4xx.
 */
export const OtpVerified = Schema.Struct({ verified: Schema.Boolean, attempts_left: Count, login: Schema.optional(LoginResponse) })
export type OtpVerified = typeof OtpVerified.Type

/** The tenant's OTP login settings (`/apps/opt`, ours beyond the spec). */
export const OtpSettings = Schema.Struct({
  enabled: Schema.Boolean,
  ttl_seconds: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 30, maximum: 3600 })),
  max_tries: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 10 })),
  cooldown_seconds: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 600 })),
})
export type OtpSettings = typeof OtpSettings.Type

export const OtpReportRow = Schema.Struct({
  date: Schema.String,
  provider_name: Schema.NullOr(Schema.String),
  /** Codes sent that day through that provider. */
  sent: Count,
  /** Of those, answered with the right code. */
  verified: Count,
  /** Of those, SMS that the gateway failed to deliver. */
  failed: Count,
  /** Of those, never verified and past their expiry (or replaced by a newer code). */
  expired: Count,
  /** Of those, dead: their wrong tries used up (ours). */
  dead: Count,
  /** Of those, marked redeemed (ours). */
  redeemed: Count,
})
export type OtpReportRow = typeof OtpReportRow.Type
