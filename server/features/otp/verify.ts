/**
 * `/auth/verify-otp`: checks a code, named by its random key (`otp_key`, answered by the send), in constant time against
 * its digest, under the row's lock (so two answers at once cannot both use a try). Unknown keys and wrong codes count
 * against the address too (address-failures.ts). Refusals, each a clear 4xx: an address out of failures
 * (429 OTP_TOO_MANY_FAILURES), no such code (404 OTP_UNKNOWN_CODE), already used
 * (409 OTP_USED), expired (410 OTP_EXPIRED), wrong (401 OTP_WRONG_CODE, with the tries left; the try is kept), the
 * last wrong try and any answer after it (410 OTP_DEAD: the code is no longer valid). A right login code of an OTP
 * user who is a console user also answers the session the password login answers (`login`), and counts as redeemed.
 */
import { eq, sql } from "drizzle-orm"
import { users } from "../../db/schema/identity"
import { rowsOf } from "../../db/rows"
import { ApiError, keepingWrites } from "../../http/errors"
import { handle } from "../../core/registry"
import { startSession } from "../session"
import { otpNow } from "./clock"
import { checkAddress, countFailure } from "./address-failures"
import { sameCode } from "./codes"
import { settingsOf } from "./settings"
import { stateSql } from "./state"

const DEAD_MESSAGE = "This code is no longer valid, ask for a new one"

export const handlers = [
  handle("otp", "authVerifyOtp", async (ctx, input) => {
    const now = otpNow()
    await checkAddress(ctx.db, ctx.ip)
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT l.id, l.client_id, l.code_hmac, l.attempts, l.max_tries, l.purpose, ${stateSql(now)} AS state,
          u.user_id, u.active AS user_active
        FROM otp_logs l LEFT JOIN otp_users u ON u.id = l.otp_user_id WHERE l.public_id = ${input.otp_key} FOR UPDATE OF l`),
    )
    if (!row) {
      await countFailure(ctx.db, ctx.ip)
      throw keepingWrites(new ApiError(404, "OTP_UNKNOWN_CODE", "No such code; ask for a new one"))
    }
    if (row.state === "verified") throw new ApiError(409, "OTP_USED", "This code was already used; ask for a new one")
    if (row.state === "dead") throw new ApiError(410, "OTP_DEAD", DEAD_MESSAGE)
    if (row.state === "expired") throw new ApiError(410, "OTP_EXPIRED", "This code has expired, ask for a new one")
    const id = Number(row.id)
    const attempts = Number(row.attempts)
    const maxTries = Number(row.max_tries)
    if (!sameCode(ctx.services.config.jwtSecret, id, input.otp_code, String(row.code_hmac))) {
      const left = Math.max(0, maxTries - attempts - 1)
      await ctx.db.execute(sql`UPDATE otp_logs SET attempts = attempts + 1, dead = ${left === 0} WHERE id = ${id}`)
      await countFailure(ctx.db, ctx.ip)
      throw keepingWrites(
        left === 0
          ? new ApiError(410, "OTP_DEAD", `Wrong code. ${DEAD_MESSAGE}`, "otp_code")
          : new ApiError(401, "OTP_WRONG_CODE", `Wrong code. ${left} ${left === 1 ? "try" : "tries"} left.`, "otp_code"),
      )
    }
    const clientId = Number(row.client_id)
    const forLogin = row.purpose === "login" && row.user_id !== null && row.user_id !== undefined && Boolean(row.user_active)
    let login: Awaited<ReturnType<typeof startSession>> | undefined
    if (forLogin) {
      if (!(await settingsOf(ctx.db, clientId)).enabled)
        throw new ApiError(403, "OTP_DISABLED", "Logging in with a one-time code is switched off for this account")
      const [user] = await ctx.db
        .select()
        .from(users)
        .where(eq(users.id, Number(row.user_id)))
      const [client] = rowsOf(await ctx.db.execute(sql`SELECT status FROM clients WHERE id = ${clientId}`))
      if (user?.status === "active" && client?.status === "active") login = await startSession(ctx, user)
    }
    await ctx.db.execute(sql`UPDATE otp_logs SET verified = true, verified_at = ${now.toISOString()}::timestamptz,
      redeemed = ${login !== undefined}, redeemed_at = ${login ? now.toISOString() : null}::timestamptz WHERE id = ${id}`)
    return { data: { verified: true, attempts_left: Math.max(0, maxTries - attempts), ...(login ? { login } : {}) } }
  }),
]
