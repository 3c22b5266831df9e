import { Schema } from "effect"
import { Attributes, Channel, Count, CustomerNumber, CustomerNumbers, Data, Email, Id, Instant, Name, Text } from "./common"
import { RuleAttributeKey, SegmentRules } from "./segment-rules"

export const Contact = Schema.Struct({
  id: Id,
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  channel_type: Channel,
  blocked: Schema.Boolean,
  attributes: Attributes,
  group_ids: Schema.Array(Id),
  /** Sent by the contact book's calls (the chat's customer panel leaves them out). */
  flag_ids: Schema.optional(Schema.Array(Id)),
  tag_ids: Schema.optional(Schema.Array(Id)),
  created_at: Instant,
  last_seen_at: Schema.NullOr(Instant),
})
export type Contact = typeof Contact.Type

/** What a customer may be edited with; the number is the key and cannot change. */
export const ContactInput = {
  name: Schema.optional(Name(120)),
  email: Schema.optional(Email),
  attributes: Schema.optional(Attributes),
}

/** The customer panel beside a chat: the contact and what the tenant knows about them. */
export const CustomerProfile = Schema.Struct({
  ...Contact.fields,
  conversations: Count,
  open_tickets: Count,
  last_conversation_at: Schema.NullOr(Instant),
  labels: Schema.Array(Schema.String),
  flags: Schema.Array(Schema.String),
  segments: Schema.Array(Schema.String),
})
export type CustomerProfile = typeof CustomerProfile.Type

export const ContactGroup = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  contact_count: Count,
  created_at: Instant,
})
export type ContactGroup = typeof ContactGroup.Type

/** A group with its first members' numbers (at most 1000; page through the rest with fetchAllContacts `group_id`). */
export const ContactGroupDetail = Schema.Struct({ ...ContactGroup.fields, numbers: Schema.Array(Schema.String) })
export type ContactGroupDetail = typeof ContactGroupDetail.Type

/** Attribute keys as stored on a contact (CSV headers become keys by lower-casing and `_` for other characters). */
export const AttributeKey = RuleAttributeKey

/**
 * What narrows the contact list; every field present must hold (AND). Shared by the list calls, the bulk actions'
 * "all matching" target, and the segment editor's live count (`rules`).
 */
export const ContactFilterFields = {
  /** What the search box holds: a number (matched at its start or end), an e-mail (at its start), or words (anywhere in the name, number or attribute values). */
  search: Schema.optional(Text(200)),
  /** An attribute that must equal `value` (or merely exist when `value` is absent). */
  attribute: Schema.optional(Schema.Struct({ key: AttributeKey, value: Schema.optional(Text(1000)) })),
  channel_type: Schema.optional(Channel),
  group_id: Schema.optional(Id),
  flag_id: Schema.optional(Id),
  tag_id: Schema.optional(Id),
  segment_id: Schema.optional(Id),
  /** A label on any of the contact's conversations. */
  label_id: Schema.optional(Id),
  blocked: Schema.optional(Schema.Boolean),
  /** Unsaved segment rules (the segment editor's live count and preview). */
  rules: Schema.optional(SegmentRules),
}
export const ContactFilter = Schema.Struct(ContactFilterFields)
export type ContactFilter = typeof ContactFilter.Type

/**
 * Whom a bulk action touches: the selected numbers, or every contact matching a filter ("all matching").
 * Exactly one of the two; the server answers 400 otherwise.
 */
export const ContactTargetFields = {
  numbers: Schema.optional(CustomerNumbers(1000)),
  filter: Schema.optional(ContactFilter),
}
export const ContactTarget = Schema.Struct(ContactTargetFields)
export type ContactTarget = typeof ContactTarget.Type

/** The outcome of a bulk action: how many contacts it matched and how many it changed. */
export const BulkResult = Data(Schema.Struct({ matched: Count, changed: Count }))
export type BulkResult = typeof BulkResult.Type

export const ContactGroupInput = {
  name: Name(120),
  description: Schema.optional(Text(500)),
  /** The group's members; replaces the list. */
  numbers: Schema.optional(Schema.Array(CustomerNumber).check(Schema.isMaxLength(100_000))),
}
/** A group update may also add or remove members in bulk (after `numbers`, if both are sent). */
export const ContactGroupUpdate = {
  add: Schema.optional(ContactTarget),
  remove: Schema.optional(ContactTarget),
}

