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
import { notFound } from "../../http/errors"
import { type ChatWriter, emitChat, emitChatRead, storedForm } from "./chat-bus"
import { type InboundInput, storeInbound } from "./chat-store"
import { CONVERSATION_COLUMNS, CONVERSATION_FROM, conversationOf } from "./conversation-rows"
import { MESSAGE_COLUMNS, MESSAGE_FROM, messageOf } from "./message-rows"

/**
 * `chat:message` stored as the conversation's and the message's rows, read in the statement that stores the event;
 * relayed as the consoles get them (loadConversation, loadMessage). No request here: stored files' URLs are signed at
 * the relay and relative to this server, which is all the console's <img> needs.
 */
const MESSAGE_ROWS = storedForm("message-rows", (services, payload) => ({
  conversation: conversationOf(payload.conversation as Record<string, unknown>),
  message: messageOf(payload.message as Record<string, unknown>, { config: services.config, origin: "" }),
}))

export const receiveInbound = async (writer: ChatWriter, clientId: number, input: InboundInput) => {
  const stored = await storeInbound(writer.db, clientId, input)
  const event = await emitChatRead(
    writer,
    clientId,
    "chat:message",
    // No row when either is missing. OFFSET 0 keeps each read once: pulled up, the conditions would read them again.
    sql`SELECT jsonb_build_object('form', ${MESSAGE_ROWS}::text, 'conversation', r.conversation, 'message', r.message)
      FROM (SELECT
        (SELECT to_jsonb(x) FROM (SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM}
          WHERE c.client_id = ${clientId} AND c.id = ${stored.conversationId}) x) AS conversation,
        (SELECT to_jsonb(x) FROM (SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM}
          WHERE m.client_id = ${clientId} AND m.id = ${stored.messageId}) x) AS message OFFSET 0) r
      WHERE r.conversation IS NOT NULL AND r.message IS NOT NULL`,
  )
  if (!event) throw notFound("Conversation")
  const conversation = conversationOf(event.conversation as Record<string, unknown>)
  if (stored.waited && conversation.agent_id !== null) await emitChat(writer, clientId, "chat:conversation", { conversation })
  return stored
}
