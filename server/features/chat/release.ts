/**
 * Another feature takes a conversation from its holder (SLA's reassign action): in the caller's transaction the
 * conversation goes back to the queue at its head (ahead of everyone waiting at its priority, so nobody who came later
 * is served first), the change is the usual `conversation.assigned` event (to nobody), every console is told, and the
 * release hook lets the one hand-out (tenant-settings/auto-assign.ts) serve it.
 */
import { sql } from "drizzle-orm"
import { publish } from "../../core/events"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import { rowsOf } from "../../db/rows"
import type { Ctx } from "../../http/context"
import { publishConversationOf } from "./conversation-rows"
import { HELD_STATUSES, next, statusIn } from "./conversation-status"
import { conversationReleased } from "./hooks"

/** The agent the open conversation was taken from; null when it is closed, not the tenant's, or nobody holds it. */
export const releaseToQueueHead = async (
  ctx: Pick<Ctx, "db" | "afterCommit" | "services">,
  clientId: number,
  conversationId: number,
): Promise<number | null> => {
  const [held] = rowsOf(
    await ctx.db.execute(sql`SELECT status, assigned_user_id FROM conversations WHERE id = ${conversationId} AND client_id = ${clientId}
      AND assigned_user_id IS NOT NULL AND status IN ${statusIn(HELD_STATUSES)} FOR UPDATE`),
  )
  if (!held) return null
  const holder = Number(held.assigned_user_id)
  const after = next({ status: String(held.status) as ConversationStatus, agentId: holder }, { type: "release" })
  // Joining the queue stamps `queued_at` (migration 0048); the second write moves it ahead of those already waiting.
  await ctx.db.execute(
    sql`UPDATE conversations SET status = ${after.status}, assigned_user_id = ${after.agentId} WHERE id = ${conversationId}`,
  )
  await ctx.db.execute(sql`UPDATE conversations SET queued_at = least(queued_at, (SELECT min(w.queued_at) - interval '1 millisecond'
      FROM conversations w WHERE w.client_id = ${clientId} AND w.queued_at IS NOT NULL AND w.id <> ${conversationId}))
    WHERE id = ${conversationId}`)
  await publish(ctx.db, clientId, "conversation.assigned", { conversation_id: conversationId, agent_id: null, previous_agent_id: holder })
  await publishConversationOf(ctx, clientId, conversationId)
  await conversationReleased.run({ db: ctx.db, clientId, conversationId })
  return holder
}
