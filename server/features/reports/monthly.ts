/**
 * Monthly reports: /get/monthly, /getall/monthly and /monthly/users (MAU, metrics.ts). Months are the tenant's local
 * calendar months; MAU is monthly_user_counts_now (kept from the messages triggers' deltas: 0067_rollup_deltas), the
 * list is contact_months_now; the tenant's UAT numbers are not customers and count in neither (uat/uat-rules.ts).
 */
import { sql } from "drizzle-orm"
import type { MonthlyStat } from "../../../src/contract/schemas/reports"
import { handle } from "../../core/registry"
import type { Ctx } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { pageOf } from "../../core/paging"
import { iso } from "../../core/date-range"
import { forBusiness, monthRange, reportRange } from "./report-range"
import { conversationSlots, conversationTotals, messageSlots, messageTotals } from "./metrics"

/** MAU of a month (YYYY-MM): the sum of its counter's rows (0038_rollup_stripes) and of those not yet flushed (0067). */
const activeUsers = async (ctx: Ctx, clientId: number, month: string) => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT coalesce(sum(users), 0)::int AS users FROM monthly_user_counts_now
      WHERE client_id = ${clientId} AND month = ${`${month}-01`}::date`),
  )
  return Number(row?.users ?? 0)
}

const monthStat = async (ctx: Ctx, month: string): Promise<MonthlyStat> => {
  const r = await monthRange(ctx, month)
  const t = await conversationTotals(ctx, r)
  const m = await messageTotals(ctx, r)
  return {
    month,
    conversations: t.conversations,
    messages_in: m.received,
    messages_out: m.sent,
    active_users: await activeUsers(ctx, r.clientId, month),
  }
}

export const handlers = forBusiness([
  handle("reports", "getMonthly", async (ctx, input) => ({ data: await monthStat(ctx, input.month) })),
  handle("reports", "getallMonthly", async (ctx, input) => {
    // The whole year in one pass per roll-up table, grouped by the tenant's local month.
    const r = await reportRange(ctx, { start_date: `${input.year}-01-01`, end_date: `${input.year}-12-31` })
    const monthOf = sql`to_char(slot AT TIME ZONE ${r.zone}, 'YYYY-MM')`
    const rows = rowsOf(
      await ctx.db.execute(sql`WITH months AS (SELECT to_char(make_date(${input.year}::int, n, 1), 'YYYY-MM') AS month FROM generate_series(1, 12) n),
        c AS (SELECT ${monthOf} AS month, sum(started)::int AS conversations FROM (${conversationSlots(r)}) s GROUP BY 1),
        m AS (SELECT ${monthOf} AS month, coalesce(sum(messages_in), 0)::int AS messages_in, coalesce(sum(messages_out), 0)::int AS messages_out
              FROM (${messageSlots(r)}) s GROUP BY 1),
        u AS (SELECT to_char(month, 'YYYY-MM') AS month, sum(users)::int AS users FROM monthly_user_counts_now WHERE client_id = ${r.clientId}
              AND month >= make_date(${input.year}::int, 1, 1) AND month < make_date(${input.year}::int + 1, 1, 1) GROUP BY 1)
      SELECT months.month, c.conversations, m.messages_in, m.messages_out, u.users FROM months
        LEFT JOIN c ON c.month = months.month LEFT JOIN m ON m.month = months.month LEFT JOIN u ON u.month = months.month
      ORDER BY months.month`),
    )
    const data: MonthlyStat[] = rows.map((row) => ({
      month: String(row.month),
      conversations: Number(row.conversations ?? 0),
      messages_in: Number(row.messages_in ?? 0),
      messages_out: Number(row.messages_out ?? 0),
      active_users: Number(row.users ?? 0),
    }))
    return { data }
  }),
  handle("reports", "monthlyUsers", async (ctx, input) => {
    const r = await monthRange(ctx, input.month)
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    const month = `${input.month}-01`
    // The page is among the month's first offset + limit customers in the stored order (contact_months_recent_idx)
    // and those with messages not yet flushed: a pending message only moves its customer's last one later, so no one
    // else can pass them. Those few are read from contact_months_now, instead of sorting the whole month's customers.
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ct.number, ct.name, ct.channel, cm.first_seen, cm.last_seen,
          (SELECT count(*)::int FROM conversations c WHERE c.contact_id = cm.contact_id AND c.started_at >= ${r.from.toISOString()}::timestamptz
            AND c.started_at < ${r.to.toISOString()}::timestamptz) AS conversations
        FROM contact_months_now cm JOIN contacts ct ON ct.id = cm.contact_id
        WHERE cm.client_id = ${r.clientId} AND cm.month = ${month}::date AND cm.contact_id = ANY ((SELECT array_agg(contact_id) FROM (
            SELECT contact_id FROM (SELECT contact_id FROM contact_months WHERE client_id = ${r.clientId} AND month = ${month}::date
              ORDER BY last_seen DESC, contact_id LIMIT ${offset + limit}) stored
            UNION SELECT contact_id FROM contact_month_deltas WHERE client_id = ${r.clientId} AND month = ${month}::date) candidates)::int[])
        ORDER BY cm.last_seen DESC, cm.contact_id LIMIT ${limit} OFFSET ${offset}`),
    )
    const items = rows.map((row) => ({
      number: String(row.number),
      name: (row.name as string | null) || null,
      channel_type: row.channel as "whatsapp",
      first_seen: iso(row.first_seen),
      last_seen: iso(row.last_seen),
      conversations: Number(row.conversations),
    }))
    return { data: { items, totalItems: await activeUsers(ctx, r.clientId, input.month), page, limit } }
  }),
])
