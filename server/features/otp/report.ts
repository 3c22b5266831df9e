/**
 * `/otp/report`: per day (UTC) and provider, the codes sent and what became of them, each figure defined once over the
 * state of `state.ts` (sent: every code; verified, dead, expired: codes in that state now; redeemed: marked so; failed:
 * codes that never reached the person: the SMS failed or the channel refused). Live codes count only as sent.
 * `/update/redeem/{id}`: marks a verified code as redeemed (or not).
 */
import { type SQL, sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { businessOf, tenantOf } from "../../http/context"
import { ApiError, idOf, notFound } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { rangeOf } from "../../core/date-range"
import { handle } from "../../core/registry"
import { otpNow } from "./clock"
import { stateSql } from "./state"

/** The report's figures as SQL aggregates over `otp_logs l` (with its SMS as `m`). */
export const figuresSql = (now: Date): SQL => {
  const state = stateSql(now)
  return sql`count(*)::int AS sent,
    count(*) FILTER (WHERE ${state} = 'verified')::int AS verified,
    count(*) FILTER (WHERE ${state} = 'expired')::int AS expired,
    count(*) FILTER (WHERE ${state} = 'dead')::int AS dead,
    count(*) FILTER (WHERE l.redeemed)::int AS redeemed,
    count(*) FILTER (WHERE l.delivery_error IS NOT NULL OR m.status = 'failed')::int AS failed`
}

export const handlers = [
  // A super admin names the business they picked (`client_id`); anyone else reads their own.
  handle("otp", "otpReport", async (ctx, input) => {
    const clientId = await businessOf(ctx, input.client_id)
    const range = rangeOf(input.start_date, input.end_date)
    const paging = pageOf(input)
    const where: SQL[] = [sql`l.client_id = ${clientId}`]
    if (range.from) where.push(sql`l.dt >= ${range.from.toISOString()}::timestamptz`)
    if (range.to) where.push(sql`l.dt < ${range.to.toISOString()}::timestamptz`)
    if (input.provider_id !== undefined) where.push(sql`l.provider_id = ${input.provider_id}`)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT to_char(l.dt AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, nullif(l.provider_name, '') AS provider_name,
          ${figuresSql(otpNow())}, count(*) OVER () AS total_rows
        FROM otp_logs l LEFT JOIN sms_messages m ON m.id = l.sms_message_id
        WHERE ${sql.join(where, sql` AND `)}
        GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
      paging,
    )
    return {
      data: {
        items: rows.map((r) => ({
          date: String(r.date),
          provider_name: (r.provider_name as string | null) ?? null,
          sent: Number(r.sent),
          verified: Number(r.verified),
          failed: Number(r.failed),
          expired: Number(r.expired),
          dead: Number(r.dead),
          redeemed: Number(r.redeemed),
        })),
        totalItems: total,
        page: paging.page,
        limit: paging.limit,
      },
    }
  }),

  handle("otp", "updateRedeemById", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "OTP log")
    const [row] = rowsOf(await ctx.db.execute(sql`SELECT verified FROM otp_logs WHERE id = ${id} AND client_id = ${clientId} FOR UPDATE`))
    if (!row) throw notFound("OTP log")
    if (input.redeemed && !row.verified) throw new ApiError(409, "OTP_NOT_VERIFIED", "Only a verified code can be redeemed", "redeemed")
    await ctx.db.execute(sql`UPDATE otp_logs SET redeemed = ${input.redeemed},
      redeemed_at = ${input.redeemed ? otpNow().toISOString() : null}::timestamptz WHERE id = ${id} AND client_id = ${clientId}`)
    return { data: { ok: true } }
  }),
]
