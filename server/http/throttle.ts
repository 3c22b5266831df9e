/**
 * Throttling of the calls that take a secret from anyone (login, token login, password reset, one-time codes): per address with
 * @fastify/rate-limit (config.credentialRatePerMinute, one budget for these calls), and per account for the login
 * (auth/login-throttle.ts). The calls that let anyone store something (registration uploads and registrations) have a
 * budget per address of their own (config.registrationRatePerHour). Over a limit: 429 with Retry-After and the usual
 * error body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify"
import type { CallDef } from "../../src/contract/call"
import { countAttempt, FREE_ATTEMPTS, noticeAdmins, tooManyAttempts } from "../auth/login-throttle"
import type { Services } from "./context"
import { ApiError } from "./errors"

const REGISTRATION_CALLS = new Set(["onboarding.registrationUpload", "onboarding.register"])

const CREDENTIAL_CALLS = new Set([
  "auth.authUser",
  "auth.authAccessToken",
  "auth.sendEmail",
  "auth.passwordReset",
  "otp.authSendOtp",
  "otp.authVerifyOtp",
])

/** @fastify/rate-limit's 429 as the API's error body (its headers, Retry-After included, are already set). */
export const rateLimitError = (_req: FastifyRequest, context: { after: string; statusCode: number }) =>
  new ApiError(context.statusCode, "TOO_MANY_REQUESTS", `Too many attempts from this address. Try again in ${context.after}.`)

const accountThrottle = (services: Services) => async (req: FastifyRequest, reply: FastifyReply) => {
  const username = (req.body as { username?: unknown } | undefined)?.username
  if (typeof username !== "string" || username.length === 0) return // validation answers 400
  const counted = await countAttempt(services.database, username, req.ip)
  if ("retryAfter" in counted) {
    void reply.header("retry-after", String(counted.retryAfter))
    throw tooManyAttempts(counted.retryAfter)
  }
  // The first wait: tell the admins, off the request's path so a known name takes no longer than an unknown one.
  if (counted.attempts === FREE_ATTEMPTS + 1)
    setImmediate(() =>
      noticeAdmins(services, username, counted.attempts, req.ip).catch((error: unknown) =>
        console.error("[throttle] notice failed", error),
      ),
    )
}

/**
 * The route options that throttle a call, if it takes a secret from anyone. One limiter for these calls, so they
 * share one budget per address (a route's own `config.rateLimit` would count each call apart).
 */
export const throttling = (app: FastifyInstance, services: Services) => {
  const perAddress = app.rateLimit({ max: services.config.credentialRatePerMinute, timeWindow: 60_000 })
  const perAccount = accountThrottle(services)
  const registrations = app.rateLimit({ max: services.config.registrationRatePerHour, timeWindow: 3_600_000 })
  return (call: CallDef): Partial<RouteOptions> => {
    const key = `${call.group}.${call.name}`
    if (REGISTRATION_CALLS.has(key)) return { onRequest: registrations }
    if (!CREDENTIAL_CALLS.has(key)) return {}
    return { onRequest: perAddress, ...(key === "auth.authUser" ? { preHandler: perAccount } : {}) }
  }
}
