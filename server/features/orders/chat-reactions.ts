/** A WhatsApp order (a cart from the catalogue) becomes an order (chat/hooks.ts `inboundStored`). */
import { inboundStored } from "../chat"
import { placeOrderFrom } from "./order-hook"

export const hooks = [
  inboundStored.on("orders", 30, async (m) => {
    await placeOrderFrom(m.db, m.clientId, {
      contactId: m.contact.id,
      conversationId: m.conversation.id,
      messageId: m.messageId,
      type: m.message.type,
      payload: m.message.payload,
    })
  }),
]
