/**
 * Random activity for the cross-screen figure test: calls, conversations held and waiting, tickets, contact groups and
 * ledger entries, and the naive count of each figure from the raw rows, with nothing shared with the server's
 * definitions. Rows are written as the features write them (the conversation and call triggers keep their counters);
 * groups and top-ups go through the HTTP calls, debits through the ledger.
 */
import fc from "fast-check"
import type { Database } from "../../db/db"

const CALL_STATUSES = ["COMPLETED", "completed", "MISSED", "REJECTED", "rejected", "FAILED", "REFUSED", "ACCEPTED"] as const
const CHAT_STATUSES = ["unassigned", "active", "ongoing", "closed"] as const

export const activityArb = fc.record({
  calls: fc.array(
    fc.record({
      incoming: fc.boolean(),
      status: fc.constantFrom(...CALL_STATUSES),
      minute: fc.integer({ min: 0, max: 2 * 24 * 60 }),
      duration: fc.integer({ min: 0, max: 900 }),
    }),
    { maxLength: 10 },
  ),
  chats: fc.array(
    fc.record({
      status: fc.constantFrom(...CHAT_STATUSES),
      agent: fc.integer({ min: 0, max: 1 }),
      unread: fc.integer({ min: 0, max: 4 }),
      ticket: fc.constantFrom(null, "Pending" as const, "Resolved" as const),
      minute: fc.integer({ min: 0, max: 2 * 24 * 60 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  /** Each group: which of the run's contacts it holds (indexes, repeats allowed), and how many it drops again. */
  groups: fc.array(fc.record({ members: fc.array(fc.nat(), { maxLength: 6 }), drop: fc.nat({ max: 2 }) }), { maxLength: 2 }),
  /** Ledger entries in cents: top-ups (> 0) and debits (< 0). */
  money: fc.array(
    fc.integer({ min: -5000, max: 20000 }).filter((c) => c !== 0),
    { maxLength: 5 },
  ),
})
export type Activity = typeof activityArb extends fc.Arbitrary<infer A> ? A : never

/** Writes the run's calls and conversations (with their tickets) at `window` + minutes; answers the contacts' numbers. */
export const writeActivity = async (
  database: Database,
  clientId: number,
  agents: readonly number[],
  window: number,
  a: Activity,
  tag: string,
): Promise<string[]> => {
  for (const [i, call] of a.calls.entries()) {
    const at = new Date(window + call.minute * 60_000).toISOString()
    await database.query(
      `INSERT INTO call_records (call_id, client_id, name, number, call_type, status, duration, accepted_by, dt)
       VALUES ($1, $2, 'Figure', $3, $4, $5, $6, $7, $8)`,
      [`fig-${tag}-${i}`, clientId, `8${tag}${i}`, call.incoming ? "incoming" : "outgoing", call.status, call.duration, agents[0], at],
    )
  }
  const numbers: string[] = []
  for (const [i, chat] of a.chats.entries()) {
    const number = `7${tag}${String(i).padStart(3, "0")}`
    numbers.push(number)
    const [contact] = (
      await database.query("INSERT INTO contacts (client_id, name, number, channel) VALUES ($1, $2, $3, 'whatsapp') RETURNING id", [
        clientId,
        `Figure ${tag} ${i}`,
        number,
      ])
    ).rows
    const at = new Date(window + chat.minute * 60_000).toISOString()
    const agentId = chat.status === "unassigned" ? null : agents[chat.agent]
    const [conversation] = (
      await database.query(
        `INSERT INTO conversations (client_id, contact_id, channel, status, assigned_user_id, unread, started_at, assigned_at, closed_at, last_message_at)
         VALUES ($1, $2, 'whatsapp', $3, $4, $5, $6, $7, $8, $6) RETURNING id`,
        [clientId, contact.id, chat.status, agentId, chat.unread, at, agentId === null ? null : at, chat.status === "closed" ? at : null],
      )
    ).rows
    // Closing a conversation resolves its tickets (tickets/ticket-lifecycle.ts): a closed one holds no open ticket.
    const ticket = chat.ticket && chat.status === "closed" ? "Resolved" : chat.ticket
    if (ticket)
      await database.query(
        `INSERT INTO tickets (client_id, ticket_number, contact_id, conversation_id, channel_type, status, assigned_user_id, dt, last_closed)
         VALUES ($1, $2, $3, $4, 'whatsapp', $5, $6, $7, $8)`,
        [clientId, `F${tag}${i}`, contact.id, conversation.id, ticket, agentId, at, ticket === "Resolved" ? at : null],
      )
  }
  return numbers
}

/** The naive figures of the raw rows: calls and tickets dated in [from, to), conversations and balance as they stand. */
export const naiveFigures = async (database: Database, clientId: number, agents: readonly number[], from: Date, to: Date) => {
  const rows = async (text: string, params: unknown[] = [clientId]) => (await database.query(text, params)).rows
  const calls = await rows("SELECT call_type, status FROM call_records WHERE client_id = $1 AND dt >= $2 AND dt < $3", [
    clientId,
    from.toISOString(),
    to.toISOString(),
  ])
  const callsWith = (status: string) => calls.filter((c) => String(c.status).toUpperCase() === status).length
  const chats = await rows("SELECT status, assigned_user_id FROM conversations WHERE client_id = $1")
  const chatsIn = (...statuses: string[]) => chats.filter((c) => statuses.includes(String(c.status)))
  const held = chatsIn("active", "ongoing")
  const tickets = await rows(
    `SELECT t.status, cv.assigned_user_id AS holder, t.assigned_user_id FROM tickets t LEFT JOIN conversations cv ON cv.id = t.conversation_id
     WHERE t.client_id = $1 AND t.dt >= $2 AND t.dt < $3`,
    [clientId, from.toISOString(), to.toISOString()],
  )
  const ticketStatus = (t: Record<string, unknown>) => (t.status === "Resolved" ? "Resolved" : t.holder !== null ? "Ongoing" : "Pending")
  const ticketCounts: Record<string, number> = {}
  for (const t of tickets) ticketCounts[ticketStatus(t)] = (ticketCounts[ticketStatus(t)] ?? 0) + 1
  const ledger = await rows("SELECT amount FROM billing_ledger WHERE client_id = $1")
  return {
    calls: {
      total: calls.length,
      incoming: calls.filter((c) => c.call_type === "incoming").length,
      outgoing: calls.filter((c) => c.call_type === "outgoing").length,
      answered: callsWith("COMPLETED"),
      missed: callsWith("MISSED"),
      rejected: callsWith("REJECTED"),
    },
    open: chatsIn("unassigned", "active", "ongoing").length,
    waiting: chatsIn("unassigned", "active").length,
    unassigned: chatsIn("unassigned").length,
    held: held.length,
    heldBy: agents.map((id) => held.filter((c) => Number(c.assigned_user_id) === id).length),
    tickets: ticketCounts,
    balanceCents: ledger.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0),
  }
}
