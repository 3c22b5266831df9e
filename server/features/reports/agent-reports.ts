/**
 * Per-agent reports: /agent/report, /agent/performance/report, /agent/averagetime (paged), /agent/allstats (all) and
 * /ticket/agent/response. One row per user of the tenant who may hold chats (or held a conversation of the range),
 * figures over the conversations assigned to the agent that started in the range (metrics.ts), from the roll-ups.
 */
import { sql } from "drizzle-orm"
import type { AgentReportRow } from "../../../src/contract/schemas/reports"
import { handle } from "../../core/registry"
import type { Ctx } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { pageOf, windowPage } from "../../core/paging"
import { checkAgent, forBusiness, reportRange, type ReportRange } from "./report-range"
import { CONVERSATION_SUMS, dtWhere, slotWhere, timeMetric, totalsOf } from "./metrics"

interface AgentQuery {
  readonly start_date?: string
  readonly end_date?: string
  readonly channel_type?: string
  readonly agent_id?: number
  readonly page?: number
  readonly limit?: number
}

const agentRows = async (ctx: Ctx, r: ReportRange, input: AgentQuery, paged: boolean) => {
  await checkAgent(ctx, input.agent_id)
  const { page, limit, offset } = pageOf(input, 10, 999_999)
  const f = { channel: input.channel_type }
  const who = input.agent_id === undefined ? sql`` : sql`AND u.id = ${input.agent_id}`
  const agents = sql`SELECT u.id, u.username, u.display_name, u.online FROM users u WHERE u.client_id = ${r.clientId} ${who}
    AND (EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = u.role_id AND p.key = 'BACK:chat')
      OR u.id IN (SELECT agent_id FROM totals))`
  const query = sql`WITH totals AS (SELECT agent_id, ${CONVERSATION_SUMS} FROM conversation_rollups_now WHERE ${slotWhere(r, f)} AND agent_id <> 0 GROUP BY 1),
      agents AS (${agents})
      SELECT a.*, t.*, count(*) OVER () AS total_rows FROM agents a LEFT JOIN totals t ON t.agent_id = a.id
      ORDER BY coalesce(t.started, 0) DESC, a.username, a.id`
  const { rows, total } = paged ? await windowPage(ctx.db, query, { limit, offset }) : wholeOf(rowsOf(await ctx.db.execute(query)))
  const items = rows.map((row): AgentReportRow => {
    const t = totalsOf(row)
    return {
      agent_id: Number(row.id),
      username: String(row.username),
      display_name: (row.display_name as string | null) || null,
      online: Boolean(row.online),
      conversations: t.conversations,
      closed: t.closed,
      messages_sent: t.agentMessages,
      first_response: t.first_response,
      aht: t.aht,
      answered_within: t.answeredWithin,
      answered: t.answered,
    }
  })
  return { items, totalItems: total, page, limit }
}

const wholeOf = (rows: Record<string, unknown>[]) => ({ rows, total: rows.length })

const pagedAgents = async (ctx: Ctx, input: AgentQuery) => ({ data: await agentRows(ctx, await reportRange(ctx, input), input, true) })

export const handlers = forBusiness([
  handle("reports", "agentReport", pagedAgents),
  handle("reports", "agentPerformanceReport", pagedAgents),
  handle("reports", "agentAveragetime", pagedAgents),
  handle("reports", "agentAllstats", async (ctx, input) => ({
    data: (await agentRows(ctx, await reportRange(ctx, input), input, false)).items,
  })),
  handle("reports", "ticketAgentResponse", async (ctx, input) => {
    await checkAgent(ctx, input.agent_id)
    const r = await reportRange(ctx, input)
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    const who = input.agent_id === undefined ? sql`` : sql`AND t.assigned_user_id = ${input.agent_id}`
    const channel = input.channel_type ? sql`AND t.channel_type = ${input.channel_type}` : sql``
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT u.id, u.username, count(*)::int AS tickets, count(t.last_closed)::int AS closed,
          coalesce(sum(extract(epoch FROM t.last_closed - t.dt)) FILTER (WHERE t.last_closed IS NOT NULL), 0)::float8 AS resolution_sum,
          count(*) OVER () AS total_rows
        FROM tickets t JOIN users u ON u.id = t.assigned_user_id
        WHERE t.client_id = ${r.clientId} AND ${dtWhere(r, sql`t.dt`)} ${who} ${channel}
        GROUP BY u.id, u.username ORDER BY count(*) DESC, u.username`,
      { limit, offset },
    )
    const items = rows.map((row) => ({
      agent_id: Number(row.id),
      username: String(row.username),
      tickets: Number(row.tickets),
      closed: Number(row.closed),
      resolution: timeMetric(row.resolution_sum, row.closed),
    }))
    return { data: { items, totalItems: total, page, limit } }
  }),
])
