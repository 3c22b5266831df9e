/**
 * SLA checks on the one job queue: a customer's message and a close enqueue an `sla.check` of their conversation; the
 * check records where each target stands (sla_targets), fires the policy's near-breach and breach actions the first
 * time a target gets there, and enqueues the next check at the instant the next of them falls due (a job at the due
 * time, keyed by conversation and instant, so a repeated check adds nothing). A check that finds the clock paused
 * waits for the customer's next message to enqueue another.
 */
import { sql } from "drizzle-orm"
import { SLA_PRIORITIES, type SlaAction } from "../../../src/contract/groups/sla"
import type { SlaToBrowser } from "../../../src/contract/sla-events"
import { publish } from "../../core/events"
import { enqueue, type JobContext, type JobHandler } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { conversationClosed, inboundStored } from "../chat"
import { assessConversation, type ConversationSla, slaSettingOf } from "./sla-assess"
import { reassign } from "./sla-reassign"
import { slaInForce } from "./sla-rows"
import type { Assessed } from "./sla-targets"

export const SLA_CHECK = "sla.check"
/** Who hears "notify" besides the agent holding the conversation. */
const ADMIN_PERMISSION = "BACK:client_settings"

/** An `sla.check` of the conversation at `at`; `key` tells apart what asked for it (a repeat of the same adds nothing). */
export const checkAt = (db: Db, clientId: number, conversationId: number, at: Date, key: string) =>
  enqueue(db, {
    kind: SLA_CHECK,
    clientId,
    payload: { conversation_id: conversationId },
    runAt: at,
    idempotencyKey: `sla:${conversationId}:${key}`,
  })

/** A check only for a tenant with an enabled policy (without one a check finds nothing; a saved policy sweeps, sla-sweep.ts). */
const checkIfInForce = async (db: Db, clientId: number, conversationId: number, key: string) => {
  if (await slaInForce.get(db, clientId)) await checkAt(db, clientId, conversationId, new Date(), key)
}

export const hooks = [
  inboundStored.on("sla", 70, (m) => checkIfInForce(m.db, m.clientId, m.conversation.id, `m${m.messageId}`)),
  conversationClosed.on("sla", 30, (c) => checkIfInForce(c.db, c.clientId, c.conversationId, "closed")),
]

const instant = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

type Kind = SlaToBrowser["sla:alert"]["kind"]

const notify = async (ctx: JobContext, clientId: number, sla: ConversationSla, target: Assessed, kind: Kind) => {
  const admins = rowsOf(
    await ctx.db.execute(sql`SELECT u.id FROM users u JOIN role_permissions rp ON rp.role_id = u.role_id
      JOIN permissions p ON p.id = rp.permission_id
      WHERE u.client_id = ${clientId} AND u.status = 'active' AND p.key = ${ADMIN_PERMISSION}`),
  ).map((r) => Number(r.id))
  const users = new Set(sla.agentId === null ? admins : [sla.agentId, ...admins])
  const alert: SlaToBrowser["sla:alert"] = {
    conversation_id: sla.conversationId,
    metric: target.metric,
    kind,
    policy_name: sla.policy.name,
    due_at: instant(target.dueAt),
  }
  ctx.afterCommit(() => {
    for (const userId of users) ctx.services.realtime?.toUser(userId, "sla:alert", alert)
  })
}

const raisePriority = async (db: Db, clientId: number, sla: ConversationSla) => {
  const next = SLA_PRIORITIES[Math.min(SLA_PRIORITIES.indexOf(sla.priority) + 1, SLA_PRIORITIES.length - 1)]
  await db.execute(sql`INSERT INTO sla_priorities (conversation_id, client_id, priority) VALUES (${sla.conversationId}, ${clientId}, ${next})
    ON CONFLICT (conversation_id) DO UPDATE SET priority = EXCLUDED.priority`)
}

/**
 * Fires the policy's actions for one target. `moved` is shared by the targets of one check: two targets reaching a
 * reassigning action at once move the conversation once (a second move would take it from the agent just given it).
 */
