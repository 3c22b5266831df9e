/**
 * How a conversation becomes a ticket and how the ticket ends. No call of the catalogue creates or resolves a ticket
 * (the Tickets group only reads), so the chat's own writes are meant to call these: `openTicketFor` when a customer's
 * message opens a conversation, `resolveTicketsOf` when an agent closes it (chat.chatClose). Both are idempotent and
 * run in the caller's transaction.
 */
import { type SQL, sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import type { OpeningWrite } from "../chat"
import { rowsOf } from "../../db/rows"
import { seriesSequenceSql, startSeries, TICKET_NUMBERS } from "../../db/number-series"
import { DELIVERIES_QUEUED, publish, publishedCtes, wakeForDeliveries } from "../../core/events"

/**
 * The fact the chat reads with a customer's conversation: it has an open ticket. Only a conversation's closing
 * resolves its tickets, and it changes the locked row, so "open" is never stale; a stale "none" only costs
 * openTicketFor's statement (it finds the ticket).
 */
export const HAS_OPEN_TICKET = "tickets.open"

/** A ticket's subject from the customer's first message `m` (`type`, `body`): its words, or `[image]` and the like. */
const subjectOf = (m: SQL) => sql`left(coalesce(nullif(btrim(${m}.body), ''), '[' || ${m}.type || ']'), 200)`

/** A new ticket's columns, as SQL over the rows it is made from. */
interface TicketSource {
  readonly contact: SQL
  readonly conversation: SQL
  readonly channel: SQL
  readonly subject: SQL
  readonly agent: SQL
}

/**
 * The INSERT of a Pending ticket per row of `from`, numbered from the tenant's series, whose row `from` names `s`
 * (`seriesSequenceSql`); as a CTE, `createdEventSql` reads what it returns.
 */
const insertTicketSql = (clientId: number, row: TicketSource, from: SQL) =>
  sql`INSERT INTO tickets (client_id, ticket_number, contact_id, conversation_id, channel_type, status, subject, assigned_user_id)
    SELECT ${clientId}, ${TICKET_NUMBERS.prefix(clientId)} || nextval(s.oid), ${row.contact}, ${row.conversation}, ${row.channel},
      'Pending', ${row.subject}, ${row.agent}
    FROM ${from}
    RETURNING ticket_number, conversation_id, channel_type, status`

/** The `ticket.created` event's data of the tickets a CTE inserted (`insertTicketSql`). */
const createdEventSql = (cte: SQL) =>
  sql`SELECT jsonb_build_object('ticket_number', ticket_number, 'conversation_id', conversation_id,
    'channel_type', channel_type, 'status', status) FROM ${cte}`

/**
 * The ticket of a conversation a customer's message opens, written in the message's statement (chat/hooks.ts
 * `openingWrites`): none while the tenant's number series has not started, and then its `inboundStored` reaction
 * opens it with `openTicketFor`.
 */
export const ticketOpening = (clientId: number): OpeningWrite => ({
  ctes: sql`tickets_series AS (${seriesSequenceSql(TICKET_NUMBERS, clientId)}),
    tickets_opened AS (${insertTicketSql(
      clientId,
      {
        contact: sql`created.contact_id`,
        conversation: sql`created.id`,
        channel: sql`created.channel`,
        subject: subjectOf(sql`stored`),
        agent: sql`NULL::int`,
      },
      sql`created, stored, tickets_series s`,
    )})`,
  events: [{ type: "ticket.created", data: createdEventSql(sql`tickets_opened`) }],
  fact: { key: HAS_OPEN_TICKET, sql: sql`EXISTS (SELECT 1 FROM tickets_opened)` },
})

/**
 * The open ticket of a conversation, opened now when it has none (subject: the customer's first words, or `[image]`
 * and the like when the first message is a file without a caption, as the inbox previews it), with its
 * `ticket.created` event: one statement (a second after creating the tenant's number series, on its first ticket).
 * Returns its number, or null when the conversation is not the tenant's.
 */
export const openTicketFor = async (db: Db, clientId: number, conversationId: number): Promise<string | null> => {
  const created = createdEventSql(sql`created`)
  const attempt = async () => {
    const [row] = rowsOf(
      await db.execute(sql`WITH open AS (SELECT ticket_number FROM tickets
          WHERE client_id = ${clientId} AND conversation_id = ${conversationId} AND status <> 'Resolved' ORDER BY id DESC LIMIT 1),
        conv AS (SELECT c.id, c.contact_id, c.channel, c.assigned_user_id FROM conversations c WHERE c.id = ${conversationId} AND c.client_id = ${clientId}),
        series AS (${seriesSequenceSql(TICKET_NUMBERS, clientId)}),
        created AS (${insertTicketSql(
          clientId,
          {
            contact: sql`conv.contact_id`,
            conversation: sql`conv.id`,
            channel: sql`conv.channel`,
            subject: sql`coalesce((SELECT ${subjectOf(sql`m`)} FROM messages m
              WHERE m.conversation_id = conv.id AND m.direction = 'in' ORDER BY m.dt, m.id LIMIT 1), '')`,
            agent: sql`conv.assigned_user_id`,
          },
          sql`conv, series s WHERE NOT EXISTS (SELECT 1 FROM open)`,
        )}),
        ${publishedCtes(clientId, "ticket.created", created)}
      SELECT coalesce((SELECT ticket_number FROM open), (SELECT ticket_number FROM created)) AS ticket_number,
        EXISTS (SELECT 1 FROM conv) AS theirs, ${DELIVERIES_QUEUED}`),
    )
    wakeForDeliveries(db, [row])
    return row
  }
  const first = await attempt()
  if (first.ticket_number !== null) return String(first.ticket_number)
  if (first.theirs !== true) return null
  // The tenant's first ticket: its number series starts now.
  await startSeries(db, TICKET_NUMBERS, clientId)
  const row = await attempt()
  return row.ticket_number === null ? null : String(row.ticket_number)
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
