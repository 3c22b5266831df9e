/**
 * Where a conversation's SLA targets stand now, read from the database: its policy (sla-targets.ts `choosePolicy` on
 * its priority, channel and the segments its contact is in), its messages as a timeline, and the tenant's working
 * hours and time zone (the tenant settings' one definition) as the clock's calendar.
 */
import { sql } from "drizzle-orm"
import type { SlaPolicy, SlaPriority } from "../../../src/contract/groups/sla"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { loadSegment, segmentSql } from "../segments"
import { tenantSettings } from "../tenant-settings"
import type { Calendar } from "./sla-clock"
import { policiesOf } from "./sla-rows"
import { type Assessed, assess, choosePolicy, startedTargets, targetSeconds } from "./sla-targets"

export interface SlaSetting {
  readonly policies: readonly SlaPolicy[]
  readonly calendar: Calendar
}

export const slaSettingOf = async (db: Db, clientId: number): Promise<SlaSetting> => {
  const policies = (await policiesOf(db, clientId)).filter((p) => p.enabled)
  if (policies.length === 0) return { policies, calendar: { hours: [], zone: "UTC" } }
  const settings = await tenantSettings(db, clientId)
  return { policies, calendar: { hours: settings.working_hours, zone: settings.timezone } }
}

export interface ConversationSla {
  readonly conversationId: number
  readonly channel: string
  readonly agentId: number | null
  readonly priority: SlaPriority
  readonly policy: SlaPolicy
  readonly targets: readonly Assessed[]
}

const time = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).getTime()

const segmentsOf = async (db: Db, clientId: number, contactId: number, policies: readonly SlaPolicy[]) => {
  const ids = new Set<number>()
  for (const id of new Set(policies.flatMap((p) => (p.segment_id === null ? [] : [p.segment_id])))) {
    const where = segmentSql(await loadSegment(db, clientId, id))
    const [row] = rowsOf(
      await db.execute(sql`SELECT 1 FROM contacts ct WHERE ct.id = ${contactId} AND ct.client_id = ${clientId} AND ${where}`),
    )
    if (row) ids.add(id)
  }
  return ids
}

/** null: no such conversation of the tenant, or no policy applies to it. */
export const assessConversation = async (
  db: Db,
  clientId: number,
  setting: SlaSetting,
  conversationId: number,
  now: number,
): Promise<ConversationSla | null> => {
  if (setting.policies.length === 0) return null
  const [c] = rowsOf(
    await db.execute(sql`SELECT c.id, c.channel, c.contact_id, c.assigned_user_id, c.closed_at, coalesce(p.priority, 'normal') AS priority
      FROM conversations c LEFT JOIN sla_priorities p ON p.conversation_id = c.id
      WHERE c.id = ${conversationId} AND c.client_id = ${clientId}`),
  )
  if (!c) return null
  const priority = String(c.priority) as SlaPriority
  const segmentIds = await segmentsOf(db, clientId, Number(c.contact_id), setting.policies)
  const policy = choosePolicy(setting.policies, { priority, channel: String(c.channel), segmentIds })
  if (!policy) return null
  const messages = rowsOf(
    await db.execute(sql`SELECT direction, dt FROM messages WHERE conversation_id = ${conversationId} AND client_id = ${clientId}
      AND (direction = 'in' OR sender_user_id IS NOT NULL) ORDER BY dt, id`),
  ).map((m) => ({ at: time(m.dt), from: m.direction === "in" ? ("customer" as const) : ("agent" as const) }))
  const started = startedTargets({ messages, closedAt: c.closed_at === null ? null : time(c.closed_at) })
  const targets = started.flatMap((s) => {
    const seconds = targetSeconds(policy, s.metric)
    return seconds === null ? [] : [assess(setting.calendar, s, seconds * 1000, policy.near_percent, now)]
  })
  return {
    conversationId,
    channel: String(c.channel),
    agentId: c.assigned_user_id === null ? null : Number(c.assigned_user_id),
    priority,
    policy,
    targets,
  }
}
