/** Login, token login, logout: sessions with login_id, where a newer login replaces the older one. */
import { randomUUID } from "node:crypto"
import { and, eq, isNull, ne } from "drizzle-orm"
import type { Db } from "../../db/db"
import { accessTokens, users, loginSessions, roles } from "../../db/schema/identity"
import { clients } from "../../db/schema/tenants"
import { signJwt, nowSeconds } from "../../auth/jwt"
import { signClientToken } from "../../auth/client-token"
import { verifyPassword, DUMMY_HASH } from "../../auth/password"
import { guardLoginIp } from "../../auth/ip-rules"
import { grantsOf, aclMaps } from "../../auth/acl"
import type { Ctx } from "../../http/context"
import { unauthorized } from "../../http/errors"
import type { LoginResponse, SessionUser } from "../../../src/contract/schemas/auth"

type UserRow = typeof users.$inferSelect

export const sessionUserOf = async (db: Db, user: UserRow): Promise<SessionUser> => {
  const [role] = user.roleId === null ? [] : await db.select({ name: roles.name }).from(roles).where(eq(roles.id, user.roleId))
  return {
    role: user.superAdmin ? ["superadmin"] : [role?.name ?? "user"],
    data: {
      displayName: user.displayName,
      photoURL: user.photoUrl,
      email: user.email,
      settings: user.settings,
      shortcuts: user.shortcuts,
    },
    from: "database",
  }
}

/** Starts a session for a verified user: ends the user's other sessions as "replaced", signs both tokens. */
export const startSession = async (ctx: Ctx, user: UserRow): Promise<LoginResponse> => {
  const { db, services } = ctx
  if (!user.superAdmin) await guardLoginIp(services.database.db, db, user.clientId, ctx.ip)
  const loginId = randomUUID()
  const replaced = await db
    .update(loginSessions)
    .set({ endedAt: new Date(), endReason: "replaced" })
    .where(and(eq(loginSessions.userId, user.id), isNull(loginSessions.endedAt)))
    .returning({ id: loginSessions.id })
  for (const session of replaced) services.realtime?.endLogin(session.id)
  await db.insert(loginSessions).values({
    id: loginId,
    userId: user.id,
    clientId: user.clientId,
    ip: ctx.ip,
    userAgent: ctx.userAgent.slice(0, 500),
  })
  const iat = nowSeconds()
  const exp = iat + services.config.tokenTtlSeconds
  const secret = services.config.jwtSecret
  const grants = await grantsOf(db, user)
  return {
    user_token: signJwt({ typ: "user", sub: user.id, cid: user.clientId, lid: loginId, iat, exp }, secret),
    // Bound to this session and as short-lived as the user token (auth/client-token.ts).
    client_token: signClientToken({ userId: user.id, clientId: user.clientId, loginId, iat, exp }, secret),
    ...aclMaps(grants, { dev: services.config.dev }),
    user_data: { id: user.id, client_id: user.clientId },
    user: await sessionUserOf(db, user),
    login_id: loginId,
    online: user.online,
  }
}

const BAD_LOGIN = () => unauthorized("BAD_CREDENTIALS", "Wrong username or password")

/** Checks a username and password; every failure is the same 401 (no user enumeration). */
export const verifyLogin = async (db: Db, username: string, password: string): Promise<UserRow> => {
  const [row] = await db
    .select({ user: users, clientStatus: clients.status })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.username, username))
    .limit(1)
  const ok = await verifyPassword(password, row?.user.passwordHash ?? DUMMY_HASH)
  if (!row || !ok || row.user.status !== "active" || (row.clientStatus !== "active" && !row.user.superAdmin)) throw BAD_LOGIN()
  return row.user
}

export const endSession = async (db: Db, loginId: string, reason: "logout" | "password") =>
  db
    .update(loginSessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(loginSessions.id, loginId), isNull(loginSessions.endedAt)))

/**
 * Ends every open session of a user but `keep` (the caller's own, when people change their own password), voids their
 * unused access tokens (token-login.ts) and drops their sockets once the write committed: a new password or a disabled
 * account leaves no way in (ASVS 3.3.3).
 */
export const endUserSessions = async (ctx: Ctx, userId: number, reason: "password" | "disabled", keep: string | null = null) => {
  await ctx.db
    .update(accessTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.usedAt)))
  const ended = await ctx.db
    .update(loginSessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(loginSessions.userId, userId), isNull(loginSessions.endedAt), keep === null ? undefined : ne(loginSessions.id, keep)))
    .returning({ id: loginSessions.id })
  const drop = () => {
    for (const session of ended) ctx.services.realtime?.endLogin(session.id)
  }
  if (ctx.afterCommit) ctx.afterCommit(drop)
  else drop()
}
