/**
 * Tickets follow the chat (chat/hooks.ts): a customer writing into a conversation without an open ticket opens one
 * (also when an agent started the chat; its subject is the customer's first words), and a conversation closing resolves
 * its tickets, credited to whoever held it. A message that opens a conversation opens its ticket in the message's own
 * statement, and whether an open conversation has an open ticket is read with it in the message's first statement, so
 * the usual message costs tickets no statement of its own.
 */
import { sql } from "drizzle-orm"
import { conversationClosed, inboundStored, openConversationFacts, openingWrites } from "../chat"
import { HAS_OPEN_TICKET, openTicketFor, resolveTicketsOf, ticketOpening } from "./ticket-lifecycle"

export const hooks = [
  openConversationFacts.add("tickets", 10, {
    key: HAS_OPEN_TICKET,
    sql: sql`EXISTS (SELECT 1 FROM tickets t WHERE t.conversation_id = o.id AND t.status <> 'Resolved')`,
  }),
  openingWrites.add("tickets", 10, ticketOpening),
  inboundStored.on("tickets", 40, async (m) => {
    if (m.facts[HAS_OPEN_TICKET] === true) return
    await openTicketFor(m.db, m.clientId, m.conversation.id)
  }),
  conversationClosed.on("tickets", 10, async (c) => {
    await resolveTicketsOf(c.db, c.clientId, c.conversationId)
  }),
]
