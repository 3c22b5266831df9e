/**
 * Settings `working_hours`, `timezone` and `away_message`: a customer writing outside the working hours (read in the
 * tenant's time zone) gets the away message once per conversation, the tenant's own text as written or ours in its
 * language. No hours set: always open.
 */
import type { Db } from "../../db/db"
import { inWorkingHours } from "../chatbots"
import type { TenantSettings } from "./settings-store"
import { ownOr } from "./customer-texts"
import { sayLater } from "./customer-say"

export const awayIfClosed = async (db: Db, clientId: number, conversationId: number, at: Date, settings: TenantSettings) => {
  if (inWorkingHours(settings.working_hours, settings.timezone, at)) return
  await sayLater(db, clientId, conversationId, "away", ownOr(settings.away_message, "away", settings.language), String(conversationId))
}
