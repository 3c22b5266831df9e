/**
 * A customer's message reaching the chat, from any channel (the built-in simulator and web chat: chat-hub.ts; Meta's
 * webhooks: channels/inbound.ts), in the writer's transaction: stored (chat-store.ts `storeInbound`: its conversation,
 * then the other features' reactions: the bot's turn, auto-assign, the away message) and told to the consoles with that commit (chat-bus.ts).
 *
 * `chat:message` goes to the conversation's rooms as it is after the message (chat-audience.ts): the queue's while
 * nobody holds it, its holder's once someone does. When this message took a conversation that was waiting in the queue
 * out of it (auto-assign found a free place), the queue's viewers must drop it too: `chat:conversation` goes to them.
 * A new conversation handed out at once was in nobody's queue, so it tells only its holder.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { jsonOf, rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import { type ChatWriter, emitChat } from "./chat-bus"
import { type InboundInput, storeInbound } from "./chat-store"
import { CONVERSATION_COLUMNS, CONVERSATION_FROM, conversationOf } from "./conversation-rows"
import { type FileLinks, MESSAGE_COLUMNS, MESSAGE_FROM, messageOf } from "./message-rows"

/** The conversation and the message as the consoles get them (loadConversation, loadMessage), read in one statement. */
const conversationAndMessage = async (db: Db, clientId: number, conversationId: number, messageId: number, links: FileLinks) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT to_jsonb(x) FROM (SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM} WHERE c.client_id = ${clientId} AND c.id = ${conversationId}) x) AS conversation,
      (SELECT to_jsonb(x) FROM (SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.client_id = ${clientId} AND m.id = ${messageId}) x) AS message`),
  )
  const conversation = jsonOf<Record<string, unknown> | null>(row?.conversation)
  const message = jsonOf<Record<string, unknown> | null>(row?.message)
  if (!conversation) throw notFound("Conversation")
  return { conversation: conversationOf(conversation), message: message ? messageOf(message, links) : null }
}

export const receiveInbound = async (writer: ChatWriter, clientId: number, input: InboundInput) => {
  const stored = await storeInbound(writer.db, clientId, input)
  // No request here: stored files' URLs are relative to this server, which is all the console's <img> needs.
  const links = { config: writer.services.config, origin: "" }
  const { conversation, message } = await conversationAndMessage(writer.db, clientId, stored.conversationId, stored.messageId, links)
  if (message) await emitChat(writer, clientId, "chat:message", { conversation, message })
  if (stored.waited && conversation.agent_id !== null) await emitChat(writer, clientId, "chat:conversation", { conversation })
  return stored
}
