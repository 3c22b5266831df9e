/** The Roles group: a tenant's roles and the permission keys each grants. */
import { and, count, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm"
import { handle } from "../../core/registry"
import type { Db } from "../../db/db"
import { roles, rolePermissions, permissions, users } from "../../db/schema/identity"
import { roleKeys } from "../../auth/role-keys"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { likeOf, rowsOf } from "../../db/rows"
import type { Role, RoleCapacity } from "../../../src/contract/schemas/access"
import { accessChanged, usersInRoles } from "./access-live"
import { refuseOwnRoleLockout } from "./own-access"
import { serveWaitingLater } from "../routing"

type RoleRow = typeof roles.$inferSelect

const rolesWithGrants = async (db: Db, rows: RoleRow[]): Promise<Role[]> => {
  const ids = rows.map((r) => r.id)
  const grants = ids.length
    ? await db
        .select({ roleId: rolePermissions.roleId, id: permissions.id, key: permissions.key })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(inArray(rolePermissions.roleId, ids))
    : []
  const counts = ids.length
    ? await db.select({ roleId: users.roleId, n: count() }).from(users).where(inArray(users.roleId, ids)).groupBy(users.roleId)
    : []
  // roles.capacity (migration 0048): the capacity model's per-role caps, read by chat/capacity.ts.
  const capacities = ids.length
    ? rowsOf(await db.execute(sql`SELECT id, capacity FROM roles WHERE id = ANY(string_to_array(${ids.join(",")}, ',')::int[])`))
    : []
  return rows.map((row) => {
    const mine = grants.filter((g) => g.roleId === row.id)
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      system: row.system,
      permission_ids: mine.map((g) => g.id),
      permissions: mine.map((g) => g.key),
      users_count: Number(counts.find((c) => c.roleId === row.id)?.n ?? 0),
      created_at: row.createdAt.toISOString(),
      capacity: capacityOf(capacities.find((c) => Number(c.id) === row.id)?.capacity),
    }
  })
}

const capacityOf = (value: unknown): RoleCapacity => {
  const stored = (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>
  return Object.fromEntries(Object.entries(stored).filter(([k, v]) => ["chat", "sms", "voice"].includes(k) && typeof v === "number"))
}

const setCapacity = (db: Db, roleId: number, capacity: RoleCapacity) =>
  db.execute(sql`UPDATE roles SET capacity = ${JSON.stringify(capacity)}::jsonb WHERE id = ${roleId}`)

const tenantRole = async (ctx: Ctx, id: number) => {
  const [row] = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.clientId, tenantOf(ctx))))
    .limit(1)
  if (!row) throw notFound("Role")
  return row
}

/** Sets a role's permissions; every id must be a platform key or one of the tenant's own. */
const setGrants = async (ctx: Ctx, roleId: number, ids: readonly number[]) => {
  const unique = [...new Set(ids)]
  if (unique.length) {
    const found = await ctx.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(inArray(permissions.id, unique), or(isNull(permissions.clientId), eq(permissions.clientId, tenantOf(ctx)))))
    if (found.length !== unique.length) throw badRequest("Unknown permission id", "permission_ids")
  }
  roleKeys.forget(ctx.db, tenantOf(ctx))
  await ctx.db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
  if (unique.length) await ctx.db.insert(rolePermissions).values(unique.map((permissionId) => ({ roleId, permissionId })))
}

const nameFree = async (ctx: Ctx, name: string, except?: number) => {
  const [clash] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, tenantOf(ctx)), eq(roles.name, name)))
    .limit(1)
  if (clash && clash.id !== except) throw conflict("A role with this name exists", "name")
}

export const handlers = [
  handle("roles", "fetchListRoles", async (ctx, input) => {
    const { page, limit, offset } = pageOf(input)
    const where: SQL[] = [eq(roles.clientId, tenantOf(ctx))]
    if (input.search?.trim()) where.push(ilike(roles.name, likeOf(input.search)))
    const rows = await ctx.db
      .select()
      .from(roles)
      .where(and(...where))
      .orderBy(roles.id)
      .limit(limit)
      .offset(offset)
    const [{ total }] = await ctx.db
      .select({ total: count() })
      .from(roles)
      .where(and(...where))
    return { data: { items: await rolesWithGrants(ctx.db, rows), totalItems: total, page, limit } }
  }),

  handle("roles", "rolesCreate", async (ctx, input) => {
    await nameFree(ctx, input.name)
    const [row] = await ctx.db
      .insert(roles)
      .values({ clientId: tenantOf(ctx), name: input.name, description: input.description ?? "" })
      .returning()
    await setGrants(ctx, row.id, input.permission_ids ?? [])
    if (input.capacity !== undefined) await setCapacity(ctx.db, row.id, input.capacity)
    return { data: { role: (await rolesWithGrants(ctx.db, [row]))[0] } }
  }),

  handle("roles", "rolesUpdateById", async (ctx, input) => {
    const current = await tenantRole(ctx, idOf(input.id, "Role"))
    if (input.name !== undefined) await nameFree(ctx, input.name, current.id)
    if (input.permission_ids !== undefined) await refuseOwnRoleLockout(ctx, current.id, input.permission_ids)
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    }
    const row = Object.keys(patch).length ? (await ctx.db.update(roles).set(patch).where(eq(roles.id, current.id)).returning())[0] : current
    if (input.capacity !== undefined) {
      await setCapacity(ctx.db, row.id, input.capacity)
      // A raised capacity frees places: the waiting conversations get another go at once.
      await serveWaitingLater.ask(ctx.db, tenantOf(ctx))
    }
    if (input.permission_ids !== undefined) {
      await setGrants(ctx, row.id, input.permission_ids)
      accessChanged(ctx, await usersInRoles(ctx.db, [row.id]))
    }
    return { data: { role: (await rolesWithGrants(ctx.db, [row]))[0] } }
  }),

  handle("roles", "rolesDeleteById", async (ctx, input) => {
    const role = await tenantRole(ctx, idOf(input.id, "Role"))
    if (role.system) throw conflict("A built-in role cannot be deleted")
    const [inUse] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.roleId, role.id)).limit(1)
    if (inUse) throw conflict("The role is given to users; move them to another role first")
    roleKeys.forget(ctx.db, tenantOf(ctx))
    await ctx.db.delete(roles).where(eq(roles.id, role.id))
    return { data: { id: role.id, deleted: true } }
  }),
]
