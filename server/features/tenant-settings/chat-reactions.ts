/**
 * The tenant's settings in the chat (chat/hooks.ts), and where an agent comes online or a bot's turn ends: the
 * satisfaction survey's answer, auto-assign, the away message, the opt-out confirmation, the survey and the waiting
 * queue when a conversation closes or a place frees up, and the cap of open chats per agent.
 */
import { agentChatCap, conversationClosed, conversationReleased, type Holding, inboundArriving, inboundStored } from "../chat"
import { botTurnEnded } from "../chatbots"
import { agentOnline } from "../session"
import { isOptOut } from "../templates"
import type { Db } from "../../db/db"
import { assignAfterBotTurn, assignArrival, assignWaitingLater } from "./auto-assign"
import { awayIfClosed } from "./away"
import { sayLater } from "./customer-say"
import { customerText } from "./customer-texts"
import { recentTenantSettings, tenantSettings } from "./settings-store"
import { askSurvey, takeSurveyAnswer } from "./survey"

/** After a customer's message is stored in its (locked) conversation. */
const settingsOnInbound = async (
  db: Db,
  clientId: number,
  m: {
    readonly conversation: Holding & { readonly id: number; readonly created?: boolean }
    readonly channel: string
    readonly messageId: number
    readonly at: Date
    readonly optedOut: boolean
  },
) => {
  const settings = await recentTenantSettings(db, clientId)
  if (m.conversation.status === "unassigned" && m.conversation.agentId === null)
    await assignArrival(db, clientId, m.conversation.id, settings, m.conversation.created ? m.channel : undefined)
  await awayIfClosed(db, clientId, m.conversation.id, m.at, settings)
  if (m.optedOut)
    await sayLater(db, clientId, m.conversation.id, "opted_out", customerText("optedOut", settings.language), String(m.messageId))
}

export const hooks = [
  inboundArriving.on("tenant-settings", 10, (a) =>
    takeSurveyAnswer(a.db, a.clientId, { contactId: a.contact.id, type: a.message.type, body: a.message.body, at: a.at }),
  ),
  inboundStored.on("tenant-settings", 60, (m) =>
    settingsOnInbound(m.db, m.clientId, {
      conversation: m.conversation,
      channel: m.contact.channel,
      messageId: m.messageId,
      at: m.at,
      optedOut: m.message.type === "text" && isOptOut(m.message.body),
    }),
  ),
  conversationClosed.on("tenant-settings", 20, async (c) => {
    await askSurvey(c.db, c.clientId, c.conversationId)
    await assignWaitingLater(c.db, c.clientId)
  }),
  conversationReleased.on("tenant-settings", 10, (r) => assignWaitingLater(r.db, r.clientId)),
  agentOnline.on("tenant-settings", 10, (a) => assignWaitingLater(a.db, a.clientId)),
  botTurnEnded.on("tenant-settings", 10, (t) => assignAfterBotTurn(t.ctx, t.clientId, t.conversationId, t.messageId)),
  agentChatCap.provide("tenant-settings", async (db, clientId) => (await tenantSettings(db, clientId)).max_chats_per_agent),
]
