/** SLA policies as stored (migration 0049) and as the contract shows them. */
import { sql } from "drizzle-orm"
import type { SlaAction, SlaPolicy, SlaPolicyInput, SlaPriority } from "../../../src/contract/groups/sla"
import type { Channel } from "../../../src/contract/schemas/common"
import { iso } from "../../core/date-range"
import { tenantCache } from "../../core/tenant-cache"
import type { Db } from "../../db/db"
import { jsonOf, rowsOf } from "../../db/rows"

const seconds = (value: unknown) => (value === null || value === undefined ? null : Number(value))

export const policyOf = (r: Record<string, unknown>): SlaPolicy => ({
  id: Number(r.id),
  name: String(r.name),
  priority: (r.priority ?? null) as SlaPriority | null,
  channel: (r.channel ?? null) as Channel | null,
  segment_id: r.segment_id === null ? null : Number(r.segment_id),
  first_response_seconds: seconds(r.first_response_seconds),
  next_response_seconds: seconds(r.next_response_seconds),
  resolution_seconds: seconds(r.resolution_seconds),
  near_percent: Number(r.near_percent),
  near_actions: jsonOf<SlaAction[]>(r.near_actions),
  breach_actions: jsonOf<SlaAction[]>(r.breach_actions),
  enabled: Boolean(r.enabled),
  created_at: iso(r.created_at),
})

/**
 * Whether the tenant has an enabled policy, from this process's cache (core/tenant-cache.ts, at most
 * TENANT_CACHE_TTL_MS old): a customer's message or a close asks for no SLA check without one. The policies' calls
 * (sla-policies.ts) forget it on every edit.
 */
export const slaInForce = tenantCache(
  async (db: Db, clientId: number): Promise<boolean> => {
    const [row] = rowsOf(await db.execute(sql`SELECT EXISTS (SELECT 1 FROM sla_policies WHERE client_id = ${clientId} AND enabled) AS any`))
    return row?.any === true
  },
  { name: "sla_policies" },
)

export const policiesOf = async (db: Db, clientId: number): Promise<SlaPolicy[]> =>
  rowsOf(await db.execute(sql`SELECT * FROM sla_policies WHERE client_id = ${clientId} ORDER BY id`)).map(policyOf)

/** The stored columns of a policy's fields, each action once. */
export const columnsOf = (input: SlaPolicyInput) => ({
  name: input.name,
  priority: input.priority,
  channel: input.channel,
  segment_id: input.segment_id,
  first_response_seconds: input.first_response_seconds,
  next_response_seconds: input.next_response_seconds,
  resolution_seconds: input.resolution_seconds,
  near_percent: input.near_percent,
  near_actions: JSON.stringify([...new Set(input.near_actions)]),
  breach_actions: JSON.stringify([...new Set(input.breach_actions)]),
  enabled: input.enabled,
})
