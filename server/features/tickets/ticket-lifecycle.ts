/**
 * How a conversation becomes a ticket and how the ticket ends. No call of the catalogue creates or resolves a ticket
 * (the Tickets group only reads), so the chat's own writes are meant to call these: `openTicketFor` when a customer's
 * message opens a conversation, `resolveTicketsOf` when an agent closes it (chat.chatClose). Both are idempotent and
 * run in the caller's transaction.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { nextNumber, TICKET_NUMBERS } from "../../db/number-series"
import { publish } from "../../core/events"

/**
 * The open ticket of a conversation, opened now when it has none (subject: the customer's first words, or `[image]`
 * and the like when the first message is a file without a caption, as the inbox previews it). Returns its
 * number, or null when the conversation is not the tenant's.
 */
export const openTicketFor = async (db: Db, clientId: number, conversationId: number): Promise<string | null> => {
  const [existing] = rowsOf(
    await db.execute(sql`SELECT ticket_number FROM tickets
    WHERE client_id = ${clientId} AND conversation_id = ${conversationId} AND status <> 'Resolved' ORDER BY id DESC LIMIT 1`),
  )
  if (existing) return String(existing.ticket_number)
  const [conv] = rowsOf(
    await db.execute(sql`SELECT c.contact_id, c.channel, c.assigned_user_id,
      (SELECT coalesce(nullif(btrim(m.body), ''), '[' || m.type || ']') FROM messages m
        WHERE m.conversation_id = c.id AND m.direction = 'in' ORDER BY m.dt, m.id LIMIT 1) AS first_words
    FROM conversations c WHERE c.id = ${conversationId} AND c.client_id = ${clientId}`),
  )
  if (!conv) return null
  const ticketNumber = await nextNumber(db, TICKET_NUMBERS, clientId)
  await db.execute(sql`INSERT INTO tickets (client_id, ticket_number, contact_id, conversation_id, channel_type, status, subject, assigned_user_id)
    VALUES (${clientId}, ${ticketNumber}, ${conv.contact_id}, ${conversationId}, ${conv.channel}, 'Pending',
      ${String(conv.first_words ?? "").slice(0, 200)}, ${conv.assigned_user_id ?? null})`)
  await publish(db, clientId, "ticket.created", {
    ticket_number: ticketNumber,
    conversation_id: conversationId,
    channel_type: String(conv.channel),
    status: "Pending",
  })
  return ticketNumber
}

/** Resolves a conversation's open tickets, keeping the agent who held the conversation. Returns how many. */
export const resolveTicketsOf = async (db: Db, clientId: number, conversationId: number): Promise<number> => {
  const resolved = rowsOf(
    await db.execute(sql`UPDATE tickets t SET status = 'Resolved', last_closed = now(),
      assigned_user_id = coalesce((SELECT c.assigned_user_id FROM conversations c WHERE c.id = t.conversation_id), t.assigned_user_id)
    WHERE t.client_id = ${clientId} AND t.conversation_id = ${conversationId} AND t.status <> 'Resolved'
    RETURNING t.id, t.ticket_number, t.assigned_user_id`),
  )
  for (const t of resolved) {
    await publish(db, clientId, "ticket.updated", {
      ticket_number: String(t.ticket_number),
      conversation_id: conversationId,
      status: "Resolved",
      assigned_user_id: t.assigned_user_id === null ? null : Number(t.assigned_user_id),
    })
  }
  return resolved.length
}
