/**
 * Setting `auto_assign` with its cap `max_chats_per_agent`: a customer's conversation waiting in the queue goes to the
 * online agent (a user whose role grants BACK:chat, not the tenant's admins) holding the fewest open chats under the
 * cap (chat/agents.ts `agentCapSql`: the tenant's cap, or the agent's own `max_chats` when lower; ties to the
 * longest-serving agent). When nobody
 * is under the cap it waits, and is handed out when an agent frees a place (a close, a release) or comes online: a
 * `settings.assign` job (chat/assignment.ts and session/session.ts enqueue it through `assignWaitingLater`).
 * Race-safe: one lock per tenant (a transaction-scoped advisory lock) is taken before the agents' chats are counted,
 * so two conversations arriving at once are handed out one after the other and never push an agent over the cap.
 * (It was FOR UPDATE on every agent row: at 1,000 agents each hand-out wrote 1,000 row locks; bench:cluster.)
 */
import { sql } from "drizzle-orm"
import { enqueue, type JobContext, type JobHandler } from "../../core/jobs"
import { publish } from "../../core/events"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { announceConversation, loadConversation } from "../chat/conversation-rows"
import { HELD_STATUSES, STEP_STATUS, statusIn } from "../chat/conversation-status"
import { agentCapSql } from "../chat/agents"
import { type TenantSettings, tenantSettings } from "../contact-form/client-settings"
import { botHasSql } from "../chatbots/bot-turn"

export const ASSIGN_JOB = "settings.assign"
/** The advisory lock's first key (the second is the tenant): the hand-outs of one tenant run one at a time. */
const ASSIGN_LOCK = 7342006

/** The agent with a free place and the fewest open chats, the tenant's hand-outs locked; null when nobody is under the cap. */
const freeAgent = async (db: Db, clientId: number, cap: number): Promise<number | null> => {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ASSIGN_LOCK}, ${clientId})`)
  const agents = rowsOf(
    await db.execute(sql`SELECT u.id, ${agentCapSql(cap)} AS cap
      FROM users u WHERE u.client_id = ${clientId} AND u.status = 'active' AND u.online
        AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = u.role_id AND p.key = 'BACK:chat')
        AND NOT EXISTS (SELECT 1 FROM roles r WHERE r.id = u.role_id AND r.system)
      ORDER BY u.id`),
  )
  if (agents.length === 0) return null
  const held = new Map(
    rowsOf(
      await db.execute(sql`SELECT assigned_user_id AS id, count(*)::int AS n FROM conversations
        WHERE client_id = ${clientId} AND status IN ${statusIn(HELD_STATUSES)} AND assigned_user_id IS NOT NULL GROUP BY 1`),
    ).map((r) => [Number(r.id), Number(r.n)]),
  )
  let best: { id: number; n: number } | null = null
  for (const a of agents) {
    const id = Number(a.id)
    const n = held.get(id) ?? 0
    if (n >= Number(a.cap)) continue
    if (!best || n < best.n) best = { id, n }
  }
  return best?.id ?? null
}

/**
 * A conversation waiting in the queue for an agent: unassigned, and no chatbot has it (chatbots/bot-turn.ts; `inTurn`:
 * the message whose bot turn asks).
 */
const waiting = (inTurn: number | null = null) =>
  sql`conversations.status = 'unassigned' AND conversations.assigned_user_id IS NULL AND NOT ${botHasSql(sql`conversations.id`, inTurn)}`

/** Hands one waiting conversation to a free agent; answers whether it did. */
const assignOne = async (db: Db, clientId: number, conversationId: number, cap: number, inTurn: number | null = null): Promise<boolean> => {
  const agentId = await freeAgent(db, clientId, cap)
  if (agentId === null) return false
  const [row] = rowsOf(
    await db.execute(sql`UPDATE conversations SET assigned_user_id = ${agentId}, status = ${STEP_STATUS.handOver}
      WHERE id = ${conversationId} AND client_id = ${clientId} AND ${waiting(inTurn)} RETURNING id`),
  )
  if (!row) return false
  await publish(db, clientId, "conversation.assigned", { conversation_id: conversationId, agent_id: agentId, previous_agent_id: null })
  return true
}

/** In the inbound pipeline (chat-store.ts), the conversation locked: a new customer conversation finds its agent. */
export const assignArrival = async (db: Db, clientId: number, conversationId: number, settings: TenantSettings) => {
  if (!settings.auto_assign) return
  await assignOne(db, clientId, conversationId, settings.max_chats_per_agent)
}

/**
 * After a chatbot's turn on the customer's message `messageId` (chatbots/bot-runtime.ts), the conversation locked: the
 * bot did not answer, or handed over, so the conversation finds its agent as a new one does (unless the bot still talks).
 */
export const assignAfterBotTurn = async (ctx: JobContext, clientId: number, conversationId: number, messageId: number) => {
  const settings = await tenantSettings(ctx.db, clientId)
  if (!settings.auto_assign) return
  if (await assignOne(ctx.db, clientId, conversationId, settings.max_chats_per_agent, messageId))
    announceConversation(ctx, clientId, await loadConversation(ctx.db, clientId, conversationId))
}

/** After a place may have freed up (a close, a release, an agent online): the waiting conversations get another go. */
export const assignWaitingLater = async (db: Db, clientId: number) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT 1 FROM client_settings s WHERE s.client_id = ${clientId} AND s.key = 'auto_assign' AND s.value = 'true'::jsonb
      AND EXISTS (SELECT 1 FROM conversations WHERE conversations.client_id = ${clientId} AND ${waiting()})`),
  )
  if (row) await enqueue(db, { kind: ASSIGN_JOB, clientId, payload: {} })
}

export const jobHandlers: JobHandler[] = [
  {
    kind: ASSIGN_JOB,
    run: async (job, ctx) => {
      const clientId = job.clientId!
      const settings = await tenantSettings(ctx.db, clientId)
      if (!settings.auto_assign) return
      const queued = rowsOf(
        await ctx.db.execute(sql`SELECT id FROM conversations WHERE client_id = ${clientId} AND ${waiting()}
          ORDER BY last_message_at, id LIMIT 200 FOR UPDATE SKIP LOCKED`),
      )
      for (const w of queued) {
        const id = Number(w.id)
        if (!(await assignOne(ctx.db, clientId, id, settings.max_chats_per_agent))) break
        await announceConversation(ctx, clientId, await loadConversation(ctx.db, clientId, id))
      }
    },
  },
]
