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
import { type ChatWriter, emitChat } from "./chat-bus"
import { type InboundInput, storeInbound } from "./chat-store"
import { loadConversation } from "./conversation-rows"
import { loadMessage } from "./message-rows"

export const receiveInbound = async (writer: ChatWriter, clientId: number, input: InboundInput) => {
  const stored = await storeInbound(writer.db, clientId, input)
  // No request here: stored files' URLs are relative to this server, which is all the console's <img> needs.
  const links = { config: writer.services.config, origin: "" }
  const [conversation, message] = await Promise.all([
    loadConversation(writer.db, clientId, stored.conversationId),
    loadMessage(writer.db, clientId, stored.messageId, links),
  ])
  if (message) await emitChat(writer, clientId, "chat:message", { conversation, message })
  if (stored.waited && conversation.agent_id !== null) await emitChat(writer, clientId, "chat:conversation", { conversation })
  return stored
}