/** ISO 3166-1 alpha-2: the country a number without `+` is read in. */
export const CountryCode = Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/))

export { CONTACTS_CSV_MAX_BYTES } from "../contacts-csv-limits"
/** Which CSV column feeds which contact field; unmapped columns are ignored when a mapping is sent. */
export const ImportMapping = Schema.Struct({
  number: Name(200),
  name: Schema.optional(Name(200)),
  email: Schema.optional(Name(200)),
  /** CSV header -> attribute key. */
  attributes: Schema.optional(Schema.Record(Name(200), AttributeKey).check(Schema.isMaxProperties(100))),
})
export type ImportMapping = typeof ImportMapping.Type

/**
 * How a CSV of contacts is imported; the file itself is the request body (`text/csv`, its raw bytes, UTF-8 with or
 * without BOM, at most CONTACTS_CSV_MAX_BYTES) and these fields travel in the query string. Without `mapping`, the
 * header row decides: a `number`/`phone`/`mobile` column, `name`, `email`; every other column becomes an attribute.
 */
export const ContactsCsv = Schema.Struct({
  file_name: Name(255),
  /** JSON in the query string. */
  mapping: Schema.optional(Schema.fromJsonString(ImportMapping)),
  /** Overrides the tenant's default country for this file. */
  default_country: Schema.optional(CountryCode),
  /** Every imported or merged contact also joins this group. */
  group_id: Schema.optional(Schema.NumberFromString.pipe(Schema.decodeTo(Id))),
  /** The console's id for this import: progress events (contacts-events.ts) carry it. */
  import_id: Schema.optional(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,64}$/))),
})
export type ContactsCsv = typeof ContactsCsv.Type

export const ImportRejectionReason = Schema.Literals([
  "missing_number",
  "invalid_number",
  "invalid_email",
  "duplicate_in_file",
  "too_many_columns",
  "malformed_row",
])
export type ImportRejectionReason = typeof ImportRejectionReason.Type
/**
 * Every data row is counted once: imported (a new contact), merged (an existing number updated; later rows of the
 * same number in the file merge into the first), or rejected with its 1-based line number in the file.
 */
export const ContactImportResult = Data(
  Schema.Struct({
    import_id: Schema.NullOr(Schema.String),
    rows: Count,
    imported: Count,
    merged: Count,
    rejected: Count,
    rejections: Schema.Array(
      Schema.Struct({ line: Count, number: Schema.NullOr(Schema.String), reason: ImportRejectionReason, message: Schema.String }),
    ),
    default_country: Schema.NullOr(Schema.String),
  }),
)
export type ContactImportResult = typeof ContactImportResult.Type

/**
 * The public information-collection form (/ContactInformationCollection): which attributes a customer is asked for.
 * Stored per tenant as client setting `contact_form`; `link` is the signed public URL (null while disabled).
 */
export const ContactFormField = Schema.Struct({
  key: AttributeKey,
  /** The question as shown; the form falls back to the key. */
  label: Schema.optional(Text(120)),
  type: Schema.Literals(["text", "email", "number", "date"]),
  required: Schema.Boolean,
})
export type ContactFormField = typeof ContactFormField.Type
export const ContactFormSettingsFields = {
  enabled: Schema.Boolean,
  fields: Schema.Array(ContactFormField).check(Schema.isMaxLength(30)),
}
export const ContactFormSettings = Schema.Struct({ ...ContactFormSettingsFields, link: Schema.NullOr(Schema.String) })
export type ContactFormSettings = typeof ContactFormSettings.Type

/** Canned replies for chats, and the quick replies of voice calls. */
export const CannedKind = Schema.Literals(["chat", "call"])
export type CannedKind = typeof CannedKind.Type
export const CannedMessage = Schema.Struct({
  id: Id,
  type: CannedKind,
  title: Schema.String,
  text: Schema.String,
  /** Typed after `/` in the composer. */
  shortcut: Schema.NullOr(Schema.String),
  shared: Schema.Boolean,
  created_by: Schema.NullOr(Id),
  created_at: Instant,
})
export type CannedMessage = typeof CannedMessage.Type

export const CannedMessageInput = {
  type: CannedKind,
  title: Name(100),
  text: Name(4096),
  shortcut: Schema.optional(Schema.String.check(Schema.isPattern(/^[a-z0-9_-]{1,30}$/))),
  shared: Schema.optional(Schema.Boolean),
}
