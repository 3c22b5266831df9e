/** Authentication and session calls: login, API-key check, logout, online flag (the legacy token login: token-login.ts). */
import { and, eq } from "drizzle-orm"
import { handle } from "../../core/registry"
import { users, loginSessions } from "../../db/schema/identity"
import { clients } from "../../db/schema/tenants"
import { tenantOf, userOf, type Ctx } from "../../http/context"
import { notFound } from "../../http/errors"
import { endSession, startSession, verifyLogin } from "./login"
import { forgetAttempts } from "../../auth/login-throttle"
import { agentOnline, presenceChanged } from "./hooks"

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
    await forgetAttempts(ctx.db, input.username, ctx.ip)
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
]
