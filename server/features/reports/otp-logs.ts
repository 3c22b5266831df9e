/**
 * otp.otpLogs (POST /otp-logs): the OTP Logs screen. The console always sends clientId 1 (spec 000 section 9); the
 * server ignores it and reads the token's tenant, or the business a super admin named in `client_id` (`forBusiness`).
 */
import { sql, type SQL } from "drizzle-orm"
import { handle } from "../../core/registry"
import { tenantOf } from "../../http/context"
import { forBusiness } from "./report-range"
import { iso, rangeOf } from "../../core/date-range"
import { likeOf, rowsOf } from "../../db/rows"
import { otpNow, shownCode, stateSql } from "../otp"

export const handlers = forBusiness([
  handle("otp", "otpLogs", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const range = rangeOf(input.startDate, input.endDate, ["startDate", "endDate"])
    const parts: SQL[] = [sql`l.client_id = ${clientId}`]
    if (range.from) parts.push(sql`l.dt >= ${range.from.toISOString()}::timestamptz`)
    if (range.to) parts.push(sql`l.dt < ${range.to.toISOString()}::timestamptz`)
    const email = input.email?.trim()
    if (email) parts.push(sql`l.email ILIKE ${likeOf(email)}`)
    const where = sql.join(parts, sql` AND `)
    const page = Math.max(1, input.page)
    const limit = Math.min(input.limit, 1000)
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM otp_logs l WHERE ${where}`))
    // A code shows only once it can no longer be used (otp/state.ts): the log cannot help anyone take over an account.
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT l.id, l.username, l.email, l.number, l.otp_code, l.code_sealed, ${stateSql(otpNow())} AS state,
        l.dt, l.provider_name, l.provider_email
      FROM otp_logs l WHERE ${where} ORDER BY l.dt DESC, l.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
    )
    return {
      logs: {
        data: rows.map((r) => ({
          id: Number(r.id),
          username: String(r.username),
          email: (r.email as string | null) || null,
          number: (r.number as string | null) || null,
          otp_code: shownCode(ctx.services.config.jwtSecret, r),
          dt: iso(r.dt),
          provider_name: (r.provider_name as string | null) || null,
          provider_email: (r.provider_email as string | null) || null,
        })),
        totalItems: Number(count?.n ?? 0),
      },
    }
  }),
])
