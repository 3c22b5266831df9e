/**
 * `/sms/messages`: the SMS report and the send screen's progress. Filters: dates (UTC days or times), status, mask,
 * number (digits, prefix), one send (`batch_id`), free text; pages; counts by status for the same filter without the
 * status (the report's cards, the progress bar). A row being handed to the gateway (`submitting`) reads as queued.
 */
import { type SQL, sql } from "drizzle-orm"
import type { SmsMessage, SmsStatus } from "../../../src/contract/schemas/sms"
import { likeOf, prefixLikeOf, rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
import { iso, isoOrNull, rangeOf } from "../../core/date-range"

const statusOf = (s: unknown): SmsStatus => (s === "submitting" ? "queued" : (s as SmsStatus))

const messageOf = (r: Record<string, unknown>): SmsMessage => ({
  id: Number(r.id),
  to: String(r.number),
  mask: r.mask ? String(r.mask) : null,
  text: String(r.body),
  parts: Number(r.parts),
  encoding: String(r.encoding),
  cost: Number(r.cost),
  status: statusOf(r.status),
  error: r.error === null || r.error === undefined ? null : String(r.error),
  sent_by: r.sent_by === null || r.sent_by === undefined ? null : String(r.sent_by),
  batch_id: String(r.batch_id),
  dt: iso(r.dt),
  delivered_at: isoOrNull(r.delivered_at),
})

export const handlers = [
  handle("sms", "smsMessages", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const paging = pageOf(input, 20, 999_999)
    const range = rangeOf(input.start_date, input.end_date)
    const where: SQL[] = [sql`m.client_id = ${clientId}`]
    if (range.from) where.push(sql`m.dt >= ${range.from.toISOString()}::timestamptz`)
    if (range.to) where.push(sql`m.dt < ${range.to.toISOString()}::timestamptz`)
    if (input.mask?.trim()) where.push(sql`m.mask = ${input.mask.trim()}`)
    const digits = input.number?.replace(/\D/g, "")
    if (digits) where.push(sql`m.number LIKE ${prefixLikeOf(`+${digits}`)}`)
    if (input.batch_id) where.push(sql`m.batch_id = ${input.batch_id}`)
    if (input.search?.trim()) where.push(sql`(m.number ILIKE ${likeOf(input.search)} OR m.body ILIKE ${likeOf(input.search)})`)
    const base = sql.join(where, sql` AND `)
    const withStatus =
      input.status === undefined
        ? base
        : input.status === "queued"
          ? sql`${base} AND m.status IN ('queued', 'submitting')`
          : sql`${base} AND m.status = ${input.status}`
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT m.*, u.username AS sent_by, count(*) OVER () AS total_rows FROM sms_messages m LEFT JOIN users u ON u.id = m.user_id
        WHERE ${withStatus} ORDER BY m.dt DESC, m.id DESC`,
      paging,
    )
    const [c] = rowsOf(
      await ctx.db.execute(sql`SELECT count(*) FILTER (WHERE m.status IN ('queued', 'submitting'))::int AS queued,
          count(*) FILTER (WHERE m.status = 'sent')::int AS sent, count(*) FILTER (WHERE m.status = 'delivered')::int AS delivered,
          count(*) FILTER (WHERE m.status = 'failed')::int AS failed
        FROM sms_messages m WHERE ${base}`),
    )
    return {
      data: {
        items: rows.map(messageOf),
        totalItems: total,
        page: paging.page,
        limit: paging.limit,
        counts: { queued: Number(c.queued), sent: Number(c.sent), delivered: Number(c.delivered), failed: Number(c.failed) },
      },
    }
  }),
]
