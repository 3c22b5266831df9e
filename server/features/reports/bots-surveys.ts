/**
 * Reports over tables other features fill: chatbot menu hits (/autoreplies/report, /fetch/count/menu,
 * /fetch/count/report), survey responses (/customer/survey, CSAT in metrics.ts) and OTP codes (/redeem/stats).
 * Until those features write rows the answers are honest zeros and empty lists. A bot's run writes a hit per step
 * (server/features/chatbots/bot-runtime.ts): option `start` when it is triggered, then each choice, answer and hand-off.
 */
import { sql, type SQL } from "drizzle-orm"
import { handle } from "../../core/registry"
import { rowsOf } from "../../db/rows"
import { pageOf, windowPage } from "../../core/paging"
import { iso, isoOrNull } from "../../core/date-range"
import { checkAgent, forBusiness, reportRange } from "./report-range"
import { csatOf, dtWhere, ratingCountsOf, surveyWhere } from "./metrics"

export const handlers = forBusiness([
  handle("reports", "autorepliesReport", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT a.id, a.name, count(h.id) FILTER (WHERE h.option = 'start')::int AS triggered, count(DISTINCT h.number)::int AS customers, max(h.dt) AS last_dt,
          count(*) OVER () AS total_rows
        FROM autoreplies a LEFT JOIN bot_menu_hits h ON h.autoreply_id = a.id AND h.client_id = a.client_id AND ${dtWhere(r, sql`h.dt`)}
        WHERE a.client_id = ${r.clientId} GROUP BY a.id, a.name ORDER BY 3 DESC, a.name, a.id`,
      { limit, offset },
    )
    const items = rows.map((row) => ({
      autoreply_id: Number(row.id),
      name: String(row.name),
      triggered: Number(row.triggered),
      customers: Number(row.customers),
      last_triggered_at: isoOrNull(row.last_dt),
    }))
    return { data: { items, totalItems: total, page, limit } }
  }),
  handle("reports", "fetchCountMenu", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT menu, count(*)::int AS count FROM bot_menu_hits h WHERE h.client_id = ${r.clientId} AND ${dtWhere(r, sql`h.dt`)}
        GROUP BY 1 ORDER BY 2 DESC, 1`),
    )
    return { data: rows.map((row) => ({ menu: String(row.menu), count: Number(row.count) })) }
  }),
  handle("reports", "fetchCountReport", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    const parts: SQL[] = [sql`h.client_id = ${r.clientId}`, dtWhere(r, sql`h.dt`)]
    if (input.menu) parts.push(sql`h.menu = ${input.menu}`)
    const where = sql.join(parts, sql` AND `)
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM bot_menu_hits h WHERE ${where}`))
    const rows = rowsOf(
      await ctx.db.execute(
        sql`SELECT number, menu, option, dt FROM bot_menu_hits h WHERE ${where} ORDER BY dt DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
    )
    const items = rows.map((row) => ({ number: String(row.number), menu: String(row.menu), option: String(row.option), dt: iso(row.dt) }))
    return { data: { items, totalItems: Number(count?.n ?? 0), page, limit } }
  }),
  handle("reports", "customerSurvey", async (ctx, input) => {
    await checkAgent(ctx, input.agent_id)
    const r = await reportRange(ctx, input)
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    const f = { channel: input.channel_type, agentId: input.agent_id }
    const where = surveyWhere(r, { ...f, rating: input.rating })
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM survey_responses s WHERE ${where}`))
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT s.number, s.name, s.rating, s.comment, s.dt, coalesce(nullif(u.display_name, ''), u.username) AS agent_name
        FROM survey_responses s LEFT JOIN users u ON u.id = s.agent_id WHERE ${where} ORDER BY s.dt DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`),
    )
    const items = rows.map((row) => ({
      number: String(row.number),
      name: (row.name as string | null) ?? null,
      rating: Number(row.rating),
      comment: (row.comment as string | null) ?? null,
      agent_name: (row.agent_name as string | null) ?? null,
      dt: iso(row.dt),
    }))
    return {
      data: {
        items,
        totalItems: Number(count?.n ?? 0),
        page,
        limit,
        csat: await csatOf(ctx, r, f),
        ratings: await ratingCountsOf(ctx, r, f),
      },
    }
  }),
  handle("reports", "redeemStats", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT count(*)::int AS issued, count(*) FILTER (WHERE redeemed)::int AS redeemed,
        count(*) FILTER (WHERE NOT redeemed AND expires_at IS NOT NULL AND expires_at < now())::int AS expired
        FROM otp_logs o WHERE o.client_id = ${r.clientId} AND ${dtWhere(r, sql`o.dt`)}`),
    )
    return { data: { issued: Number(row?.issued ?? 0), redeemed: Number(row?.redeemed ?? 0), expired: Number(row?.expired ?? 0) } }
  }),
])
