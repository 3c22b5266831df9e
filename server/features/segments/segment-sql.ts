/**
 * The one segment rule compiler: SegmentRules -> an SQL predicate over a contact row aliased `ct`. Counts, member
 * lists, the contact list's segment filter, a customer's segments and the reminders' audiences all use it, so they
 * can never disagree; nothing loads contacts into memory to decide membership.
 */
import { sql, type SQL } from "drizzle-orm"
import type { SegmentCondition, SegmentRules } from "../../../src/contract/schemas/segment-rules"
import { badRequest } from "../../http/errors"

export const NUMERIC = "^-?[0-9]+(\\.[0-9]+)?$"

/** `YYYY-MM-DD[ HH:mm[:ss]]` (read as UTC) or an ISO instant, as an ISO instant. */
export const instantOf = (at: string): string => {
  const text = at.includes("T") ? at : `${at.replace(" ", "T")}${at.length === 10 ? "T00:00:00" : ""}`
  const withZone = /(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`
  const date = new Date(withZone)
  if (Number.isNaN(date.getTime())) throw badRequest(`Not a date: ${at}`, "rules")
  return date.toISOString()
}

/** Refuses rules that decode but cannot be evaluated (a comparison without a value). */
export const checkRules = (rules: SegmentRules) => {
  for (const c of rules.conditions)
    if (c.type === "attribute" && !["exists", "not_exists"].includes(c.operator) && c.value === undefined)
      throw badRequest(`The condition on "${c.key}" (${c.operator}) needs a value`, "rules")
}

/**
 * `attributes ->> key = value`, written as containment so the `jsonb_path_ops` index of migration 0008 answers it: the
 * stored value may be the string itself, or the number or boolean that reads as it.
 */
export const attributeEqualsSql = (key: string, value: string): SQL => {
  const stored: unknown[] = [value]
  if (new RegExp(NUMERIC).test(value) && String(Number(value)) === value) stored.push(Number(value))
  if (value === "true" || value === "false") stored.push(value === "true")
  return sql`(${sql.join(
    stored.map((v) => sql`ct.attributes @> ${JSON.stringify({ [key]: v })}::jsonb`),
    sql` OR `,
  )})`
}

const attributeSql = (c: Extract<SegmentCondition, { type: "attribute" }>): SQL => {
  const field = sql`(ct.attributes ->> ${c.key})`
  const value = c.value ?? ""
  switch (c.operator) {
    case "exists":
      return sql`(ct.attributes ? ${c.key})`
    case "not_exists":
      return sql`(NOT (ct.attributes ? ${c.key}))`
    case "eq":
      return attributeEqualsSql(c.key, value)
    case "neq":
      return sql`(${field} IS DISTINCT FROM ${value})`
    case "contains":
      return sql`(strpos(lower(${field}), lower(${value})) > 0)`
    case "gt":
    case "lt": {
      const op = c.operator === "gt" ? sql.raw(">") : sql.raw("<")
      // Numbers compare as numbers when both sides are numbers; otherwise as text in code-point order. The value's kind
      // is decided here: a constant cast to numeric would be folded (and fail) even in a branch never taken.
      const asText = sql`(${field} COLLATE "C" ${op} ${value}::text COLLATE "C")`
      if (!new RegExp(NUMERIC).test(value)) return asText
      return sql`(CASE WHEN ${field} ~ ${NUMERIC} THEN ${field}::numeric ${op} ${value}::numeric ELSE ${asText} END)`
    }
  }
}

const negated = (negate: boolean | undefined, predicate: SQL) => (negate ? sql`(NOT ${predicate})` : predicate)

export const conditionSql = (c: SegmentCondition): SQL => {
  switch (c.type) {
    case "attribute":
      return attributeSql(c)
    case "tag":
      return negated(c.negate, sql`EXISTS (SELECT 1 FROM contact_tags x WHERE x.contact_id = ct.id AND x.tag_id = ${c.id})`)
    case "flag":
      return negated(c.negate, sql`EXISTS (SELECT 1 FROM contact_flags x WHERE x.contact_id = ct.id AND x.flag_id = ${c.id})`)
    case "group":
      return negated(c.negate, sql`EXISTS (SELECT 1 FROM contact_group_members x WHERE x.contact_id = ct.id AND x.group_id = ${c.id})`)
    case "label":
      return negated(
        c.negate,
        sql`EXISTS (SELECT 1 FROM conversations xc JOIN conversation_labels xl ON xl.conversation_id = xc.id
          WHERE xc.contact_id = ct.id AND xl.label_id = ${c.id})`,
      )
    case "channel":
      return sql`(ct.channel = ${c.channel})`
    case "last_message":
      return c.operator === "before"
        ? sql`(ct.last_inbound_at < ${instantOf(c.at)}::timestamptz)`
        : sql`(ct.last_inbound_at > ${instantOf(c.at)}::timestamptz)`
    case "open_ticket":
      return negated(
        !c.value,
        sql`EXISTS (SELECT 1 FROM tickets xt LEFT JOIN conversations xc ON xc.id = xt.conversation_id
          WHERE xt.client_id = ct.client_id AND xt.status <> 'Resolved' AND coalesce(xt.contact_id, xc.contact_id) = ct.id)`,
      )
  }
}

/** The rules as one predicate; no conditions matches every contact. */
export const rulesSql = (rules: SegmentRules): SQL => {
  checkRules(rules)
  if (rules.conditions.length === 0) return sql`TRUE`
  const joiner = rules.match === "all" ? sql` AND ` : sql` OR `
  return sql`(${sql.join(rules.conditions.map(conditionSql), joiner)})`
}

/**
 * Membership of a stored segment: its rules hold, or the customer was put in by hand. The hand-placed set is an
 * uncorrelated IN (one hashed subplan per query), not a per-contact EXISTS, and is left out when the segment has
 * none: OR-ed to the rules it keeps the planner from turning their EXISTS tests into joins, and over a million
 * contacts that made a count several times slower.
 */
export const segmentSql = (segment: { id: number; rules: SegmentRules; handPlaced?: boolean }): SQL =>
  segment.handPlaced === false
    ? rulesSql(segment.rules)
    : sql`(${rulesSql(segment.rules)} OR ct.id IN (SELECT xs.contact_id FROM contact_segments xs WHERE xs.segment_id = ${segment.id}))`
