/**
 * The Tickets group: the inbox's active and unassigned lists, Ongoing Tickets and its count, Ticket History
 * (resolved), the search box, a ticket's chat and its whole history, and the Ticket Report. Statuses and agents
 * follow ticket-rows.ts. Messages are the chat's own rows (chat/message-rows.ts), with stored files' URLs signed.
 */
import { sql } from "drizzle-orm"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { pageOf } from "../../core/paging"
import { rowsOf } from "../../db/rows"
import { fileLinksOf, selectMessages } from "../chat"
import {
  STATUS,
  TICKET_FROM,
  countTickets,
  orderOf,
  selectTickets,
  ticketByNumber,
  whereOf,
  type TicketFilter,
  type TicketList,
} from "./ticket-rows"

/** A ticket's whole history is one conversation; beyond this many messages the history call answers the newest. */
export const HISTORY_LIMIT = 5000

const listOf = async (ctx: Ctx, input: TicketFilter & { page?: number; limit?: number }, list?: TicketList) => {
  const clientId = tenantOf(ctx)
  const { page, limit, offset } = pageOf(input)
  const where = whereOf(clientId, input, list)
  const items = await selectTickets(ctx.db, where, orderOf(list), limit, offset)
  return { data: { items, totalItems: await countTickets(ctx.db, where), page, limit } }
}

const messagesOf = async (
  ctx: Ctx,
  clientId: number,
  conversationId: number | null,
  order: "newest" | "oldest",
  limit: number,
  offset: number,
) => {
  if (conversationId === null) return []
  const by = order === "newest" ? sql`m.dt DESC, m.id DESC` : sql`m.dt ASC, m.id ASC`
  return selectMessages(ctx.db, clientId, sql`m.conversation_id = ${conversationId}`, by, limit, offset, fileLinksOf(ctx))
}

export const handlers = [
  handle("tickets", "activeTickets", (ctx, input) => listOf(ctx, input, "active")),
  handle("tickets", "ongoingTickets", (ctx, input) => listOf(ctx, input, "ongoing")),
  handle("tickets", "unassignedTicket", (ctx, input) => listOf(ctx, input, "unassigned")),
  handle("tickets", "resolvedTickets", (ctx, input) => listOf(ctx, input, "resolved")),
  /** Any list's search: `status` holds it to one (Pending, Ongoing or Resolved as ticket-rows.ts defines them). */
  handle("tickets", "searchTicket", (ctx, input) => listOf(ctx, input, input.status === "Resolved" ? "resolved" : undefined)),

  handle("tickets", "ongoingTicketsCount", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const where = whereOf(clientId, { channel_type: input.channel_type }, "ongoing")
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT t.channel_type, count(*)::int AS n FROM ${TICKET_FROM} WHERE ${where}
      GROUP BY t.channel_type ORDER BY t.channel_type`),
    )
    const byChannel = rows.map((r) => ({ channel_type: String(r.channel_type) as "whatsapp", count: Number(r.n) }))
    return { data: { total: byChannel.reduce((sum, c) => sum + c.count, 0), by_channel: byChannel } }
  }),

  /** The chat of a live ticket, newest page first (page 1 holds the latest messages, newest first, like the chat). */
  handle("tickets", "ticketChat", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const ticket = await ticketByNumber(ctx.db, clientId, input.ticket_number)
    const { page, limit, offset } = pageOf(input, 50, 500)
    const items = await messagesOf(ctx, clientId, ticket.conversation_id, "newest", limit, offset)
    const total =
      ticket.conversation_id === null
        ? 0
        : Number(
            rowsOf(
              await ctx.db.execute(
                sql`SELECT count(*)::int AS n FROM messages WHERE conversation_id = ${ticket.conversation_id} AND client_id = ${clientId}`,
              ),
            )[0]?.n ?? 0,
          )
    return { data: { items, totalItems: total, page, limit } }
  }),

  /** The whole conversation of a ticket, oldest first, as a transcript reads. */
  handle("tickets", "ticketHistorychat", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const ticket = await ticketByNumber(ctx.db, clientId, input.ticket_number)
    const newest = await messagesOf(ctx, clientId, ticket.conversation_id, "newest", HISTORY_LIMIT, 0)
    return { data: newest.reverse() }
  }),

  handle("tickets", "ticketReport", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { limit, offset } = pageOf(input)
    const where = whereOf(clientId, input)
    const counts = rowsOf(
      await ctx.db.execute(sql`SELECT ${STATUS} AS status, count(*)::int AS n FROM ${TICKET_FROM} WHERE ${where}
      GROUP BY 1 ORDER BY 1`),
    ).map((r) => ({ status: String(r.status), count: Number(r.n) }))
    const [avg] = rowsOf(
      await ctx.db.execute(sql`SELECT coalesce(avg(extract(epoch FROM t.last_closed - t.dt)), 0)::float8 AS seconds
      FROM ${TICKET_FROM} WHERE ${where} AND t.status = 'Resolved' AND t.last_closed IS NOT NULL`),
    )
    const total = counts.reduce((sum, c) => sum + c.count, 0)
    const items = await selectTickets(ctx.db, where, orderOf(), limit, offset)
    return {
      data: {
        total_tickets: total,
        status_count: counts,
        avg_resolution_time: { difference: Math.round(Number(avg?.seconds ?? 0)) },
        items,
        totalItems: total,
      },
    }
  }),
]
