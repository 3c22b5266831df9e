/**
 * complaints.fetchTicketReport (complain/fetch_report) and complaints.searchComplaint (complain/search_ticket): the
 * Complain Tickets Report. The metadata (channels, agents, statuses) lists what the tenant has, the cards and the
 * page follow the filters. Pages count from 0 here (spec 000 section 9), unlike the other reports. Both read the
 * business a super admin names in `client_id` (`forBusiness`), anyone else their own.
 */
import { sql, type SQL } from "drizzle-orm"
import { handle } from "../../core/registry"
import { tenantOf } from "../../http/context"
import { forBusiness } from "./report-range"
import { rangeOf } from "../../core/date-range"
import { prefixLikeOf, rowsOf } from "../../db/rows"
import { ticketOf, TICKET_COLUMNS } from "../complaints"

const sequence = async <T>(queries: (() => Promise<T>)[]): Promise<T[]> => {
  const out: T[] = []
  for (const q of queries) out.push(await q())
  return out
}

export const handlers = forBusiness([
  handle("complaints", "fetchTicketReport", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const range = rangeOf(input.start_date, input.end_date)
    const parts: SQL[] = [sql`c.client_id = ${clientId}`]
    if (range.from) parts.push(sql`c.dt >= ${range.from.toISOString()}::timestamptz`)
    if (range.to) parts.push(sql`c.dt < ${range.to.toISOString()}::timestamptz`)
    if (input.channel_type) parts.push(sql`c.channel_type = ${input.channel_type}`)
    if (input.agent !== undefined) parts.push(sql`c.agent_id = ${input.agent}`)
    if (input.status) parts.push(sql`c.status = ${input.status}`)
    const where = sql.join(parts, sql` AND `)
    // The Download button asks for every ticket of the filters; complaints are a tenant's few thousand at most.
    const limit = Math.min(input.limit, 100_000)
    // One after another: a transaction's connection runs one query at a time anyway.
    const [channels, agents, statuses, counts, avg, page] = await sequence([
      () => ctx.db.execute(sql`SELECT DISTINCT channel_type FROM complaints WHERE client_id = ${clientId} ORDER BY 1`),
      () => ctx.db.execute(sql`SELECT id, username FROM users WHERE client_id = ${clientId} AND status <> 'deleted' ORDER BY username`),
      () => ctx.db.execute(sql`SELECT DISTINCT status FROM complaints WHERE client_id = ${clientId} ORDER BY 1`),
      () => ctx.db.execute(sql`SELECT c.status, count(*)::int AS count FROM complaints c WHERE ${where} GROUP BY c.status ORDER BY 1`),
      () =>
        ctx.db.execute(sql`SELECT coalesce(avg(extract(epoch FROM c.last_closed - c.dt)), 0)::float8 AS difference
        FROM complaints c WHERE ${where} AND c.last_closed IS NOT NULL`),
      () =>
        ctx.db.execute(sql`SELECT ${TICKET_COLUMNS} FROM complaints c WHERE ${where}
        ORDER BY c.dt DESC, c.id DESC LIMIT ${limit} OFFSET ${input.page * limit}`),
    ])
    const statusCount = rowsOf(counts).map((r) => ({ status: String(r.status), count: Number(r.count) }))
    return {
      data: {
        complaintMetadata: {
          channel_type: rowsOf(channels).map((r) => String(r.channel_type)),
          agents: rowsOf(agents).map((r) => ({ id: Number(r.id), username: String(r.username) })),
          statuses: rowsOf(statuses).map((r) => String(r.status)),
          total_tickets: statusCount.reduce((sum, s) => sum + s.count, 0),
          status_count: statusCount,
          avg_resolution_time: { difference: Math.round(Number(rowsOf(avg)[0]?.difference ?? 0)) },
          tickets: rowsOf(page).map(ticketOf),
        },
      },
    }
  }),
  handle("complaints", "searchComplaint", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    // The report's search box always sends "active" and must find any ticket of the report, so only "resolved" narrows.
    const state = input.ticket_type === "resolved" ? sql`c.status = 'Resolved'` : sql`true`
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ${TICKET_COLUMNS} FROM complaints c
      WHERE c.client_id = ${clientId} AND c.channel_type = ${input.channel_type} AND ${state}
        AND c.ticket_number ILIKE ${prefixLikeOf(input.ticket_number)}
      ORDER BY c.dt DESC LIMIT 10`),
    )
    return { data: { list: rows.map(ticketOf) } }
  }),
])
