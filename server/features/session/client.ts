/**
 * The tenant's settings, activity log and the caller's own profile (the balance is billing's: server/features/billing;
 * the legacy register call creates a user like the Users group does: server/features/admin/users.ts).
 */
import { count, desc, eq } from "drizzle-orm"
import { handle } from "../../core/registry"
import { clients, clientSettings, activityLogs } from "../../db/schema/tenants"
import { users } from "../../db/schema/identity"
import { autoreplies } from "../../db/schema/conversations"
import { tenantOf, userOf } from "../../http/context"
import { notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { sessionUserOf } from "./login"
import { confirmOwnEmailChange } from "./own-email"

export const handlers = [
  handle("auth", "clientSettings", async (ctx) => {
    const clientId = tenantOf(ctx)
    const [client] = await ctx.db.select().from(clients).where(eq(clients.id, clientId))
    if (!client) throw notFound("Client")
    const rows = await ctx.db.select().from(clientSettings).where(eq(clientSettings.clientId, clientId))
    return {
      data: {
        client: { id: client.id, name: client.name, status: client.status, products: client.products },
        settings: Object.fromEntries(rows.map((r) => [r.key, r.value])),
      },
    }
  }),

  handle("auth", "activityLogs", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input)
    const rows = await ctx.db
      .select({ log: activityLogs, username: users.username })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(eq(activityLogs.clientId, clientId))
      .orderBy(desc(activityLogs.dt), desc(activityLogs.id))
      .limit(limit)
      .offset(offset)
    const [{ total }] = await ctx.db.select({ total: count() }).from(activityLogs).where(eq(activityLogs.clientId, clientId))
    const items = rows.map(({ log, username }) => ({
      id: log.id,
      user_id: log.userId,
      username,
      action: log.action,
      detail: log.detail,
      dt: log.dt.toISOString(),
    }))
    return { data: { items, totalItems: total, page, limit } }
  }),

  handle("auth", "listAutoreplyHandles", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input)
    const rows = await ctx.db
      .select()
      .from(autoreplies)
      .where(eq(autoreplies.clientId, clientId))
      .orderBy(autoreplies.id)
      .limit(limit)
      .offset(offset)
    const [{ total }] = await ctx.db.select({ total: count() }).from(autoreplies).where(eq(autoreplies.clientId, clientId))
    return {
      data: {
        items: rows.map((r) => ({ id: r.id, name: r.name, trigger: r.trigger, active: r.active })),
        totalItems: total,
        page,
        limit,
      },
    }
  }),

  handle("auth", "authUserUpdate", async (ctx, input) => {
    const { userId } = userOf(ctx)
    await confirmOwnEmailChange(ctx, userId, input.email, input.current_password)
    const patch = {
      ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
      ...(input.photoURL !== undefined ? { photoUrl: input.photoURL } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.settings !== undefined ? { settings: input.settings } : {}),
      ...(input.shortcuts !== undefined ? { shortcuts: [...input.shortcuts] } : {}),
    }
    const [user] = await ctx.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning()
    return { data: { user: await sessionUserOf(ctx.db, user) } }
  }),
]
