/**
 * Setting `auto_assign` with its cap `max_chats_per_agent`: a customer's conversation waiting in the queue goes to the
 * online agent (a user whose role grants BACK:chat, not the tenant's admins: chat/agent-eligibility.ts `agentsWhere`) holding the
 * fewest open chats under the cap (`agentCapSql` there: the tenant's cap, or the agent's own `max_chats` when
 * lower; ties to the longest-serving agent). When nobody is under the cap it waits, and is handed out when an agent
 * frees a place (a close, a release) or comes online: a `settings.assign` job (chat/assignment.ts and
 * session/session.ts enqueue it through `assignWaitingLater`).
 * Race-safe without a tenant-wide lock: the database keeps each user's held chats in `agent_loads` (migration 0039,
 * triggers on conversations), and a hand-out is one query that takes the least loaded free agent's counter row
 * `FOR UPDATE ... SKIP LOCKED`. Locking re-checks `held < cap` on the row's newest committed version (READ COMMITTED),
 * and the row stays locked until the hand-out's transaction commits its +1, so the cap holds exactly; two hand-outs
 * at once take two different agents instead of waiting for each other. When every agent with a free place is being
 * handed a conversation by another transaction at that moment, the conversation waits and a `settings.assign` job
 * gives it another go after the commit. (Before: one advisory lock per tenant and a count of all its held chats per
 * hand-out, about 11 ms of database time each, one at a time; before that, FOR UPDATE on every agent row.)
 */
import { type SQL, sql } from "drizzle-orm"
import { enqueue, type JobContext, type JobHandler } from "../../core/jobs"
import { publish } from "../../core/events"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { announceConversation, loadConversation, STEP_STATUS, agentCapSql, agentsWhere } from "../chat"
import { type TenantSettings, tenantSettings } from "./settings-store"
import { botHasSql } from "../chatbots"

export const ASSIGN_JOB = "settings.assign"

/**
 * The tenant's online agents with a free place, the least loaded first (then the longest-serving), as one row. The
 * `held < cap` on the tenant's cap bounds the index range (agent_loads_client_held_idx): a full tenant reads nothing.
 */
const freeAgentSql = (clientId: number, cap: number): SQL =>
  sql`SELECT l.user_id FROM agent_loads l JOIN users u ON u.id = l.user_id
    WHERE l.client_id = ${clientId} AND l.held < ${cap}::int AND l.held < ${agentCapSql(cap)}
      AND ${agentsWhere(clientId, { admins: false, online: true })}
    ORDER BY l.held, l.user_id LIMIT 1`

/**
 * The free agent for one hand-out, their counter row locked until the commit: an agent id; "full" when nobody is under
 * the cap; "busy" when the only ones under it are being handed a conversation by other transactions right now.
 */
const freeAgent = async (db: Db, clientId: number, cap: number): Promise<number | "full" | "busy"> => {
  const [row] = rowsOf(await db.execute(sql`${freeAgentSql(clientId, cap)} FOR UPDATE OF l SKIP LOCKED`))
  if (row) return Number(row.user_id)
  const [locked] = rowsOf(await db.execute(freeAgentSql(clientId, cap)))
  return locked ? "busy" : "full"
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
  if (agentId === "busy") await enqueue(db, { kind: ASSIGN_JOB, clientId, payload: {} })
  if (typeof agentId !== "number") return false
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
