/**
 * The Users group: list, create, update (full, partial, own), delete, attributes, call permission, client meta;
 * and the auth group's legacy register call (auth.authRegister), which creates a user the same way.
 */
import { and, count, eq, ilike, or, type SQL } from "drizzle-orm"
import { handle } from "../../core/registry"
import { users } from "../../db/schema/identity"
import { clients } from "../../db/schema/tenants"
import { hashPassword, verifyPassword } from "../../auth/password"
import { tenantOf, userOf, type Ctx } from "../../http/context"
import { conflict, forbidden, idOf, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { likeOf } from "../../db/rows"
import { checkLimit } from "../account-limits"
import { checkRole, createUser, tenantUser, usersWithRoles } from "./user-rows"
import { confirmOwnEmailChange, endUserSessions, wrongCurrentPassword } from "../session"
import { accessChanged } from "./access-live"
import { withOwnCapsSql } from "../chat"
import { serveWaitingLater } from "../routing"
import type { RoleCapacity } from "../../../src/contract/schemas/access"
import { refuseOwnMoveLockout } from "./own-access"

interface Patch {
  email?: string
  display_name?: string
  role_id?: number | null
  status?: string
  phone?: string | null
  photo_url?: string
  password?: string
  capacity?: RoleCapacity
}

const applyPatch = async (ctx: Ctx, id: number, patch: Patch) => {
  const target = await tenantUser(ctx, id)
  if (patch.role_id !== undefined) {
    await checkRole(ctx.db, target.clientId, patch.role_id)
    await refuseOwnMoveLockout(ctx, id, patch.role_id)
  }
  if (patch.status === "disabled" && id === ctx.principal.userId) throw conflict("You cannot disable yourself", "status")
  // Allowing a stopped user back in makes one more active agent: the same limit as creating one.
  if (patch.status === "active" && target.status !== "active") await checkLimit(ctx.db, target.clientId, "agents")
  const [row] = await ctx.db
    .update(users)
    .set({
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.display_name !== undefined ? { displayName: patch.display_name } : {}),
      ...(patch.role_id !== undefined ? { roleId: patch.role_id } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
      ...(patch.photo_url !== undefined ? { photoUrl: patch.photo_url } : {}),
      ...(patch.password !== undefined ? { passwordHash: await hashPassword(patch.password) } : {}),
      ...(patch.capacity !== undefined ? { attributes: withOwnCapsSql(patch.capacity) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning()
  if (patch.role_id !== undefined && patch.role_id !== target.roleId) accessChanged(ctx, [id])
  // A raised cap (or another role's) frees places: the waiting conversations get another go at once.
  if (patch.capacity !== undefined || (patch.role_id !== undefined && patch.role_id !== target.roleId))
    await serveWaitingLater.ask(ctx.db, target.clientId)
  if (patch.status === "disabled") await endUserSessions(ctx, id, "disabled")
  else if (patch.password !== undefined)
    await endUserSessions(ctx, id, "password", id === ctx.principal.userId ? ctx.principal.loginId : null)
  return { data: { user: (await usersWithRoles(ctx.db, [row]))[0] } }
}

const attributesOf = (row: typeof users.$inferSelect) => ({
  data: { settings: row.settings, shortcuts: row.shortcuts, attributes: row.attributes },
})

export const handlers = [
  handle("users", "fetchListUsers", async (ctx, input) => {
    const { page, limit, offset } = pageOf(input)
    const where: SQL[] = [eq(users.clientId, tenantOf(ctx))]
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      where.push(or(ilike(users.username, like), ilike(users.displayName, like), ilike(users.email, like))!)
    }
    if (input.role_id !== undefined) where.push(eq(users.roleId, input.role_id))
    if (input.status !== undefined) where.push(eq(users.status, input.status))
    const rows = await ctx.db
      .select()
      .from(users)
      .where(and(...where))
      .orderBy(users.id)
      .limit(limit)
      .offset(offset)
    const [{ total }] = await ctx.db
      .select({ total: count() })
      .from(users)
      .where(and(...where))
    return { data: { items: await usersWithRoles(ctx.db, rows), totalItems: total, page, limit } }
  }),
  handle("users", "usersCreate", async (ctx, input) => ({ data: { user: await createUser(ctx, input, true) } })),
  handle("users", "usersCreateOwnUser", async (ctx, input) => ({
    data: { user: await createUser(ctx, input, false) },
  })),
  /** The auth group's legacy register call: a user in the caller's own tenant, as usersCreateOwnUser. */
  handle("auth", "authRegister", async (ctx, input) => ({ data: { user: await createUser(ctx, input, false) } })),
  handle("users", "usersUpdateById", (ctx, input) => applyPatch(ctx, idOf(input.id, "User"), input)),
  handle("users", "usersUpdatePartialById", (ctx, input) => applyPatch(ctx, idOf(input.id, "User"), input)),

  handle("users", "usersUpdateOwnById", async (ctx, input) => {
    const { userId } = userOf(ctx)
    if (idOf(input.id, "User") !== userId) throw forbidden("You can only edit your own profile here")
    if (input.password !== undefined) {
      const me = await tenantUser(ctx, userId)
      if (!input.current_password || !(await verifyPassword(input.current_password, me.passwordHash))) throw wrongCurrentPassword()
    }
    await confirmOwnEmailChange(ctx, userId, input.email, input.current_password)
    const { id: _id, current_password: _current, ...patch } = input
    return applyPatch(ctx, userId, patch)
  }),

  handle("users", "usersDeleteById", async (ctx, input) => {
    const id = idOf(input.id, "User")
    await tenantUser(ctx, id)
    if (id === ctx.principal.userId) throw conflict("You cannot delete yourself")
    await ctx.db.delete(users).where(eq(users.id, id))
    return { data: { id, deleted: true } }
  }),

  handle("users", "usersCallPermissionUpdate", async (ctx, input) => {
    const target = await tenantUser(ctx, input.user_id)
    const [row] = await ctx.db
      .update(users)
      .set({ callPermission: input.enabled, updatedAt: new Date() })
      .where(eq(users.id, input.user_id))
      .returning()
    if (target.callPermission !== input.enabled) accessChanged(ctx, [row.id])
    return { data: { user: (await usersWithRoles(ctx.db, [row]))[0] } }
  }),

  handle("users", "userAttribute", async (ctx) => attributesOf(await tenantUser(ctx, userOf(ctx).userId))),

  handle("users", "usersByIdAttributes", async (ctx, input) => {
    const id = idOf(input.id, "User")
    await tenantUser(ctx, id)
    const [row] = await ctx.db
      .update(users)
      .set({ attributes: input.attributes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
    return attributesOf(row)
  }),

  handle("users", "clientMeta", async (ctx) => {
    const [client] = await ctx.db
      .select()
      .from(clients)
      .where(eq(clients.id, tenantOf(ctx)))
    if (!client) throw notFound("Client")
    return {
      data: {
        client: {
          id: client.id,
          name: client.name,
          email: client.email,
          phone: client.phone,
          products: client.products,
          meta: client.meta,
        },
      },
    }
  }),
]
