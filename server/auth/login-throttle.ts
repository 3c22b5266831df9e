/**
 * Per-account login throttling (ASVS 2.2.1), kept in the database so it holds across server processes. Every attempt
 * for a username counts before its password is checked (so parallel guesses cannot slip through). After
 * FREE_ATTEMPTS the account waits 1 s, then 2 s, 4 s, ... up to 15 min between attempts (429 with Retry-After,
 * whatever the password); a quiet hour starts the count afresh. The wait holds only for the addresses that failed in
 * this run: an address with no failure is checked as usual (its attempt counts too), so a guesser cannot keep the
 * owner out, and a success forgets only its own address. The count is kept per typed name, existing or not, so a
 * known and an unknown name answer alike. On the first wait the tenant's admins get a notice by mail. The
 * per-address limit is @fastify/rate-limit's (http/throttle.ts).
 */
import { and, eq, sql } from "drizzle-orm"
import { sendMail } from "../core/mail"
import type { Database, Db } from "../db/db"
import { loginThrottle, roles, users } from "../db/schema/identity"
import { activityLogs } from "../db/schema/tenants"
import type { Services } from "../http/context"
import { ApiError } from "../http/errors"

export const FREE_ATTEMPTS = 5
const MAX_DELAY_SECONDS = 15 * 60
const QUIET_RESET_MS = 60 * 60_000
/** The failed addresses kept per account (a spray from more than this many addresses loses the oldest). */
const MAX_FAILED_ADDRESSES = 100

/** Seconds an account waits after its `attempts`-th attempt in a row without a success. */
export const delayAfter = (attempts: number) =>
  attempts <= FREE_ATTEMPTS ? 0 : Math.min(2 ** (attempts - FREE_ATTEMPTS - 1), MAX_DELAY_SECONDS)

const accountOf = (username: string) => username.trim().toLowerCase().slice(0, 200)

export const tooManyAttempts = (retryAfter: number) =>
  new ApiError(429, "TOO_MANY_REQUESTS", `Too many failed logins for this account. Try again in ${retryAfter} s.`)

/**
 * Counts an attempt from `ip`; `retryAfter` (seconds) when the account waits and this address failed in its run,
 * `attempts` otherwise.
 */
export const countAttempt = async (
  database: Database,
  username: string,
  ip: string,
  now = new Date(),
): Promise<{ retryAfter: number } | { attempts: number }> =>
  database.transaction(async (tx) => {
    const account = accountOf(username)
    await tx.insert(loginThrottle).values({ account, failures: 0, lastFailureAt: now }).onConflictDoNothing()
    const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.account, account)).for("update")
    const quiet = now.getTime() - row.lastFailureAt.getTime() > QUIET_RESET_MS
    const failedFrom = quiet ? [] : row.failedFrom
    const blocked = !quiet && row.blockedUntil !== null && row.blockedUntil > now
    if (blocked && failedFrom.includes(ip)) return { retryAfter: Math.ceil((row.blockedUntil!.getTime() - now.getTime()) / 1000) }
    const attempts = quiet ? 1 : row.failures + 1
    const delay = delayAfter(attempts)
    await tx
      .update(loginThrottle)
      .set({
        failures: attempts,
        lastFailureAt: now,
        blockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null,
        failedFrom: [...failedFrom.filter((address) => address !== ip), ip].slice(-MAX_FAILED_ADDRESSES),
      })
      .where(eq(loginThrottle.account, account))
    return { attempts }
  })

/**
 * A successful login from `ip`: that address is no longer a failed one; with no failed address left the account starts
 * afresh. Runs in the login's transaction.
 */
export const forgetAttempts = async (db: Db, username: string, ip: string) => {
  const account = accountOf(username)
  const [left] = await db
    .update(loginThrottle)
    .set({ failedFrom: sql`array_remove(${loginThrottle.failedFrom}, ${ip})` })
    .where(eq(loginThrottle.account, account))
    .returning({ failedFrom: loginThrottle.failedFrom })
  if (left && left.failedFrom.length === 0) await db.delete(loginThrottle).where(eq(loginThrottle.account, account))
}

/** Tells the tenant's admins (holders of its built-in admin role; super admins for a super admin) by mail and log. */
export const noticeAdmins = async (services: Services, username: string, attempts: number, ip: string) => {
  const { db } = services.database
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${accountOf(username)}`)
    .limit(1)
  if (!user) return
  const admins = await db
    .select({ email: users.email, clientId: users.clientId })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.status, "active"),
        user.superAdmin ? eq(users.superAdmin, true) : and(eq(users.clientId, user.clientId), eq(roles.system, true)),
      ),
    )
  const detail = { username: user.username, attempts, ip }
  await db.insert(activityLogs).values({ clientId: user.clientId, userId: user.id, action: "login-throttled", detail })
  for (const admin of admins) {
    await sendMail(services, {
      clientId: admin.clientId,
      to: admin.email,
      subject: `Failed logins for ${user.username}`,
      text: `Hello,\n\n${attempts} logins in a row failed for the account ${user.username} (last from ${ip}). Each further attempt from there now waits longer. If this was not them, someone may be guessing the password.\n`,
      meta: { kind: "login-throttled", ...detail },
    })
  }
}
