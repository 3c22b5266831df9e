/**
 * Settings `working_hours`, `timezone` and `away_message`: a customer writing outside the working hours (read in the
 * tenant's time zone) gets the away message once per conversation, the tenant's own text as written or ours in its
 * language. No hours set: always open. A customer's WhatsApp call nobody can take gets the same message, once per call.
 */
import type { Db } from "../../db/db"
import { contactFor, openConversationOf } from "../chat"
import { inWorkingHours } from "../chatbots"
import { type TenantSettings, tenantSettings } from "./settings-store"
import { ownOr } from "./customer-texts"
import { sayLater } from "./customer-say"

const sayAway = (db: Db, clientId: number, conversationId: number, settings: TenantSettings, key: string) =>
  sayLater(db, clientId, conversationId, "away", ownOr(settings.away_message, "away", settings.language), key)

export const awayIfClosed = async (db: Db, clientId: number, conversationId: number, at: Date, settings: TenantSettings) => {
  if (inWorkingHours(settings.working_hours, settings.timezone, at)) return
  await sayAway(db, clientId, conversationId, settings, String(conversationId))
}

/** In the caller's transaction: the away message to the WhatsApp customer whose call `callId` nobody could take. */
export const awayForCall = async (db: Db, call: { clientId: number; number: string; name: string; callId: string }) => {
  const contact = await contactFor(db, call.clientId, "whatsapp", call.number, call.name)
  const conversation = await openConversationOf(db, call.clientId, contact)
  await sayAway(db, call.clientId, conversation.id, await tenantSettings(db, call.clientId), `call:${call.callId}`)
}
