/**
 * Conversation reports: /chat/stats, /chat/report, /agent/conversation, /conversation/aht, /service/level and
 * /conversation/count. Figures from the roll-ups (metrics.ts); the paged rows read one page of conversations through
 * (client_id, started_at), their counters already on the row.
 */
import { sql, type SQL } from "drizzle-orm"
import type { ChatReportRow } from "../../../src/contract/schemas/reports"
import { handle } from "../../core/registry"
import type { Ctx } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { pageOf } from "../../core/paging"
import { checkAgent, forBusiness, reportRange, type ReportRange } from "./report-range"
import {
  conversationTotals,
  dayOf,
  dayTrends,
  daysOf,
  dtWhere,
  notTest,
  rollupFrom,
  serviceLevelOf,
  slotWhere,
  type MetricFilter,
} from "./metrics"
import { iso, isoOrNull } from "../../core/date-range"

const seconds = (from: unknown, to: unknown): number | null =>
  from === null || from === undefined || to === null || to === undefined
    ? null
    : Math.max(0, (new Date(String(to)).getTime() - new Date(String(from)).getTime()) / 1000)

const rowOf = (r: Record<string, unknown>): ChatReportRow => ({
  conversation_id: Number(r.id),
  number: String(r.number),
  name: (r.name as string | null) ?? null,
  channel_type: r.channel as ChatReportRow["channel_type"],
  status: String(r.status),
  agent_name: (r.agent_name as string | null) ?? null,
  started_at: iso(r.started_at),
  closed_at: isoOrNull(r.closed_at),
  messages: Number(r.messages_in) + Number(r.messages_out),
  first_response_seconds: seconds(r.first_inbound_at, r.first_response_at),
  handle_seconds: r.status === "closed" ? seconds(r.assigned_at, r.closed_at) : null,
  duration: r.status === "closed" ? seconds(r.started_at, r.closed_at) : null,
})

const conversationPage = async (ctx: Ctx, r: ReportRange, f: MetricFilter, input: { page?: number; limit?: number }) => {
  const { page, limit, offset } = pageOf(input, 10, 999_999)
  const parts: SQL[] = [sql`c.client_id = ${r.clientId}`, dtWhere(r, sql`c.started_at`), notTest("c")]
  if (f.channel) parts.push(sql`c.channel = ${f.channel}`)
  if (f.agentId !== undefined) parts.push(sql`c.assigned_user_id = ${f.agentId}`)
  const where = sql.join(parts, sql` AND `)
  const total = f.agentId === undefined ? (await conversationTotals(ctx, r, f)).conversations : await countWhere(ctx, where)
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT c.*, ct.number, ct.name, coalesce(nullif(u.display_name, ''), u.username) AS agent_name
      FROM conversations c JOIN contacts ct ON ct.id = c.contact_id LEFT JOIN users u ON u.id = c.assigned_user_id
      WHERE ${where} ORDER BY c.started_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`),
  )
  return { data: { items: rows.map(rowOf), totalItems: total, page, limit } }
}

const countWhere = async (ctx: Ctx, where: SQL) =>
  Number(rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM conversations c WHERE ${where}`))[0]?.n ?? 0)

export const handlers = forBusiness([
  handle("reports", "chatStats", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const f = { channel: input.channel_type }
    const t = await conversationTotals(ctx, r, f)
    return {
      data: {
        total: t.conversations,
        closed: t.closed,
        open: t.conversations - t.closed,
        abandoned: t.abandoned,
        first_response: t.first_response,
        aht: t.aht,
        resolution: t.resolution,
        series: await dayTrends(ctx, r, f),
      },
    }
  }),
  handle("reports", "chatReport", async (ctx, input) => {
    await checkAgent(ctx, input.agent_id)
    return conversationPage(ctx, await reportRange(ctx, input), { channel: input.channel_type, agentId: input.agent_id }, input)
  }),
  handle("reports", "agentConversation", async (ctx, input) => {
    await checkAgent(ctx, input.agent_id)
    return conversationPage(ctx, await reportRange(ctx, input), { channel: input.channel_type, agentId: input.agent_id }, input)
  }),
  handle("reports", "conversationAht", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const f = { channel: input.channel_type }
    const t = await conversationTotals(ctx, r, f)
    const series = (await dayTrends(ctx, r, f)).map((d) => ({ date: d.date, ...d.aht }))
    return { data: { aht: t.aht, series } }
  }),
  handle("reports", "serviceLevel", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const f = { channel: input.channel_type }
    const threshold = input.threshold_seconds ?? r.slaSeconds
    const value = await serviceLevelOf(ctx, r, f, threshold)
    const rows =
      threshold === r.slaSeconds
        ? rowsOf(
            await ctx.db.execute(sql`WITH days AS (${daysOf(r)}), c AS (SELECT ${dayOf(r)} AS date, sum(answered_within)::int AS within,
                sum(answered)::int AS total FROM ${rollupFrom(r, f, "conversation", true)} WHERE ${slotWhere(r, f)} GROUP BY 1)
              SELECT days.date, coalesce(c.within, 0) AS within, coalesce(c.total, 0) AS total FROM days LEFT JOIN c ON c.date = days.date ORDER BY 1`),
          )
        : rowsOf(
            await ctx.db.execute(sql`WITH days AS (${daysOf(r)}), c AS (SELECT to_char(started_at AT TIME ZONE ${r.zone}, 'YYYY-MM-DD') AS date,
                count(*) FILTER (WHERE extract(epoch FROM first_response_at - first_inbound_at) <= ${threshold})::int AS within, count(*)::int AS total
                FROM conversations WHERE client_id = ${r.clientId} AND ${dtWhere(r, sql`started_at`)} AND first_response_at IS NOT NULL
                  AND first_inbound_at IS NOT NULL AND ${notTest()} ${f.channel ? sql`AND channel = ${f.channel}` : sql``} GROUP BY 1)
              SELECT days.date, coalesce(c.within, 0) AS within, coalesce(c.total, 0) AS total FROM days LEFT JOIN c ON c.date = days.date ORDER BY 1`),
          )
    const series = rows.map((row) => ({ date: String(row.date), answered_within: Number(row.within), total: Number(row.total) }))
    return { data: { ...value, series } }
  }),
  handle("reports", "conversationCount", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const rows = rowsOf(
      await ctx.db.execute(
        sql`SELECT channel, sum(started)::int AS count FROM ${rollupFrom(r, {}, "conversation", false)} WHERE ${slotWhere(r)} GROUP BY 1 HAVING sum(started) > 0 ORDER BY 1`,
      ),
    )
    const byChannel = rows.map((row) => ({ channel_type: row.channel as ChatReportRow["channel_type"], count: Number(row.count) }))
    return { data: { total: byChannel.reduce((n, c) => n + c.count, 0), by_channel: byChannel } }
  }),
])
