/**
 * SLA alerts on the socket service: when a conversation's target nears its breach or breaches and its policy says
 * "notify" (server/features/sla/sla-jobs.ts), the agent holding it and each active user of the tenant holding
 * BACK:client_settings hear it on their own room, once per target and kind.
 */
import type { SlaMetric } from "./groups/sla"

export interface SlaToBrowser {
  "sla:alert": {
    conversation_id: number
    metric: SlaMetric
    kind: "near" | "breached"
    policy_name: string
    due_at: string | null
  }
}

export type SlaToBrowserEvent = keyof SlaToBrowser

export const SLA_TO_BROWSER_EVENTS: readonly SlaToBrowserEvent[] = ["sla:alert"]
