/**
 * Tickets follow the chat (chat/hooks.ts): a customer writing into a conversation without an open ticket opens one
 * (also when an agent started the chat; its subject is the customer's first words), and a conversation closing resolves
 * its tickets, credited to whoever held it. Whether an open conversation has an open ticket is read with it in the
 * message's first statement, so the usual message (into a conversation with its ticket) costs tickets no statement.
 */
import { sql } from "drizzle-orm"
import { conversationClosed, inboundStored, openConversationFacts } from "../chat"
import { openTicketFor, resolveTicketsOf } from "./ticket-lifecycle"

/**
 * The fact's key: the open conversation has an open ticket. Only a conversation's closing resolves its tickets, and it
 * changes the locked row, so "open" is never stale; a stale "none" only costs openTicketFor's statement (it finds the ticket).
 */
const HAS_OPEN_TICKET = "tickets.open"

export const hooks = [
  openConversationFacts.add("tickets", 10, {
    key: HAS_OPEN_TICKET,
    sql: sql`EXISTS (SELECT 1 FROM tickets t WHERE t.conversation_id = o.id AND t.status <> 'Resolved')`,
  }),
  inboundStored.on("tickets", 40, async (m) => {
    if (m.facts[HAS_OPEN_TICKET] === true) return
    await openTicketFor(m.db, m.clientId, m.conversation.id)
  }),
  conversationClosed.on("tickets", 10, async (c) => {
    await resolveTicketsOf(c.db, c.clientId, c.conversationId)
  }),
]
