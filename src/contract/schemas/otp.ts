import { Schema } from "effect"
import { Count, DateTimeText, Email, Id, Instant, Limit, Name, Page, Phone, Text } from "./common"

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

/** `/otp-logs` request (spec 001 section 3); the console sends clientId 1 and the server scopes by the token's tenant. */
export const OtpLogsRequest = Schema.Struct({
  clientId: Id,
  limit: Limit(999_999),
  page: Page,
  startDate: DateTimeText,
  endDate: DateTimeText,
  /** A search on the email, not an exact address. */
  email: Schema.optional(Text(254)),
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
  enabled: Schema.Boolean,
  created_at: Instant,
})
export type OtpUser = typeof OtpUser.Type

export const OtpCode = Schema.String.check(Schema.isPattern(/^[0-9]{4,8}$/))

export const OtpSent = Schema.Struct({ otp_id: Id, sent_to: Schema.String, expires_at: Instant })
export type OtpSent = typeof OtpSent.Type
export const OtpVerified = Schema.Struct({ verified: Schema.Boolean, attempts_left: Count })
export type OtpVerified = typeof OtpVerified.Type

export const OtpReportRow = Schema.Struct({
  date: Schema.String,
  provider_name: Schema.NullOr(Schema.String),
  sent: Count,
  verified: Count,
  failed: Count,
  expired: Count,
})
export type OtpReportRow = typeof OtpReportRow.Type
