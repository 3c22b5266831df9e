import { Schema } from "effect"
import { Color, Count, CustomerNumber, Id, Instant, Name, Text } from "./common"
import { ContactTarget } from "./contacts"
import { SegmentRules } from "./segment-rules"
import { Language, TemplateName, TemplateParams } from "./templates"

export const Label = Schema.Struct({
  id: Id,
  name: Schema.String,
  color: Schema.String,
  conversations: Count,
  created_at: Instant,
})
export type Label = typeof Label.Type
export const LabelInput = { name: Name(50), color: Color }

export const Flag = Schema.Struct({
  id: Id,
  name: Schema.String,
  color: Schema.String,
  description: Schema.NullOr(Schema.String),
  customers: Count,
  created_at: Instant,
})
export type Flag = typeof Flag.Type
export const FlagInput = { name: Name(50), color: Color, description: Schema.optional(Text(300)) }

/** Tags the chatbot sets on customers as they walk its menus (agents can set them too, in bulk). */
export const Tag = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  customers: Count,
  created_at: Instant,
})
export type Tag = typeof Tag.Type
export const TagInput = { name: Name(50), description: Schema.optional(Text(300)) }
/** A tag update may also put the tag on contacts, or take it off, in bulk. */
export const TagUpdate = { add: Schema.optional(ContactTarget), remove: Schema.optional(ContactTarget) }

export const Segment = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  rules: SegmentRules,
  /** Contacts matching the rules now, plus those put in by hand. */
  customers: Count,
  created_at: Instant,
  updated_at: Instant,
})
export type Segment = typeof Segment.Type
export const SegmentInput = {
  name: Name(80),
  description: Schema.optional(Text(300)),
  rules: SegmentRules,
}

/** Who a reminder goes to: one customer, a contact group, or a segment (evaluated when it fires). */
export const ReminderTarget = Schema.Union([
  Schema.Struct({ type: Schema.Literal("contact"), number: CustomerNumber }),
  Schema.Struct({ type: Schema.Literal("group"), group_id: Id }),
  Schema.Struct({ type: Schema.Literal("segment"), segment_id: Id }),
])
export type ReminderTarget = typeof ReminderTarget.Type

/** An ISO 8601 instant with its offset (`2026-11-23T15:00:00Z`, `2026-11-23T18:00:00+03:00`). */
export const IsoInstant = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/))
/** First run at `start_at`, then every day / week / month after it (a month later keeps the day, or the month's last). */
export const ReminderSchedule = Schema.Struct({
  repeat: Schema.Literals(["once", "daily", "weekly", "monthly"]),
  start_at: IsoInstant,
  /** Repeats stop after this instant (none: forever). */
  end_at: Schema.optional(IsoInstant),
})
export type ReminderSchedule = typeof ReminderSchedule.Type

/** The approved template sent to customers outside WhatsApp's 24-hour window. */
export const ReminderTemplate = Schema.Struct({ name: TemplateName, language: Language, params: Schema.optional(TemplateParams) })
export type ReminderTemplate = typeof ReminderTemplate.Type

/** What the last firing did: sent as text, sent as the template, skipped (outside the window without a template, blocked), failed. */
export const ReminderRun = Schema.Struct({
  at: Instant,
  recipients: Count,
  sent_text: Count,
  sent_template: Count,
  skipped: Count,
  failed: Count,
})
export type ReminderRun = typeof ReminderRun.Type

export const Reminder = Schema.Struct({
  id: Id,
  name: Schema.String,
  /** Sent as text to customers inside the 24-hour window. */
  message: Schema.String,
  template: Schema.NullOr(ReminderTemplate),
  target: ReminderTarget,
  schedule: ReminderSchedule,
  enabled: Schema.Boolean,
  /** Null once a one-off reminder ran, after `end_at`, or while disabled. */
  next_run_at: Schema.NullOr(Instant),
  last_run: Schema.NullOr(ReminderRun),
  created_at: Instant,
})
export type Reminder = typeof Reminder.Type
export const ReminderInput = {
  name: Name(80),
  message: Name(1024),
  template: Schema.optional(Schema.NullOr(ReminderTemplate)),
  target: ReminderTarget,
  schedule: ReminderSchedule,
  enabled: Schema.optional(Schema.Boolean),
}
