import { Schema } from "effect"
import { Attributes, Channel, Count, Email, Id, Instant, Name, Phones, Text } from "./common"

export const Contact = Schema.Struct({
  id: Id,
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  channel_type: Channel,
  blocked: Schema.Boolean,
  attributes: Attributes,
  group_ids: Schema.Array(Id),
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

export const ContactGroupDetail = Schema.Struct({ ...ContactGroup.fields, numbers: Schema.Array(Schema.String) })
export type ContactGroupDetail = typeof ContactGroupDetail.Type

export const ContactGroupInput = {
  name: Name(120),
  description: Schema.optional(Text(500)),
  /** The group's members; replaces the list on update. */
  numbers: Schema.optional(Phones(100_000)),
}

/** A CSV of contacts (header `number,name,email,...`; extra columns become attributes). */
export const ContactsCsv = Schema.Struct({
  file_name: Name(255),
  csv: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(10_000_000)),
  group_id: Schema.optional(Id),
})
export type ContactsCsv = typeof ContactsCsv.Type

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
