/**
 * Who holds a conversation and whether it is open: shift (shiftTicket), forward (forwardAgentById), the live update by
 * number (chatUpdateByNumber: take from the queue, release, status, read), close, and the unread resets. Each write
 * answers the conversation after the change and announces it as `chat:conversation` after the commit.
 * The status rule is in conversation-status.ts.
 */
import { sql } from "drizzle-orm"
import type { Conversation } from "../../../src/contract/schemas/chat"
import { handle } from "../../core/registry"
import { tenantOf, userOf, type Ctx } from "../../http/context"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import { ApiError, idOf, notFound } from "../../http/errors"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { publish } from "../../core/events"
import { announceConversation, loadConversation } from "./conversation-rows"
import { closedError, type Holding, isOpen, next, settled } from "./conversation-status"
import { conversationClosed, conversationReleased, conversationTaken, messagesRead } from "./hooks"

interface OpenRow extends Holding {
  readonly id: number
}

const lockOpen = async (ctx: Ctx, clientId: number, conversationId: number): Promise<OpenRow> => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT id, status, assigned_user_id FROM conversations
    WHERE id = ${conversationId} AND client_id = ${clientId} FOR UPDATE`),
  )
  if (!row) throw notFound("Conversation")
  if (!isOpen(String(row.status))) throw closedError()
  return {
    id: Number(row.id),
    status: String(row.status) as ConversationStatus,
    agentId: row.assigned_user_id === null ? null : Number(row.assigned_user_id),
  }
}

/** The newest open conversation with `number` (any channel), locked. */
const lockOpenByNumber = async (ctx: Ctx, clientId: number, number: string): Promise<OpenRow> => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
    WHERE c.client_id = ${clientId} AND ct.number = ${number} AND c.status <> 'closed' ORDER BY c.last_message_at DESC, c.id DESC LIMIT 1`),
  )
  if (!row) throw notFound(`Open conversation with ${number}`)
  return lockOpen(ctx, clientId, Number(row.id))
}

