/** Authentication and session calls: login, API-key check, logout, online flag, legacy token login. */
import { and, eq, gt, isNull } from "drizzle-orm"
import { handle } from "../../core/registry"
import { users, loginSessions, accessTokens } from "../../db/schema/identity"
import { clients } from "../../db/schema/tenants"
import { randomToken, sha256 } from "../../auth/password"
import { tenantOf, userOf, type Ctx } from "../../http/context"
import { notFound, unauthorized } from "../../http/errors"
import { endSession, sessionUserOf, startSession, verifyLogin } from "./login"
import { forgetAttempts } from "../../auth/login-throttle"
import { agentOnline, presenceChanged } from "./hooks"

const ACCESS_TOKEN_TTL_MS = 5 * 60_000

const setOnline = async (ctx: Ctx, online: boolean) => {
  const { userId, clientId } = userOf(ctx)
  await ctx.db.update(users).set({ online, updatedAt: new Date() }).where(eq(users.id, userId))
  if (online) await agentOnline.run({ db: ctx.db, clientId, userId })
  ctx.services.realtime?.toClient(clientId, "agent-status", { userId, online })
  ctx.afterCommit?.(() => presenceChanged.run({ services: ctx.services, clientId }))
  return { data: { online } }
}

export const handlers = [
  handle("auth", "authUser", async (ctx, input) => {
    const user = await verifyLogin(ctx.db, input.username, input.password)
    await forgetAttempts(ctx.db, input.username)
    return startSession(ctx, user)
  }),

  handle("auth", "authenticate", async (ctx) => {
    const [client] = await ctx.db
      .select()
      .from(clients)
      .where(eq(clients.id, tenantOf(ctx)))
    if (!client) throw notFound("Client")
    return {
      data: {
        authenticated: true,
        client: { id: client.id, name: client.name, status: client.status, products: client.products },
      },
    }
  }),

  // A GET that writes two rows: its own transaction.
  handle("auth", "logoutByLoginId", async (ctx, input) => {
    const { userId } = userOf(ctx)
    const result = await ctx.services.database.transaction(async (db) => {
      const [session] = await db
        .select({ id: loginSessions.id })
        .from(loginSessions)
        .where(and(eq(loginSessions.id, input.login_id), eq(loginSessions.userId, userId)))
        .limit(1)
      if (!session) throw notFound("Login session")
      await endSession(db, session.id, "logout")
      ctx.services.realtime?.endLogin(session.id)
      await db.update(users).set({ online: false }).where(eq(users.id, userId))
      return { data: { ok: true } }
    })
    await presenceChanged.run({ services: ctx.services, clientId: tenantOf(ctx) })
    return result
  }),

  handle("auth", "agentOnline", (ctx) => setOnline(ctx, true)),
  handle("auth", "agentOffline", (ctx) => setOnline(ctx, false)),

  handle("auth", "auth", async (ctx) => {
    const { userId, clientId } = userOf(ctx)
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId))
    const token = randomToken()
    await ctx.db.insert(accessTokens).values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_MS) })
    return {
      data: {
        user: await sessionUserOf(ctx.db, user),
        user_data: { id: userId, client_id: clientId },
        access_token: token,
        expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      },
    }
  }),

  // A GET that writes (it consumes the single-use token and starts a session), so it takes its own transaction.
  handle("auth", "authAccessToken", async (ctx, input) =>
    ctx.services.database.transaction(async (db) => {
      const tx = { ...ctx, db }
      const [row] = await db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, sha256(input.access_token)))
        .limit(1)
      if (!row || row.usedAt) throw unauthorized("TOKEN_INVALID", "Invalid access_token")
      if (row.expiresAt.getTime() <= Date.now()) throw unauthorized("TOKEN_EXPIRED", "access_token expired")
      const used = await db
        .update(accessTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(accessTokens.id, row.id), isNull(accessTokens.usedAt), gt(accessTokens.expiresAt, new Date())))
        .returning({ id: accessTokens.id })
      if (used.length === 0) throw unauthorized("TOKEN_INVALID", "Invalid access_token")
      const [user] = await db.select().from(users).where(eq(users.id, row.userId))
      if (user?.status !== "active") throw unauthorized("TOKEN_INVALID", "Invalid access_token")
      return startSession(tx, user)
    }),
  ),
]
