/** A customer's shared location is answered with the nearest open branches (chat/hooks.ts `inboundStored`). */
import { inboundStored } from "../chat"
import { answerSharedLocation } from "./location-hook"

export const hooks = [
  inboundStored.on("locations", 20, (m) =>
    answerSharedLocation(m.db, m.clientId, m.contact.id, m.messageId, m.message.type, m.message.payload),
  ),
]
