import { Schema } from "effect"
import { defineGroup } from "../call"
import { Channel, Count, Data, DateRange, Id, Instant, NonEmpty, Ok } from "../schemas/common"

/**
 * SLA policies (ours, beyond the spec): first response, next response and resolution targets chosen per priority,
 * channel or segment, measured in the tenant's business hours and time zone, paused while the conversation waits on
 * the customer; breach and near-breach actions; the clocks the chat shows; the achieved/breached report.
 */
export const SlaMetric = Schema.Literals(["first_response", "next_response", "resolution"])
export type SlaMetric = typeof SlaMetric.Type
export const SLA_METRICS = ["first_response", "next_response", "resolution"] as const satisfies readonly SlaMetric[]

/** A conversation's priority, lowest first (raising moves one step up). */
export const SlaPriority = Schema.Literals(["low", "normal", "high", "urgent"])
export type SlaPriority = typeof SlaPriority.Type
export const SLA_PRIORITIES = ["low", "normal", "high", "urgent"] as const satisfies readonly SlaPriority[]

/** reassign: the conversation leaves its holder for the next free eligible agent (back to the queue's head when none is). */
export const SlaAction = Schema.Literals(["notify", "raise_priority", "webhook", "reassign"])
export type SlaAction = typeof SlaAction.Type
export const SLA_ACTIONS = ["notify", "raise_priority", "webhook", "reassign"] as const satisfies readonly SlaAction[]

/** The longest target: 30 days of business time. */
export const SLA_MAX_SECONDS = 30 * 86_400
const Target = Schema.NullOr(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: SLA_MAX_SECONDS })))

export const SlaPolicyFields = {
  name: NonEmpty.check(Schema.isMaxLength(100)),
  /** The conditions; null matches any. */
  priority: Schema.NullOr(SlaPriority),
  channel: Schema.NullOr(Channel),
  segment_id: Schema.NullOr(Id),
  /** Targets in business seconds; null: not measured. */
  first_response_seconds: Target,
  next_response_seconds: Target,
  resolution_seconds: Target,
  /** Near breach once this share of the target has passed. */
  near_percent: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 10, maximum: 99 })),
  near_actions: Schema.Array(SlaAction).check(Schema.isMaxLength(SLA_ACTIONS.length)),
  breach_actions: Schema.Array(SlaAction).check(Schema.isMaxLength(SLA_ACTIONS.length)),
  enabled: Schema.Boolean,
}
export const SlaPolicyInput = Schema.Struct(SlaPolicyFields)
export type SlaPolicyInput = typeof SlaPolicyInput.Type

export const SlaPolicy = Schema.Struct({ id: Id, ...SlaPolicyFields, created_at: Instant })
export type SlaPolicy = typeof SlaPolicy.Type

/** running: the clock ticks; paused: outside business hours or waiting on the customer; near and breached as named. */
export const SlaClockState = Schema.Literals(["running", "paused", "near", "breached"])
export type SlaClockState = typeof SlaClockState.Type

/** The most urgent open target of a conversation, as of `at`. */
export const SlaClock = Schema.Struct({
  conversation_id: Id,
  policy_id: Id,
  policy_name: Schema.String,
  metric: SlaMetric,
  state: SlaClockState,
  /** Whether business time passes at `at` (the countdown moves). */
  ticking: Schema.Boolean,
  /** Business milliseconds left at `at`; negative once breached. */
  remaining_ms: Schema.Number,
  due_at: Schema.NullOr(Instant),
  at: Instant,
})
export type SlaClock = typeof SlaClock.Type

export const SlaReportBy = Schema.Literals(["policy", "agent", "channel"])
export type SlaReportBy = typeof SlaReportBy.Type

/** Targets that started in the range, by policy, agent or channel: met in time, breached, still open. */
export const SlaReportRow = Schema.Struct({
  key: Schema.String,
  label: Schema.String,
  metric: SlaMetric,
  achieved: Count,
  breached: Count,
  open: Count,
  /** achieved / (achieved + breached) in percent, one decimal; null when none is decided. */
  achieved_percent: Schema.NullOr(Schema.Number),
})
export type SlaReportRow = typeof SlaReportRow.Type

const ReportQuery = Schema.Struct({ ...DateRange, by: SlaReportBy })

const Heading = NonEmpty.check(Schema.isMaxLength(100))
/**
 * The report file's words in the caller's language, as the console's SLA strings have them (their one source): the
 * grouping's column, the target's column and its three names, the figures, and the name of a row without an agent.
 */
export const SlaCsvHeadings = Schema.Struct({
  by: Heading,
  target: Heading,
  metrics: Schema.Struct({ first_response: Heading, next_response: Heading, resolution: Heading }),
  achieved: Heading,
  breached: Heading,
  open: Heading,
  percent: Heading,
  unassigned: Heading,
})
export type SlaCsvHeadings = typeof SlaCsvHeadings.Type

export const sla = defineGroup(
  "sla",
  { title: "SLA policies", permission: "client_settings", beyondSpec: true },
  {
    slaPolicies: { method: "POST", path: "/sla/policies", request: Schema.Struct({}), response: Data(Schema.Array(SlaPolicy)) },
    slaPolicyCreate: { method: "POST", path: "/sla/policy/create", request: SlaPolicyInput, response: Data(SlaPolicy) },
    slaPolicyUpdate: {
      method: "POST",
      path: "/sla/policy/update",
      request: Schema.Struct({ id: Id, ...SlaPolicyFields }),
      response: Data(SlaPolicy),
    },
    slaPolicyDelete: { method: "POST", path: "/sla/policy/delete", request: Schema.Struct({ id: Id }), response: Ok },
    /** The clocks of the caller's tenant's open conversations among `conversation_ids` (those with a target). */
    slaClocks: {
      method: "POST",
      path: "/sla/clocks",
      permission: "chat",
      request: Schema.Struct({ conversation_ids: Schema.Array(Id).check(Schema.isMaxLength(200)) }),
      response: Data(Schema.Array(SlaClock)),
    },
    slaReport: { method: "POST", path: "/sla/report", request: ReportQuery, response: Data(Schema.Array(SlaReportRow)) },
    slaReportCsv: {
      method: "POST",
      path: "/sla/report/csv",
      request: Schema.Struct({ ...DateRange, by: SlaReportBy, headings: SlaCsvHeadings }),
      response: Data(Schema.Struct({ file_name: Schema.String, csv: Schema.String })),
    },
  },
)
