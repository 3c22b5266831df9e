/** The bulk campaigns' schemas: a campaign, its recipient lists and numbers, and how far each recipient got. */
import { Schema } from "effect"
import { Count, DateTimeText, Id, Instant, Name, Phone, Phones, Text } from "./common"
import { AttributeKey, ContactFilter, CountryCode } from "./contacts"
import { Language, TemplateName, TemplateParams } from "./templates"

export const CampaignStatus = Schema.Literals(["draft", "scheduled", "running", "paused", "completed", "stopped", "failed"])
export type CampaignStatus = typeof CampaignStatus.Type

/** Where a template's `{{n}}` gets its value for each recipient: a contact attribute, fixed text, or the list's column. */
export const ParamSource = Schema.Union([
  Schema.Struct({ attribute: AttributeKey }),
  Schema.Struct({ text: Text(1024) }),
  Schema.Struct({ column: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 20 })) }),
])
export type ParamSource = typeof ParamSource.Type
/** Messages per second for the sending number (WhatsApp's tiers; 80 by default); null: no limit. */
export const SendRate = Schema.NullOr(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 1000 })))
export const DEFAULT_SEND_RATE = 80

export const Campaign = Schema.Struct({
  id: Id,
  client_id: Id,
  name: Schema.String,
  template_name: Schema.String,
  language: Schema.String,
  status: CampaignStatus,
  recipient_list_id: Schema.NullOr(Id),
  scheduled_at: Schema.NullOr(Instant),
  total: Count,
  sent: Count,
  delivered: Count,
  read: Count,
  failed: Count,
  created_at: Instant,
  /** Recipients not reached on purpose (opted out, blocked, the campaign stopped) and those still waiting. */
  skipped: Schema.optional(Count),
  queued: Schema.optional(Count),
  /** Why it paused or stopped by itself (an empty balance, an account limit, the template's status). */
  status_reason: Schema.optional(Schema.NullOr(Schema.String)),
  rate_per_second: Schema.optional(SendRate),
  params: Schema.optional(Schema.Array(Schema.String)),
  param_sources: Schema.optional(Schema.Array(ParamSource)),
  header_value: Schema.optional(Schema.NullOr(Schema.String)),
  started_at: Schema.optional(Schema.NullOr(Instant)),
  finished_at: Schema.optional(Schema.NullOr(Instant)),
})
export type Campaign = typeof Campaign.Type

/**
 * A campaign is a template sent to a recipient list or to numbers given inline, now or at `scheduled_at`, at
 * `rate_per_second`. Each `{{n}}` takes `param_sources[n-1]` (a contact attribute, fixed text or the list's column),
 * else `params[n-1]`, else the list's own column n.
 */
export const CampaignInput = {
  name: Name(120),
  template_name: TemplateName,
  language: Language,
  recipient_list_id: Schema.optional(Id),
  numbers: Schema.optional(Phones(100_000)),
  params: Schema.optional(TemplateParams),
  param_sources: Schema.optional(Schema.Array(ParamSource).check(Schema.isMaxLength(20))),
  header_value: Schema.optional(Text(2048)),
  rate_per_second: Schema.optional(SendRate),
  scheduled_at: Schema.optional(DateTimeText),
  /** Launch it at once (scheduled: at scheduled_at, or now) instead of keeping a draft. */
  start: Schema.optional(Schema.Boolean),
}

export const RecipientNumber = Schema.Struct({ number: Phone, params: Schema.optional(TemplateParams) })
export type RecipientNumber = typeof RecipientNumber.Type
export const RecipientList = Schema.Struct({
  id: Id,
  client_id: Id,
  name: Schema.String,
  numbers_count: Count,
  created_at: Instant,
  /** What it was built from: numbers, csv or contacts. */
  source: Schema.optional(Schema.String),
})
export type RecipientList = typeof RecipientList.Type
/** Every row of a list's source accounted for: accepted, a duplicate of an earlier row, or not a valid number. */
export const RecipientRowOutcome = Schema.Struct({
  line: Count,
  value: Schema.String,
  outcome: Schema.Literals(["duplicate", "invalid"]),
  reason: Schema.String,
  /** A duplicate's first line (the row it repeats). */
  of_line: Schema.optional(Count),
})
export type RecipientRowOutcome = typeof RecipientRowOutcome.Type
export const RecipientListResult = Schema.Struct({
  ...RecipientList.fields,
  result: Schema.Struct({
    rows: Count,
    accepted: Count,
    duplicates: Count,
    invalid: Count,
    /** The rows not accepted (the first 1,000), with why. */
    problems: Schema.Array(RecipientRowOutcome),
  }),
})
export type RecipientListResult = typeof RecipientListResult.Type
/**
 * A list is built from exactly one source: typed numbers, a CSV (a `number` column, or the first; the other columns
 * are parameters in order) or the contacts matching a filter (a group, a segment, a search...). Numbers without `+`
 * are read in `country`.
 */
export const RecipientListInput = {
  name: Name(120),
  numbers: Schema.optional(Schema.Array(RecipientNumber).check(Schema.isMinLength(1), Schema.isMaxLength(100_000))),
  csv: Schema.optional(Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(20_000_000))),
  contacts: Schema.optional(ContactFilter),
  country: Schema.optional(CountryCode),
}
export const StoredRecipient = Schema.Struct({
  id: Id,
  recipient_list_id: Id,
  number: Schema.String,
  params: Schema.Array(Schema.String),
})
export type StoredRecipient = typeof StoredRecipient.Type
export const RecipientStatus = Schema.Literals(["queued", "sent", "delivered", "read", "failed", "skipped"])
export type RecipientStatus = typeof RecipientStatus.Type
/** One number of a campaign and how far it got (the campaign's outbox). */
export const CampaignRecipient = Schema.Struct({
  id: Id,
  number: Schema.String,
  status: RecipientStatus,
  error: Schema.NullOr(Schema.String),
  params: Schema.Array(Schema.String),
  external_id: Schema.NullOr(Schema.String),
  sent_at: Schema.NullOr(Instant),
  delivered_at: Schema.NullOr(Instant),
  read_at: Schema.NullOr(Instant),
})
export type CampaignRecipient = typeof CampaignRecipient.Type
