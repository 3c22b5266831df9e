/**
 * Per-account login throttling (ASVS 2.2.1), kept in the database so it holds across server processes. Every attempt
 * for a username counts before its password is checked (so parallel guesses cannot slip through) and a success
 * forgets the count. After FREE_ATTEMPTS the account waits 1 s, then 2 s, 4 s, ... up to 15 min between attempts
 * (429 with Retry-After, whatever the password); a quiet hour starts the count afresh. The count is kept per typed
 * name, existing or not, so a known and an unknown name answer alike. On the first wait the tenant's admins get a
 * notice in their mail. The per-address limit is @fastify/rate-limit's (http/throttle.ts).
 */
import { and, eq, sql } from "drizzle-orm"
import type { Database, Db } from "../db/db"
import { loginThrottle, mailOutbox, roles, users } from "../db/schema/identity"
import { activityLogs } from "../db/schema/tenants"
import { ApiError } from "../http/errors"

export const FREE_ATTEMPTS = 5
const MAX_DELAY_SECONDS = 15 * 60
const QUIET_RESET_MS = 60 * 60_000

/** Seconds an account waits after its `attempts`-th attempt in a row without a success. */
export const delayAfter = (attempts: number) =>
  attempts <= FREE_ATTEMPTS ? 0 : Math.min(2 ** (attempts - FREE_ATTEMPTS - 1), MAX_DELAY_SECONDS)

const accountOf = (username: string) => username.trim().toLowerCase().slice(0, 200)

export const tooManyAttempts = (retryAfter: number) =>
  new ApiError(429, "TOO_MANY_REQUESTS", `Too many failed logins for this account. Try again in ${retryAfter} s.`)

/** Counts an attempt; `retryAfter` (seconds) when the account must wait first, `attempts` otherwise. */
export const countAttempt = async (
  database: Database,
  username: string,
  now = new Date(),
): Promise<{ retryAfter: number } | { attempts: number }> =>
  database.transaction(async (tx) => {
    const account = accountOf(username)
    await tx.insert(loginThrottle).values({ account, failures: 0, lastFailureAt: now }).onConflictDoNothing()
    const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.account, account)).for("update")
    if (row.blockedUntil && row.blockedUntil > now) return { retryAfter: Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000) }
    const attempts = now.getTime() - row.lastFailureAt.getTime() > QUIET_RESET_MS ? 1 : row.failures + 1
    const delay = delayAfter(attempts)
    await tx
      .update(loginThrottle)
      .set({ failures: attempts, lastFailureAt: now, blockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null })
      .where(eq(loginThrottle.account, account))
    return { attempts }
  })

/** A successful login: the account starts afresh. Runs in the login's transaction. */
export const forgetAttempts = async (db: Db, username: string) => {
  await db.delete(loginThrottle).where(eq(loginThrottle.account, accountOf(username)))
}

/** Tells the tenant's admins (holders of its built-in admin role; super admins for a super admin) by mail and log. */
export const noticeAdmins = async (db: Db, username: string, attempts: number, ip: string) => {
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
    await db.insert(mailOutbox).values({
      clientId: admin.clientId,
      to: admin.email,
      subject: `Failed logins for ${user.username}`,
      body: `Hello,\n\n${attempts} logins in a row failed for the account ${user.username} (last from ${ip}). Each further attempt now waits longer. If this was not them, someone may be guessing the password.\n`,
      meta: { kind: "login-throttled", ...detail },
    })
  }
}