const fire = async (ctx: JobContext, clientId: number, sla: ConversationSla, target: Assessed, kind: Kind, moved: { done: boolean }) => {
  const actions: readonly SlaAction[] = kind === "breached" ? sla.policy.breach_actions : sla.policy.near_actions
  for (const action of actions) {
    if (action === "notify") await notify(ctx, clientId, sla, target, kind)
    if (action === "raise_priority") await raisePriority(ctx.db, clientId, sla)
    if (action === "reassign" && !moved.done) {
      moved.done = true
      await reassign(ctx, clientId, sla.conversationId)
    }
    if (action === "webhook")
      await publish(ctx.db, clientId, kind === "breached" ? "conversation.sla_breached" : "conversation.sla_near_breach", {
        conversation_id: sla.conversationId,
        metric: target.metric,
        policy_id: sla.policy.id,
        policy_name: sla.policy.name,
        agent_id: sla.agentId,
        started_at: instant(target.startedAt),
        due_at: instant(target.dueAt),
      })
  }
}

/** Records one target; answers whether it had reached near breach and breach before this check. */
const record = async (db: Db, clientId: number, sla: ConversationSla, t: Assessed) => {
  const [row] = rowsOf(
    await db.execute(sql`INSERT INTO sla_targets (client_id, conversation_id, policy_id, policy_name, metric, started_at, target_seconds,
        due_at, near_due_at, met_at, agent_id, channel)
      VALUES (${clientId}, ${sla.conversationId}, ${sla.policy.id}, ${sla.policy.name}, ${t.metric}, ${instant(t.startedAt)}::timestamptz,
        ${Math.round(t.targetMs / 1000)}, ${instant(t.dueAt)}::timestamptz, ${instant(t.nearDueAt)}::timestamptz, ${instant(t.metAt)}::timestamptz,
        ${sla.agentId}, ${sla.channel})
      ON CONFLICT (conversation_id, metric, started_at) DO UPDATE SET policy_id = EXCLUDED.policy_id, policy_name = EXCLUDED.policy_name,
        target_seconds = EXCLUDED.target_seconds, due_at = EXCLUDED.due_at, near_due_at = EXCLUDED.near_due_at, met_at = EXCLUDED.met_at,
        agent_id = EXCLUDED.agent_id, channel = EXCLUDED.channel
      RETURNING id, near_at, breached_at`),
  )
  return { id: Number(row.id), wasNear: row.near_at !== null, wasBreached: row.breached_at !== null }
}

const check = async (ctx: JobContext, clientId: number, conversationId: number) => {
  const now = ctx.clock.now().getTime()
  const sla = await assessConversation(ctx.db, clientId, await slaSettingOf(ctx.db, clientId), conversationId, now)
  if (!sla) return
  const moved = { done: false }
  for (const t of sla.targets) {
    const { id, wasNear, wasBreached } = await record(ctx.db, clientId, sla, t)
    if (t.breached && !wasBreached) {
      await ctx.db.execute(sql`UPDATE sla_targets SET breached_at = ${instant(t.dueAt)}::timestamptz,
        near_at = coalesce(near_at, ${instant(t.nearDueAt)}::timestamptz) WHERE id = ${id}`)
      await fire(ctx, clientId, sla, t, "breached", moved)
    } else if (t.near && !wasNear) {
      await ctx.db.execute(sql`UPDATE sla_targets SET near_at = ${instant(t.nearDueAt)}::timestamptz WHERE id = ${id}`)
      await fire(ctx, clientId, sla, t, "near", moved)
    }
    if (t.metAt !== null || t.breached) continue
    const next = !wasNear && !t.near && t.nearDueAt !== null ? t.nearDueAt : t.dueAt
    if (next !== null) await checkAt(ctx.db, clientId, conversationId, new Date(next), String(next))
  }
}

export const jobHandlers: JobHandler[] = [
  {
    kind: SLA_CHECK,
    run: (job, ctx) => check(ctx, Number(job.clientId), Number(job.payload.conversation_id)),
  },
]