/** A user of the tenant who may hold chats (active, holds BACK:chat). */
const chatAgent = async (ctx: Ctx, clientId: number, agentId: unknown, field = "agent_id"): Promise<number> => {
  const id = idOf(agentId, "Agent")
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT u.id FROM users u WHERE u.id = ${id} AND u.client_id = ${clientId} AND u.status = 'active'
    AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = u.role_id AND p.key = 'BACK:chat')`),
  )
  if (!row) throw new ApiError(404, "NOT_FOUND", "Agent not found (or not allowed to hold chats)", field)
  return id
}

const finish = async (ctx: Ctx, clientId: number, conversationId: number): Promise<{ data: Conversation }> => {
  const conversation = await loadConversation(ctx.db, clientId, conversationId)
  await announceConversation(ctx, clientId, conversation)
  return { data: conversation }
}

/** Hands an open conversation to `agentId` as active (the new holder has not answered yet). */
const handOver = async (ctx: Ctx, conversationId: unknown, agentId: unknown) => {
  const clientId = tenantOf(ctx)
  const conversation = await lockOpen(ctx, clientId, idOf(conversationId, "Conversation"))
  const after = next(conversation, { type: "handOver", agentId: await chatAgent(ctx, clientId, agentId) })
  if (after.agentId !== conversation.agentId || after.status !== conversation.status) {
    await ctx.db.execute(
      sql`UPDATE conversations SET assigned_user_id = ${after.agentId}, status = ${after.status} WHERE id = ${conversation.id}`,
    )
    await announceAssignment(ctx.db, clientId, conversation, after)
  }
  return finish(ctx, clientId, conversation.id)
}

/**
 * A conversation closes (chatClose, chatUpdateByNumber with status closed, or idle: closed by nobody): it leaves the
 * inbox with nothing unread; the other features react (hooks.ts `conversationClosed`: its tickets are resolved, the
 * tenant's survey and waiting queue follow).
 */
export const closeConversation = async (
  db: Db,
  clientId: number,
  conversationId: number,
  closed: Holding,
  closedBy: number | null,
  resolution: string | null = null,
) => {
  await db.execute(sql`UPDATE conversations SET status = ${closed.status}, assigned_user_id = ${closed.agentId}, closed_at = now(),
    closed_by = ${closedBy}, unread = 0, resolution = coalesce(${resolution}, resolution) WHERE id = ${conversationId}`)
  await publish(db, clientId, "conversation.closed", {
    conversation_id: conversationId,
    closed_by: closedBy,
    agent_id: closed.agentId,
    resolution,
  })
  await conversationClosed.run({ db, clientId, conversationId, agentId: closed.agentId })
}

/** A change of holder is a `conversation.assigned` event (to null: back to the queue); from the queue, the queue moved. */
const announceAssignment = async (db: Db, clientId: number, before: OpenRow, after: Holding) => {
  if (after.agentId === before.agentId) return
  await publish(db, clientId, "conversation.assigned", {
    conversation_id: before.id,
    agent_id: after.agentId,
    previous_agent_id: before.agentId,
  })
  if (before.agentId === null && before.status === "unassigned") await conversationTaken.run({ db, clientId, conversationId: before.id })
}

const resetUnread = async (ctx: Ctx, number: string) => {
  const clientId = tenantOf(ctx)
  const rows = rowsOf(
    await ctx.db.execute(sql`UPDATE conversations c SET unread = 0 FROM contacts ct
    WHERE ct.id = c.contact_id AND c.client_id = ${clientId} AND ct.number = ${number} AND c.unread > 0 RETURNING c.id`),
  )
  for (const row of rows) await announceConversation(ctx, clientId, await loadConversation(ctx.db, clientId, Number(row.id)))
  ctx.afterCommit?.(() => messagesRead.run({ services: ctx.services, clientId, number }))
  return { data: { ok: true } }
}

export const handlers = [
  handle("chat", "shiftTicket", (ctx, input) => handOver(ctx, input.conversation_id, input.agent_id)),
  handle("chat", "forwardAgentById", (ctx, input) => handOver(ctx, input.conversation_id, input.id)),
  handle("chat", "chatClose", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    const conversation = await lockOpen(ctx, clientId, idOf(input.conversation_id, "Conversation"))
    await closeConversation(ctx.db, clientId, conversation.id, next(conversation, { type: "close" }), userId, input.resolution ?? null)
    return finish(ctx, clientId, conversation.id)
  }),
  /**
   * The live state of the chat with `{number}`: `agent_id` takes (own id: 409 when a colleague holds it already),
   * assigns (someone else's id) or releases (null) it; `status` sets it (closed closes, unassigned releases,
   * active/ongoing keep or take the holder); `read` clears the unread count.
   */
  handle("chat", "chatUpdateByNumber", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    const conversation = await lockOpenByNumber(ctx, clientId, input.number)
    let after: Holding = conversation
    if (input.agent_id === null) after = next(after, { type: "release" })
    else if (input.agent_id !== undefined) {
      const agentId = await chatAgent(ctx, clientId, input.agent_id)
      after = next(after, agentId === userId ? { type: "take", agentId } : { type: "handOver", agentId })
    }
    if (input.status !== undefined) after = next(after, { type: "set", status: input.status, by: userId })
    after = settled(after)
    if (after.status === "closed") await closeConversation(ctx.db, clientId, conversation.id, after, userId)
    else {
      await ctx.db.execute(sql`UPDATE conversations SET assigned_user_id = ${after.agentId}, status = ${after.status},
        unread = CASE WHEN ${input.read === true} THEN 0 ELSE unread END WHERE id = ${conversation.id}`)
      await announceAssignment(ctx.db, clientId, conversation, after)
      if (after.agentId === null) await conversationReleased.run({ db: ctx.db, clientId, conversationId: conversation.id })
    }
    return finish(ctx, clientId, conversation.id)
  }),
  handle("chat", "messagesReset", (ctx, input) => resetUnread(ctx, input.number)),
  /** Agent-group chats keep no per-reader unread count; the call only checks the group is the tenant's. */
  handle("chat", "messagesResetGroupByGroupId", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT id FROM agent_groups WHERE id = ${idOf(input.group_id, "Group")} AND client_id = ${clientId}`),
    )
    if (!row) throw notFound("Group")
    return { data: { ok: true } }
  }),
]
