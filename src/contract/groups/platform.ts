import { Schema } from "effect"
import { defineGroup } from "../call"
import { Count, Data, Empty, Id, Instant } from "../schemas/common"

/** A business among the most active: its traffic over the overview's window and its agents online now. */
export const BusinessActivity = Schema.Struct({
  client_id: Id,
  name: Schema.String,
  active: Schema.Boolean,
  messages: Count,
  calls: Count,
  agents_online: Count,
})
export type BusinessActivity = typeof BusinessActivity.Type

/** A business's ledger balance, in the platform's currency. */
export const BusinessBalance = Schema.Struct({ client_id: Id, name: Schema.String, balance: Schema.String })
export type BusinessBalance = typeof BusinessBalance.Type

export const SystemHealth = Schema.Struct({
  database: Schema.Boolean,
  /** Null when the server runs without Redis. */
  redis: Schema.NullOr(Schema.Boolean),
  /** Queued jobs already due. */
  queue_depth: Count,
  /** Seconds the longest-waiting due job has waited; null when none waits. */
  oldest_job_seconds: Schema.NullOr(Count),
  /** Server processes holding a live lease. */
  nodes: Count,
})
export type SystemHealth = typeof SystemHealth.Type

export const PlatformOverview = Schema.Struct({
  /** Listed businesses: all, the active ones (they can sign in), the others (pending, disabled, rejected). */
  businesses: Schema.Struct({ total: Count, active: Count, inactive: Count }),
  /** Days the activity figures span, ending now. */
  activity_days: Count,
  most_active: Schema.Array(BusinessActivity),
  lowest_balances: Schema.Array(BusinessBalance),
  currency: Schema.String,
  pending_registrations: Count,
  masks_awaiting_approval: Count,
  health: SystemHealth,
  at: Instant,
})
export type PlatformOverview = typeof PlatformOverview.Type

/**
 * The super admin's platform dashboard (ours, beyond the spec: the spec's catalogue has no call across businesses'
 * activity, balances and the server's health). Each figure has one definition on the server (server/features/platform).
 */
export const platform = defineGroup(
  "platform",
  { title: "Platform overview for the super admin", permission: "businesses", access: "superAdmin", beyondSpec: true },
  {
    platformOverview: {
      method: "GET",
      path: "/platform/overview",
      request: Empty,
      response: Data(PlatformOverview),
    },
  },
)
