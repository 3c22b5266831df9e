/**
 * Monthly reports: /get/monthly, /getall/monthly and /monthly/users (MAU, metrics.ts). Months are the tenant's local
 * calendar months; MAU is monthly_user_counts (kept by the messages triggers), the list is contact_months.
 */
import { sql } from "drizzle-orm"
import type { MonthlyStat } from "../../../src/contract/schemas/reports"
import { handle } from "../registry"
import type { Ctx } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { pageOf } from "../paging"
import { iso } from "./range"
import { monthRange } from "./report-range"
import { conversationTotals, messageTotals } from "./metrics"

const monthStat = async (ctx: Ctx, month: string): Promise<MonthlyStat> => {
  const r = await monthRange(ctx, month)
  const t = await conversationTotals(ctx, r)
  const m = await messageTotals(ctx, r)
  const [mau] = rowsOf(
    await ctx.db.execute(sql`SELECT users FROM monthly_user_counts WHERE client_id = ${r.clientId} AND month = ${`${month}-01`}::date`),
  )
  return { month, conversations: t.conversations, messages_in: m.received, messages_out: m.sent, active_users: Number(mau?.users ?? 0) }
}

export const handlers = [
  handle("reports", "getMonthly", async (ctx, input) => ({ data: await monthStat(ctx, input.month) })),
  handle("reports", "getallMonthly", async (ctx, input) => {
    const months: MonthlyStat[] = []
    for (let m = 1; m <= 12; m++) months.push(await monthStat(ctx, `${input.year}-${String(m).padStart(2, "0")}`))
    return { data: months }
  }),
  handle("reports", "monthlyUsers", async (ctx, input) => {
    const r = await monthRange(ctx, input.month)
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    const month = `${input.month}-01`
    const [count] = rowsOf(
      await ctx.db.execute(sql`SELECT users FROM monthly_user_counts WHERE client_id = ${r.clientId} AND month = ${month}::date`),
    )
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ct.number, ct.name, ct.channel, cm.first_seen, cm.last_seen,
          (SELECT count(*)::int FROM conversations c WHERE c.contact_id = cm.contact_id AND c.started_at >= ${r.from.toISOString()}::timestamptz
            AND c.started_at < ${r.to.toISOString()}::timestamptz) AS conversations
        FROM contact_months cm JOIN contacts ct ON ct.id = cm.contact_id
        WHERE cm.client_id = ${r.clientId} AND cm.month = ${month}::date ORDER BY cm.last_seen DESC, cm.contact_id LIMIT ${limit} OFFSET ${offset}`),
    )
    const items = rows.map((row) => ({
      number: String(row.number),
      name: (row.name as string | null) || null,
      channel_type: row.channel as "whatsapp",
      first_seen: iso(row.first_seen),
      last_seen: iso(row.last_seen),
      conversations: Number(row.conversations),
    }))
    return { data: { items, totalItems: Number(count?.users ?? 0), page, limit } }
  }),
]
