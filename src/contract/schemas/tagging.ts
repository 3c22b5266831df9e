import { Schema } from "effect"
import { Color, Count, DateTimeText, Id, Instant, Name, Text, TimeOfDay } from "./common"

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

/** Tags the chatbot sets on customers as they walk its menus. */
export const Tag = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  created_at: Instant,
})
export type Tag = typeof Tag.Type
export const TagInput = { name: Name(50), description: Schema.optional(Text(300)) }

export const SegmentRule = Schema.Struct({
  attribute: Name(64),
  operator: Schema.Literals(["eq", "neq", "contains", "gt", "lt", "exists"]),
  value: Schema.optional(Text(200)),
})
export type SegmentRule = typeof SegmentRule.Type
export const Segment = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  /** Every rule must hold. */
  rules: Schema.Array(SegmentRule),
  customers: Count,
  created_at: Instant,
})
export type Segment = typeof Segment.Type
export const SegmentInput = {
  name: Name(80),
  description: Schema.optional(Text(300)),
  rules: Schema.Array(SegmentRule).check(Schema.isMaxLength(20)),
}

export const ReminderSchedule = Schema.Struct({
  repeat: Schema.Literals(["once", "daily", "weekly", "monthly"]),
  /** First run, `YYYY-MM-DD HH:mm:ss`. */
  start_at: DateTimeText,
  time: Schema.optional(TimeOfDay),
})
export type ReminderSchedule = typeof ReminderSchedule.Type
export const Reminder = Schema.Struct({
  id: Id,
  name: Schema.String,
  message: Schema.String,
  template_name: Schema.NullOr(Schema.String),
  segment_id: Schema.NullOr(Id),
  schedule: ReminderSchedule,
  enabled: Schema.Boolean,
  next_run_at: Schema.NullOr(Instant),
  created_at: Instant,
})
export type Reminder = typeof Reminder.Type
export const ReminderInput = {
  name: Name(80),
  message: Name(1024),
  /** Outside the 24-hour window only a template reaches the customer. */
  template_name: Schema.optional(Schema.String.check(Schema.isPattern(/^[a-z0-9_]{1,512}$/))),
  segment_id: Schema.optional(Id),
  schedule: ReminderSchedule,
  enabled: Schema.optional(Schema.Boolean),
}
