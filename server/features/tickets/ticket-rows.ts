/**
 * Tickets as the contract's `Ticket`, and the four lists' filters.
 *
 * Status rule (the spec saw Pending and Resolved; the contract adds Ongoing for the Ongoing Tickets page):
 *  - Resolved: closed (stored status Resolved, last_closed set);
 *  - Ongoing: open and an agent holds it;
 *  - Pending: open and nobody holds it yet (the unassigned list).
 * The agent of an open ticket is whoever holds its conversation now (a chat shift or forward moves the ticket with
 * it); a resolved ticket keeps the agent it was resolved by. So the lists never disagree with the chat inbox.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Ticket } from "../../../src/contract/schemas/tickets"
import type { Channel } from "../../../src/contract/schemas/common"
import type { Db } from "../../db/db"
import { notFound } from "../../http/errors"
import { iso, isoOrNull, rangeOf } from "../../core/date-range"
import { likeOf, rowsOf } from "../../db/rows"

export type TicketList = "active" | "ongoing" | "unassigned" | "resolved"

/** The agent expression (aliases: t = tickets, cv = its conversation). */
export const AGENT = sql`(CASE WHEN t.status <> 'Resolved' AND cv.id IS NOT NULL THEN cv.assigned_user_id ELSE t.assigned_user_id END)`
export const STATUS = sql`(CASE WHEN t.status = 'Resolved' THEN 'Resolved' WHEN ${AGENT} IS NOT NULL THEN 'Ongoing' ELSE 'Pending' END)`

export const TICKET_FROM = sql`tickets t LEFT JOIN conversations cv ON cv.id = t.conversation_id
  LEFT JOIN contacts ct ON ct.id = coalesce(t.contact_id, cv.contact_id)`

const TICKET_COLUMNS = sql`t.id, t.ticket_number, t.conversation_id, ct.number, ct.name, t.channel_type, ${STATUS} AS status,
  t.subject, ${AGENT} AS agent_id, (SELECT coalesce(u.display_name, u.username) FROM users u WHERE u.id = ${AGENT}) AS agent_name,
  coalesce(cv.last_message, (SELECT m.body FROM messages m WHERE m.conversation_id = t.conversation_id ORDER BY m.dt DESC, m.id DESC LIMIT 1)) AS last_message,
  t.dt, t.last_closed`

const textOrNull = (value: unknown) => (value === null || value === undefined || value === "" ? null : String(value))

export const ticketOf = (r: Record<string, unknown>): Ticket => ({
  id: Number(r.id),
  ticket_number: String(r.ticket_number),
  conversation_id: r.conversation_id === null || r.conversation_id === undefined ? null : Number(r.conversation_id),
  number: String(r.number ?? ""),
  name: textOrNull(r.name),
  channel_type: String(r.channel_type) as Channel,
  status: String(r.status) as Ticket["status"],
  subject: textOrNull(r.subject),
  agent_id: r.agent_id === null || r.agent_id === undefined ? null : Number(r.agent_id),
  agent_name: textOrNull(r.agent_name),
  last_message: textOrNull(r.last_message),
  dt: iso(r.dt),
  last_closed: isoOrNull(r.last_closed),
})

export interface TicketFilter {
  readonly search?: string
  readonly channel_type?: string
  readonly start_date?: string
  readonly end_date?: string
  readonly agent_id?: number
  readonly status?: string
}

const LIST_WHERE: Record<TicketList, SQL> = {
  active: sql`t.status <> 'Resolved'`,
  ongoing: sql`t.status <> 'Resolved' AND ${AGENT} IS NOT NULL`,
  unassigned: sql`t.status <> 'Resolved' AND ${AGENT} IS NULL`,
  resolved: sql`t.status = 'Resolved'`,
}

/** The WHERE of a filtered ticket query of one tenant, optionally held to one list. */
export const whereOf = (clientId: number, f: TicketFilter, list?: TicketList): SQL => {
  const parts: SQL[] = [sql`t.client_id = ${clientId}`]
  if (list) parts.push(LIST_WHERE[list])
  const range = rangeOf(f.start_date, f.end_date)
  if (range.from) parts.push(sql`t.dt >= ${range.from.toISOString()}::timestamptz`)
  if (range.to) parts.push(sql`t.dt < ${range.to.toISOString()}::timestamptz`)
  if (f.channel_type) parts.push(sql`t.channel_type = ${f.channel_type}`)
  if (f.agent_id !== undefined) parts.push(sql`${AGENT} = ${f.agent_id}`)
  if (f.status) parts.push(sql`${STATUS} = ${f.status}`)
  if (f.search?.trim()) {
    const like = likeOf(f.search)
    parts.push(sql`(t.ticket_number ILIKE ${like} OR ct.name ILIKE ${like} OR ct.number ILIKE ${like} OR t.subject ILIKE ${like})`)
  }
  return sql.join(parts, sql` AND `)
}

/** Open lists read newest first; the history newest-closed first (the one just resolved is on top). */
export const orderOf = (list?: TicketList): SQL =>
  list === "resolved" ? sql`t.last_closed DESC NULLS LAST, t.id DESC` : sql`t.dt DESC, t.id DESC`

export const selectTickets = async (db: Db, where: SQL, order: SQL, limit: number, offset: number): Promise<Ticket[]> =>
  rowsOf(
    await db.execute(sql`SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`),
  ).map(ticketOf)

export const countTickets = async (db: Db, where: SQL): Promise<number> =>
  Number(rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM ${TICKET_FROM} WHERE ${where}`))[0]?.n ?? 0)

/** The tenant's ticket by number (404 otherwise: another tenant's number is simply unknown). */
export const ticketByNumber = async (db: Db, clientId: number, ticketNumber: string): Promise<Ticket> => {
  const [ticket] = await selectTickets(db, sql`t.client_id = ${clientId} AND t.ticket_number = ${ticketNumber}`, sql`t.id`, 1, 0)
  if (!ticket) throw notFound("Ticket")
  return ticket
}
