/**
 * The settings' one call from each point of the chat they act on (so the chat's code names each once):
 * a customer's message (chat-store.ts `storeInbound`), a conversation closing (chat/assignment.ts), a place freed.
 */
import type { Db } from "../../db/db"
import type { Holding } from "../chat"
import { tenantSettings } from "./settings-store"
import { assignAfterBotTurn, assignArrival, assignWaitingLater } from "./auto-assign"
import { awayIfClosed } from "./away"
import { customerText } from "./customer-texts"
import { sayLater } from "./customer-say"
import { askSurvey } from "./survey"

export { takeSurveyAnswer } from "./survey"

/** After a customer's message is stored in its (locked) conversation. */
export const settingsOnInbound = async (
  db: Db,
  clientId: number,
  m: {
    readonly conversation: Holding & { readonly id: number }
    readonly messageId: number
    readonly at: Date
    readonly optedOut: boolean
  },
) => {
  const settings = await tenantSettings(db, clientId)
  if (m.conversation.status === "unassigned" && m.conversation.agentId === null)
    await assignArrival(db, clientId, m.conversation.id, settings)
  await awayIfClosed(db, clientId, m.conversation.id, m.at, settings)
  if (m.optedOut)
    await sayLater(db, clientId, m.conversation.id, "opted_out", customerText("optedOut", settings.language), String(m.messageId))
}

/** After a conversation closed (by an agent or by being idle). */
export const settingsOnClose = async (db: Db, clientId: number, conversationId: number) => {
  await askSurvey(db, clientId, conversationId)
  await assignWaitingLater(db, clientId)
}

export { assignAfterBotTurn, assignWaitingLater }
