/**
 * Conversations as the contract's `Conversation`, and the event that announces one.
 *
 * Its status and who holds it follow conversation-status.ts.
 *
 * session_expires_at: WhatsApp only: the contact's last inbound message + 24 h (the started_at instant, already past,
 * when the customer never wrote); null on channels without such a window.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Conversation } from "../../../src/contract/schemas/chat"
import type { Channel } from "../../../src/contract/schemas/common"
import { tenantOf, type Ctx } from "../../http/context"
import type { Db } from "../../db/db"
import { notFound } from "../../http/errors"
import { chatWriterOf, emitChat } from "./chat-bus"

/** A call or job writing a conversation event: its transaction, and what runs after its commit. */
type ChatCtx = Pick<Ctx, "db" | "afterCommit" | "services">

export const WINDOW_MS = 24 * 3_600_000

import { rowsOf } from "../../db/rows"

export const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString()
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value))

/** The columns every conversation read selects (aliases c = conversations, ct = contacts, u = assigned user). */
export const CONVERSATION_COLUMNS = sql`c.id, ct.number, ct.name, c.channel, c.status, c.assigned_user_id, u.display_name AS agent_name,
  c.last_message, c.last_message_at, c.unread, ct.blocked, c.started_at, c.closed_at, ct.last_inbound_at,
  coalesce((SELECT array_agg(l.name ORDER BY l.name) FROM conversation_labels cl JOIN labels l ON l.id = cl.label_id
    WHERE cl.conversation_id = c.id), '{}') AS labels`

export const CONVERSATION_FROM = sql`conversations c JOIN contacts ct ON ct.id = c.contact_id LEFT JOIN users u ON u.id = c.assigned_user_id`

const labelsOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String)
  // pg without array parsing for an aggregate answers '{a,b}'.
  if (typeof value === "string" && value.startsWith("{"))
    return value
      .slice(1, -1)
      .split(",")
      .filter(Boolean)
      .map((s) => s.replace(/^"|"$/g, ""))
  return []
}

export const sessionExpiry = (channel: string, lastInboundAt: unknown, startedAt: unknown): string | null => {
  if (channel !== "whatsapp") return null
  const from = lastInboundAt ?? startedAt
  return from === null || from === undefined
    ? null
    : new Date(new Date(from as string).getTime() + (lastInboundAt ? WINDOW_MS : 0)).toISOString()
}

export const conversationOf = (r: Record<string, unknown>): Conversation => ({
  id: Number(r.id),
  number: String(r.number),
  name: r.name === null || r.name === undefined || r.name === "" ? null : String(r.name),
  channel_type: String(r.channel) as Channel,
  status: String(r.status) as Conversation["status"],
  agent_id: r.assigned_user_id === null || r.assigned_user_id === undefined ? null : Number(r.assigned_user_id),
  agent_name: (r.agent_name as string | null) ?? null,
  last_message: (r.last_message as string | null) ?? null,
  last_message_at: isoOrNull(r.last_message_at),
  unread: Number(r.unread ?? 0),
  labels: labelsOf(r.labels),
  blocked: Boolean(r.blocked),
  started_at: iso(r.started_at),
  closed_at: isoOrNull(r.closed_at),
  session_expires_at: sessionExpiry(String(r.channel), r.last_inbound_at, r.started_at),
})

/** Conversations of `clientId` matching `where` (over c / ct / u), in `order`. */
export const selectConversations = async (
  db: Db,
  clientId: number,
  where: SQL,
  order: SQL,
  limit: number,
  offset = 0,
): Promise<Conversation[]> =>
  rowsOf(
    await db.execute(sql`SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM}
    WHERE c.client_id = ${clientId} AND ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`),
  ).map(conversationOf)

/** One conversation of the tenant (404 when it is not theirs). */
export const loadConversation = async (db: Db, clientId: number, conversationId: number): Promise<Conversation> => {
  const [row] = await selectConversations(db, clientId, sql`c.id = ${conversationId}`, sql`c.id`, 1)
  if (!row) throw notFound("Conversation")
  return row
}

/**
 * Writes `chat:conversation` for a conversation in the caller's transaction, read there (after the caller's change),
 * relayed after the commit (chat-bus.ts). For other features (tagging) as well as the chat calls.
 */
export const publishConversation = (ctx: Ctx, conversationId: number) => publishConversationOf(ctx, tenantOf(ctx), conversationId)

/** publishConversation for a known tenant (hooks and channel events run without a user's ctx). */
export const publishConversationOf = async (ctx: ChatCtx, clientId: number, conversationId: number) => {
  const [conversation] = await selectConversations(ctx.db, clientId, sql`c.id = ${conversationId}`, sql`c.id`, 1)
  if (conversation) await announceConversation(ctx, clientId, conversation)
}

/** Writes `chat:conversation` for an already loaded conversation (no second read). */
export const announceConversation = (ctx: ChatCtx, clientId: number, conversation: Conversation) =>
  emitChat(chatWriterOf(ctx), clientId, "chat:conversation", { conversation })
