/**
 * `chat:message` for many stored messages at once (a campaign's batch), in the writer's transaction (relayed after its
 * commit, chat-bus.ts): the messages and their conversations read in one query each, not one pair per message, and not
 * at all while no console of the tenant listens (realtime/cluster.ts mayHaveListeners).
 */
import { sql } from "drizzle-orm"
import type { Services } from "../../http/context"
import { mayHaveListeners } from "../../realtime/cluster"
import { queueRoom } from "./chat-audience"
import { type ChatWriter, emitChat } from "./chat-bus"
import { selectConversations } from "./conversation-rows"
import { selectMessages } from "./message-rows"

const listening = (services: Services, clientId: number) =>
  !!services.realtime && mayHaveListeners(services.realtime.io, queueRoom(clientId))

export const announceMessages = async (writer: ChatWriter, clientId: number, messageIds: readonly number[]) => {
  const { services, db } = writer
  if (messageIds.length === 0 || !listening(services, clientId)) return
  const ids = JSON.stringify(messageIds)
  const messages = await selectMessages(
    db,
    clientId,
    sql`m.id IN (SELECT x::int FROM jsonb_array_elements_text(${ids}::jsonb) AS x)`,
    sql`m.id`,
    messageIds.length,
    0,
    { config: services.config, origin: "" },
  )
  const conversationIds = JSON.stringify([...new Set(messages.map((m) => m.conversation_id))])
  const conversations = await selectConversations(
    db,
    clientId,
    sql`c.id IN (SELECT x::int FROM jsonb_array_elements_text(${conversationIds}::jsonb) AS x)`,
    sql`c.id`,
    messageIds.length,
  )
  const byId = new Map(conversations.map((c) => [c.id, c]))
  const shown = messages.flatMap((message) => {
    const conversation = message.conversation_id === null ? undefined : byId.get(message.conversation_id)
    return conversation ? [{ conversation, message }] : []
  })
  await emitChat(writer, clientId, "chat:message", shown)
}
