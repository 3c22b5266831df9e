import { Schema } from "effect"
import { defineGroup } from "../call"
import { Channel, Count, Data, Id, Instant, Ok } from "../schemas/common"
import { QueuePriorityRule } from "../schemas/tenants"

/**
 * The agents' queue (ours, beyond the spec): the conversations waiting for an agent with their place, estimated wait,
 * priority and why, and the agent group they are routed to; the customers' calls waiting for a free agent; each agent's load against their caps; "take next", which
 * serves the caller the first waiting conversation they may take through the one hand-out; routing a waiting
 * conversation to an agent group (admins).
 */
export const QueueKind = Schema.Literals(["chat", "sms", "voice"])
export type QueueKind = typeof QueueKind.Type
export const QUEUE_KINDS = ["chat", "sms", "voice"] as const satisfies readonly QueueKind[]

/** The priority rule that raised a conversation (its kind and id as the tenant set it, and the label's, segment's or flag's name). */
export const QueueRule = Schema.Struct({ ...QueuePriorityRule.fields, name: Schema.String })
export type QueueRule = typeof QueueRule.Type

export const QueueGroup = Schema.Struct({ id: Id, name: Schema.String })
export type QueueGroup = typeof QueueGroup.Type

export const QueueEntry = Schema.Struct({
  conversation_id: Id,
  kind: QueueKind,
  channel: Channel,
  customer: Schema.String,
  number: Schema.String,
  /** 1 + how many of the same kind wait ahead of it. */
  position: Id,
  /** Whole minutes; null when unknown (nothing of its kind handed out lately). */
  wait_minutes: Schema.NullOr(Count),
  queued_at: Instant,
  priority: Schema.Number,
  rule: Schema.NullOr(QueueRule),
  group: Schema.NullOr(QueueGroup),
})
export type QueueEntry = typeof QueueEntry.Type

/**
 * A customer's call waiting for a free agent (every online agent was busy when it came): served first in, first out;
 * `ringing` once it rings the agents who became free (only the first waiting call rings at a time).
 */
export const WaitingCall = Schema.Struct({
  call_id: Schema.String,
  caller: Schema.String,
  number: Schema.String,
  /** 1 + how many calls wait ahead of it. */
  position: Id,
  queued_at: Instant,
  ringing: Schema.Boolean,
})
export type WaitingCall = typeof WaitingCall.Type

/** How many of a kind an agent holds against their cap (a lowered cap may leave held above it). */
export const QueueLoad = Schema.Struct({ kind: QueueKind, held: Count, cap: Count })
export type QueueLoad = typeof QueueLoad.Type

export const QueueAgent = Schema.Struct({
  user_id: Id,
  name: Schema.String,
  online: Schema.Boolean,
  loads: Schema.Array(QueueLoad),
})
export type QueueAgent = typeof QueueAgent.Type

export const RoutingQueue = Schema.Struct({
  /** Whether the caller is the tenant's admin: every waiting conversation, every agent's load, routing to groups. */
  admin: Schema.Boolean,
  /** An agent's own loads (empty for an admin, who takes no hand-outs). */
  mine: Schema.Array(QueueLoad),
  entries: Schema.Array(QueueEntry),
  /** The waiting calls, for an admin or an agent who takes calls (empty for the others). */
  calls: Schema.Array(WaitingCall),
  agents: Schema.Array(QueueAgent),
  groups: Schema.Array(QueueGroup),
  at: Instant,
})
export type RoutingQueue = typeof RoutingQueue.Type

/** What a priority rule may name: the tenant's labels, segments and flags. */
export const RuleChoices = Schema.Struct({
  label: Schema.Array(QueueGroup),
  segment: Schema.Array(QueueGroup),
  flag: Schema.Array(QueueGroup),
})
export type RuleChoices = typeof RuleChoices.Type

export const routing = defineGroup(
  "routing",
  { title: "Routing queue", permission: "chat", beyondSpec: true },
  {
    routingQueue: { method: "POST", path: "/routing/queue", request: Schema.Struct({}), response: Data(RoutingQueue) },
    /** 409 AT_CAPACITY when the caller is at their cap of every kind that waits; 409 QUEUE_EMPTY when nothing waits for them. */
    routingTakeNext: {
      method: "POST",
      path: "/routing/take-next",
      request: Schema.Struct({}),
      response: Data(Schema.Struct({ conversation_id: Id })),
    },
    routingRoute: {
      method: "POST",
      path: "/routing/route",
      permission: "client_settings",
      request: Schema.Struct({ conversation_id: Id, group_id: Schema.NullOr(Id) }),
      response: Ok,
    },
    routingRuleChoices: {
      method: "POST",
      path: "/routing/rule-choices",
      permission: "client_settings",
      request: Schema.Struct({}),
      response: Data(RuleChoices),
    },
  },
)
