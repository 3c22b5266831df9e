/**
 * The tenant's settings in the chat (chat/hooks.ts): the satisfaction survey's answer, auto-assign, the away message,
 * the opt-out confirmation, the survey and the waiting queue when a conversation closes or is released, and the cap of
 * open chats per agent.
 */
import { agentChatCap, conversationClosed, conversationReleased, inboundArriving, inboundStored } from "../chat"
import { tenantSettings } from "./settings-store"
import { botTurnEnded } from "../chatbots"
import { isOptOut } from "../templates"
import { assignAfterBotTurn, assignWaitingLater, settingsOnClose, settingsOnInbound, takeSurveyAnswer } from "./chat-hooks"

export const hooks = [
  inboundArriving.on("tenant-settings", 10, (a) =>
    takeSurveyAnswer(a.db, a.clientId, { contactId: a.contact.id, type: a.message.type, body: a.message.body, at: a.at }),
  ),
  inboundStored.on("tenant-settings", 60, (m) =>
    settingsOnInbound(m.db, m.clientId, {
      conversation: m.conversation,
      messageId: m.messageId,
      at: m.at,
      optedOut: m.message.type === "text" && isOptOut(m.message.body),
    }),
  ),
  conversationClosed.on("tenant-settings", 20, (c) => settingsOnClose(c.db, c.clientId, c.conversationId)),
  conversationReleased.on("tenant-settings", 10, (r) => assignWaitingLater(r.db, r.clientId)),
  botTurnEnded.on("tenant-settings", 10, (t) => assignAfterBotTurn(t.ctx, t.clientId, t.conversationId, t.messageId)),
  agentChatCap.provide("tenant-settings", async (db, clientId) => (await tenantSettings(db, clientId)).max_chats_per_agent),
]
