/**
 * Tickets follow the chat (chat/hooks.ts): a customer writing into a conversation without an open ticket opens one
 * (also when an agent started the chat; its subject is the customer's first words), and a conversation closing resolves
 * its tickets, credited to whoever held it.
 */
import { conversationClosed, inboundStored } from "../chat"
import { openTicketFor, resolveTicketsOf } from "./ticket-lifecycle"

export const hooks = [
  inboundStored.on("tickets", 40, async (m) => {
    await openTicketFor(m.db, m.clientId, m.conversation.id)
  }),
  conversationClosed.on("tickets", 10, async (c) => {
    await resolveTicketsOf(c.db, c.clientId, c.conversationId)
  }),
]
