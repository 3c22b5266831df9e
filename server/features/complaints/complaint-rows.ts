/**
 * Complaint rows as the contract shapes them, shared by the Complain Tickets Report (reports/complaint-report.ts) and
 * the complaint screens (complaints.ts), so a report row and a complaint show the same fields the same way.
 * Queries select from `complaints c` (and `users u` on the agent for the full complaint).
 */
import { sql } from "drizzle-orm"
import { iso, isoOrNull } from "../../core/date-range"

/** The report row (ComplaintTicket). */
export const ticketOf = (r: Record<string, unknown>) => ({
  name: String(r.name),
  channel_type: String(r.channel_type),
  ticket_number: String(r.ticket_number),
  status: String(r.status),
  number: String(r.number),
  dt: iso(r.dt),
  last_closed: isoOrNull(r.last_closed),
  customer_message: String(r.customer_message).slice(0, 800),
})

export const TICKET_COLUMNS = sql`c.name, c.channel_type, c.ticket_number, c.status, c.number, c.dt, c.last_closed, c.customer_message`

/** The complaint (Complaint): the report row plus who owns it and how it ended. Needs `LEFT JOIN users u ON u.id = c.agent_id`. */
export const COMPLAINT_COLUMNS = sql`${TICKET_COLUMNS}, c.id, c.category, c.agent_id, coalesce(u.display_name, u.username) AS agent_name, c.resolution_note`

export const complaintOf = (r: Record<string, unknown>) => ({
  ...ticketOf(r),
  id: Number(r.id),
  category: (r.category as string | null) ?? null,
  agent_id: r.agent_id === null || r.agent_id === undefined ? null : Number(r.agent_id),
  agent_name: (r.agent_name as string | null) ?? null,
  resolution_note: (r.resolution_note as string | null) ?? null,
})
