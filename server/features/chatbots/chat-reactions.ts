/**
 * The bot's turn on a customer's message (chat/hooks.ts `inboundStored`), before the tenant's automatic answers; a
 * bot that handles shared locations takes them from the nearest-branches answer (locations/hooks.ts).
 */
import { inboundStored } from "../chat"
import { locationTaken } from "../locations"
import { botTakesLocation, chatbotTurnFor } from "./bot-turn"

export const hooks = [
  inboundStored.on("chatbots", 50, (m) => chatbotTurnFor(m.db, m.clientId, m.conversation.id, m.messageId)),
  locationTaken.on("chatbots", 10, async (l) => ((await botTakesLocation(l.db, l.clientId, l.contactId)) ? true : null)),
]
