/**
 * The ticket of a conversation on both databases. No catalogue call opens or resolves tickets: the chat's writes are
 * meant to call ticket-lifecycle.ts; these tests drive it directly and read the result through the Tickets calls.
 */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { openTicketFor, resolveTicketsOf } from "./ticket-lifecycle"

describe.each(DB_KINDS)("ticket lifecycle on %s", (kind) => {
  const ctx = useServer(kind)

  it("opens one ticket per open conversation, numbered on, and resolves it with the conversation's agent", async () => {
    const { database } = ctx.server.services
    const h = as((await login(ctx.url, "admin")).user_token)
    const { rows } = (await database.db.execute(sql`SELECT c.id, c.assigned_user_id FROM conversations c
      WHERE c.client_id = 1 AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.conversation_id = c.id) ORDER BY c.id LIMIT 1`)) as unknown as {
      rows: { id: number; assigned_user_id: number | null }[]
    }
    const conv = rows[0]
    const number = await database.transaction((tx) => openTicketFor(tx, 1, conv.id))
    expect(number).toMatch(/^TK-1-\d+$/)
    expect(await database.transaction((tx) => openTicketFor(tx, 1, conv.id))).toBe(number)
    expect(await database.transaction((tx) => openTicketFor(tx, 2, conv.id))).toBeNull()
    const second = await database.transaction(async (tx) => {
      const {
        rows: [other],
      } = (await tx.execute(sql`SELECT c.id FROM conversations c WHERE c.client_id = 1
        AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.conversation_id = c.id) ORDER BY c.id LIMIT 1`)) as unknown as {
        rows: { id: number }[]
      }
      return openTicketFor(tx, 1, other.id)
    })
    expect(Number(second!.split("-")[2])).toBe(Number(number!.split("-")[2]) + 1)
    const found = (await send(ctx.url, callOf("tickets", "searchTicket"), { search: number! }, h)).body.data.items
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      conversation_id: conv.id,
      status: conv.assigned_user_id ? "Ongoing" : "Pending",
      last_closed: null,
    })
    expect(await database.transaction((tx) => resolveTicketsOf(tx, 1, conv.id))).toBe(1)
    expect(await database.transaction((tx) => resolveTicketsOf(tx, 1, conv.id))).toBe(0)
    const resolved = (await send(ctx.url, callOf("tickets", "resolvedTickets"), { search: number! }, h)).body.data.items
    expect(resolved[0]).toMatchObject({ ticket_number: number, status: "Resolved", agent_id: conv.assigned_user_id })
    // A new ticket for the same conversation once the old one is resolved.
    expect(await database.transaction((tx) => openTicketFor(tx, 1, conv.id))).not.toBe(number)
  })
})
