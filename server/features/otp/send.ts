/**
 * `/auth/send-otp`: a login code for an OTP user, named by their console username (no credential, like `/auth/user`).
 * Refused with a clear 4xx: unknown user (404 OTP_UNKNOWN_USER), code login off (403 OTP_DISABLED), no provider
 * (409 OTP_NO_PROVIDER), asked again within the cooldown (429 OTP_COOLDOWN), too many codes to one number or address
 * (429 OTP_TOO_MANY: SENDS_PER_TARGET per TARGET_WINDOW, counted in the database so every process sees them). The
 * address's budget is @fastify/rate-limit's (http/throttle.ts). A new code ends the user's older live ones.
 */
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { ApiError } from "../../http/errors"
import { handle } from "../../core/registry"
import { seal } from "../sms"
import { otpNow } from "./clock"
import { codeDigest, maskedTarget, newCode, newCodeKey } from "./codes"
import { queueDelivery } from "./deliver"
import { providerRowOf } from "./provider-rows"
import { settingsOf } from "./settings"

export const SENDS_PER_TARGET = 5
export const TARGET_WINDOW_MS = 15 * 60_000

const unknownUser = () => new ApiError(404, "OTP_UNKNOWN_USER", "No one-time-code login for this username")

const later = (from: Date, ms: number) => new Date(from.getTime() + ms)

export const handlers = [
  handle("otp", "authSendOtp", async (ctx, input) => {
    const now = otpNow()
    const [person] = rowsOf(
      await ctx.db.execute(sql`SELECT o.id, o.client_id, o.username, o.email, o.number, o.active, o.provider_id,
          cu.status AS user_status, c.status AS client_status
        FROM users cu JOIN otp_users o ON o.user_id = cu.id JOIN clients c ON c.id = cu.client_id
        WHERE cu.username = ${input.username} AND o.client_id = cu.client_id LIMIT 1`),
    )
    if (!person?.active || person.user_status !== "active" || person.client_status !== "active") throw unknownUser()
    const clientId = Number(person.client_id)
    const otpUserId = Number(person.id)
    const settings = await settingsOf(ctx.db, clientId)
    if (!settings.enabled) throw new ApiError(403, "OTP_DISABLED", "Logging in with a one-time code is switched off for this account")
    const [providerRow] =
      person.provider_id === null
        ? []
        : rowsOf(await ctx.db.execute(sql`SELECT * FROM otp_providers WHERE id = ${person.provider_id} AND client_id = ${clientId}`))
    const provider = providerRow ? providerRowOf(providerRow) : null
    if (!provider?.enabled) throw new ApiError(409, "OTP_NO_PROVIDER", "No provider is set up to send this user's codes")
    const to = provider.channel === "email" ? String(person.email ?? "") : String(person.number ?? "")
    if (!to) throw new ApiError(409, "OTP_NO_PROVIDER", "This user has nowhere to receive a code")
    // One user at a time: the row lock orders concurrent sends, so the cooldown cannot be raced.
    await ctx.db.execute(sql`SELECT id FROM otp_users WHERE id = ${otpUserId} FOR UPDATE`)
    const [recent] = rowsOf(
      await ctx.db.execute(sql`SELECT
          (SELECT max(dt) FROM otp_logs WHERE otp_user_id = ${otpUserId}) AS last_sent,
          (SELECT count(*)::int FROM otp_logs WHERE client_id = ${clientId} AND (number = ${to} OR email = ${to})
             AND dt > ${new Date(now.getTime() - TARGET_WINDOW_MS).toISOString()}::timestamptz) AS to_target`),
    )
    const lastSent = recent.last_sent
      ? new Date(String(recent.last_sent instanceof Date ? recent.last_sent.toISOString() : recent.last_sent))
      : null
    if (lastSent && now.getTime() - lastSent.getTime() < settings.cooldown_seconds * 1000) {
      const wait = Math.ceil((lastSent.getTime() + settings.cooldown_seconds * 1000 - now.getTime()) / 1000)
      throw new ApiError(429, "OTP_COOLDOWN", `A code was just sent. Ask for a new one in ${wait} seconds.`)
    }
    if (Number(recent.to_target) >= SENDS_PER_TARGET)
      throw new ApiError(429, "OTP_TOO_MANY", "Too many codes were sent to this number or address. Try again later.")
    await ctx.db.execute(sql`UPDATE otp_logs SET expires_at = ${now.toISOString()}::timestamptz
      WHERE otp_user_id = ${otpUserId} AND NOT verified AND NOT dead AND expires_at > ${now.toISOString()}::timestamptz`)
    const ttlSeconds = Math.min(settings.ttl_seconds, provider.ttlSeconds)
    const code = newCode(provider.codeLength)
    const secret = ctx.services.config.jwtSecret
    const [{ id }] = rowsOf(await ctx.db.execute(sql`SELECT nextval(pg_get_serial_sequence('otp_logs', 'id'))::int AS id`))
    const logId = Number(id)
    const expiresAt = later(now, ttlSeconds * 1000)
    const key = newCodeKey()
    await ctx.db.execute(sql`INSERT INTO otp_logs (id, client_id, otp_user_id, username, email, number, otp_code, provider_id, provider_name,
        provider_email, expires_at, dt, code_hmac, code_sealed, max_tries, purpose, channel, ip, public_id)
      VALUES (${logId}, ${clientId}, ${otpUserId}, ${String(person.username)}, ${String(person.email ?? "")}, ${String(person.number ?? "")},
        '', ${provider.id}, ${provider.name}, ${provider.email}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
        ${codeDigest(secret, logId, code)}, ${seal(secret, code)}, ${settings.max_tries}, 'login', ${provider.channel}, ${ctx.ip}, ${key})`)
    const afterCommit = await queueDelivery(ctx.db, {
      logId,
      clientId,
      channel: provider.channel,
      sender: provider.sender,
      to,
      code,
      minutes: Math.max(1, Math.round(ttlSeconds / 60)),
    })
    ctx.afterCommit?.(() => void afterCommit(ctx.services))
    return {
      data: {
        otp_id: logId,
        otp_key: key,
        sent_to: maskedTarget(to),
        expires_at: expiresAt.toISOString(),
        tries: settings.max_tries,
        resend_at: later(now, settings.cooldown_seconds * 1000).toISOString(),
      },
    }
  }),
]
