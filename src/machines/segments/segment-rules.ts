/**
 * The segment editor's rule drafts: one flat draft per condition (what a form row holds while being typed), turned
 * into the contract's conditions (schemas/segment-rules.ts) only when complete. Pure, shared by the editor machine
 * and the view's row operations.
 */
import type { Channel } from "../../contract/schemas/common"
import {
  type AttributeOperator,
  SEGMENT_MAX_CONDITIONS,
  type SegmentCondition,
  type SegmentRules,
} from "../../contract/schemas/segment-rules"

export type ConditionType = SegmentCondition["type"]
export const CONDITION_TYPES: readonly ConditionType[] = [
  "attribute",
  "tag",
  "flag",
  "group",
  "label",
  "channel",
  "last_message",
  "open_ticket",
]
export const ATTRIBUTE_OPERATORS: readonly AttributeOperator[] = ["eq", "neq", "contains", "gt", "lt", "exists", "not_exists"]
const ATTRIBUTE_KEY = /^[A-Za-z0-9_.-]{1,64}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

export interface ConditionDraft {
  readonly type: ConditionType
  /** attribute: its key. */
  readonly key: string
  /** attribute: an AttributeOperator; last_message: before / after. */
  readonly operator: string
  /** attribute: the value; last_message: `YYYY-MM-DD HH:mm`. */
  readonly value: string
  /** tag / flag / group / label: the chosen id as text. */
  readonly ref: string
  /** tag / flag / group / label: "has not"; open_ticket: "has no open ticket". */
  readonly negate: boolean
  readonly channel: Channel
}

export interface RulesDraft {
  readonly match: "all" | "any"
  readonly conditions: readonly ConditionDraft[]
}

export const blankCondition = (type: ConditionType): ConditionDraft => ({
  type,
  key: "",
  operator: type === "last_message" ? "before" : "eq",
  value: "",
  ref: "",
  negate: false,
  channel: "whatsapp",
})

/** The contract's condition, or null while the row is incomplete. */
export const conditionOf = (d: ConditionDraft): SegmentCondition | null => {
  switch (d.type) {
    case "attribute": {
      const key = d.key.trim()
      if (!ATTRIBUTE_KEY.test(key) || !(ATTRIBUTE_OPERATORS as readonly string[]).includes(d.operator)) return null
      const operator = d.operator as AttributeOperator
      if (operator === "exists" || operator === "not_exists") return { type: "attribute", key, operator }
      const value = d.value.trim()
      return value && value.length <= 200 ? { type: "attribute", key, operator, value } : null
    }
    case "tag":
    case "flag":
    case "group":
    case "label": {
      const id = Number(d.ref)
      return Number.isInteger(id) && id > 0 ? { type: d.type, id, ...(d.negate ? { negate: true } : {}) } : null
    }
    case "channel":
      return { type: "channel", channel: d.channel }
    case "last_message": {
      const at = d.value.trim()
      if (!DATE_TIME.test(at) || (d.operator !== "before" && d.operator !== "after")) return null
      return { type: "last_message", operator: d.operator, at: at.length === 16 ? `${at}:00` : at }
    }
    case "open_ticket":
      return { type: "open_ticket", value: !d.negate }
  }
}

export const conditionDraftOf = (c: SegmentCondition): ConditionDraft => {
  const blank = blankCondition(c.type)
  switch (c.type) {
    case "attribute":
      return { ...blank, key: c.key, operator: c.operator, value: c.value ?? "" }
    case "tag":
    case "flag":
    case "group":
    case "label":
      return { ...blank, ref: String(c.id), negate: c.negate ?? false }
    case "channel":
      return { ...blank, channel: c.channel }
    case "last_message":
      return { ...blank, operator: c.operator, value: c.at.slice(0, 16) }
    case "open_ticket":
      return { ...blank, negate: !c.value }
  }
}

/** The rules to send, or null while some condition is incomplete (its index in `incomplete`). */
export const rulesOf = (draft: RulesDraft): SegmentRules | null => {
  const conditions = draft.conditions.map(conditionOf)
  if (conditions.some((c) => c === null)) return null
  return { match: draft.match, conditions: conditions as SegmentCondition[] }
}

export const firstIncomplete = (draft: RulesDraft): number => draft.conditions.findIndex((c) => conditionOf(c) === null)

/** Row operations the view asks for; each answers the new condition list. */
export const addCondition = (draft: RulesDraft, type: ConditionType): readonly ConditionDraft[] =>
  draft.conditions.length >= SEGMENT_MAX_CONDITIONS ? draft.conditions : [...draft.conditions, blankCondition(type)]
export const changeCondition = (draft: RulesDraft, index: number, patch: Partial<ConditionDraft>): readonly ConditionDraft[] =>
  draft.conditions.map((c, i) => (i !== index ? c : patch.type && patch.type !== c.type ? blankCondition(patch.type) : { ...c, ...patch }))
export const removeCondition = (draft: RulesDraft, index: number): readonly ConditionDraft[] =>
  draft.conditions.filter((_, i) => i !== index)
