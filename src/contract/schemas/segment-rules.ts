/**
 * The segment rule language: conditions on a contact joined by all/any. The server compiles it to one SQL predicate
 * (server/features/segments/segment-sql.ts), so counts, members and a customer's segments all answer from the same rules.
 */
import { Schema } from "effect"
import { Channel, DateTimeText, Id, Text } from "./common"

export const RuleAttributeKey = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_.-]{1,64}$/))

/** `gt`/`lt` compare numerically when both sides are numbers, else as text; `contains` ignores case. */
export const AttributeOperator = Schema.Literals(["eq", "neq", "contains", "gt", "lt", "exists", "not_exists"])
export type AttributeOperator = typeof AttributeOperator.Type

export const AttributeCondition = Schema.Struct({
  type: Schema.Literal("attribute"),
  key: RuleAttributeKey,
  operator: AttributeOperator,
  /** Required except for exists / not_exists. */
  value: Schema.optional(Text(200)),
})
/** has (or, with `negate`, has not) the tag / flag / group / a conversation with the label. */
const membership = <T extends string>(type: T) =>
  Schema.Struct({ type: Schema.Literal(type), id: Id, negate: Schema.optional(Schema.Boolean) })
export const TagCondition = membership("tag")
export const FlagCondition = membership("flag")
export const GroupCondition = membership("group")
export const LabelCondition = membership("label")
export const ChannelCondition = Schema.Struct({ type: Schema.Literal("channel"), channel: Channel })
/** The customer's last inbound message before / after an instant; a contact who never wrote matches neither. */
export const LastMessageCondition = Schema.Struct({
  type: Schema.Literal("last_message"),
  operator: Schema.Literals(["before", "after"]),
  at: DateTimeText,
})
/** Has (value true) or has not (false) a ticket that is not resolved. */
export const OpenTicketCondition = Schema.Struct({ type: Schema.Literal("open_ticket"), value: Schema.Boolean })

export const SegmentCondition = Schema.Union([
  AttributeCondition,
  TagCondition,
  FlagCondition,
  GroupCondition,
  LabelCondition,
  ChannelCondition,
  LastMessageCondition,
  OpenTicketCondition,
])
export type SegmentCondition = typeof SegmentCondition.Type

export const SEGMENT_MAX_CONDITIONS = 20
/** `all`: every condition holds; `any`: at least one. No conditions matches every contact. */
export const SegmentRules = Schema.Struct({
  match: Schema.Literals(["all", "any"]),
  conditions: Schema.Array(SegmentCondition).check(Schema.isMaxLength(SEGMENT_MAX_CONDITIONS)),
})
export type SegmentRules = typeof SegmentRules.Type
