/** The Permissions group: the platform keys (read-only for tenants), a tenant's own keys, rule sets. */
import { and, count, eq, ilike, isNull, or, type SQL } from "drizzle-orm"
import { handle } from "../../core/registry"
import { permissions, rolePermissions, roles, ruleSets } from "../../db/schema/identity"
import { roleKeys } from "../../auth/role-keys"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, conflict, forbidden, idOf, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { likeOf } from "../../db/rows"
import { accessChanged, rolesHolding as roleIdsHolding, usersInRoles } from "./access-live"

type Row = typeof permissions.$inferSelect

const toPermission = (row: Row) => ({
  id: row.id,
  key: row.key,
  kind: row.kind as "front" | "back",
  name: row.name,
  description: row.description,
  rule_set_id: row.ruleSetId,
  system: row.clientId === null,
})

/** Visible to a tenant: platform keys and its own. */
const visible = (ctx: Ctx) => or(isNull(permissions.clientId), eq(permissions.clientId, tenantOf(ctx)))!

const visiblePermission = async (ctx: Ctx, id: number) => {
  const [row] = await ctx.db
    .select()
    .from(permissions)
    .where(and(eq(permissions.id, id), visible(ctx)))
    .limit(1)
  if (!row) throw notFound("Permission")
  return row
}

/** Platform keys are changed only by super admins; a tenant changes only its own. */
const editable = async (ctx: Ctx, id: number) => {
  const row = await visiblePermission(ctx, id)
  if (row.clientId === null && !ctx.principal.superAdmin) throw forbidden("Platform permissions cannot be changed")
  return row
}

const checkRuleSet = async (ctx: Ctx, id: number | null | undefined) => {
  if (id === null || id === undefined) return
  const [set] = await ctx.db.select({ id: ruleSets.id }).from(ruleSets).where(eq(ruleSets.id, id)).limit(1)
  if (!set) throw badRequest("Unknown rule set", "rule_set_id")
}

const rolesHolding = (ctx: Ctx, permissionId: number) =>
  ctx.db
    .select({ id: roles.id, name: roles.name })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(rolePermissions.permissionId, permissionId), eq(roles.clientId, tenantOf(ctx))))
    .orderBy(roles.id)

export const handlers = [
  handle("permissions", "fetchListPermissions", async (ctx, input) => {
    const { page, limit, offset } = pageOf(input, 50)
    const where: SQL[] = [visible(ctx)]
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      where.push(or(ilike(permissions.key, like), ilike(permissions.name, like))!)
    }
    if (input.kind) where.push(eq(permissions.kind, input.kind))
    if (input.rule_set_id !== undefined) where.push(eq(permissions.ruleSetId, input.rule_set_id))
    const rows = await ctx.db
      .select()
      .from(permissions)
      .where(and(...where))
      .orderBy(permissions.id)
      .limit(limit)
      .offset(offset)
    const [{ total }] = await ctx.db
      .select({ total: count() })
      .from(permissions)
      .where(and(...where))
    return { data: { items: rows.map(toPermission), totalItems: total, page, limit } }
  }),

  handle("permissions", "fetchDetailPermissionsById", async (ctx, input) => {
    const row = await visiblePermission(ctx, idOf(input.id, "Permission"))
    return { data: { permission: toPermission(row), roles: await rolesHolding(ctx, row.id) } }
  }),

  handle("permissions", "permissionRolesByPermissionId", async (ctx, input) => {
    const row = await visiblePermission(ctx, idOf(input.permission_id, "Permission"))
    return { data: { items: await rolesHolding(ctx, row.id) } }
  }),

  handle("permissions", "permissionsCreate", async (ctx, input) => {
    await checkRuleSet(ctx, input.rule_set_id)
    const [clash] = await ctx.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.key, input.key), visible(ctx)))
      .limit(1)
    if (clash) throw conflict("This permission key exists", "key")
    const [row] = await ctx.db
      .insert(permissions)
      .values({
        clientId: tenantOf(ctx),
        key: input.key,
        kind: input.key.startsWith("FRONT:") ? "front" : "back",
        name: input.name,
        description: input.description ?? "",
        ruleSetId: input.rule_set_id ?? null,
      })
      .returning()
    return { data: { permission: toPermission(row) } }
  }),

  handle("permissions", "permissionsUpdateById", async (ctx, input) => {
    const current = await editable(ctx, idOf(input.id, "Permission"))
    await checkRuleSet(ctx, input.rule_set_id)
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.rule_set_id !== undefined ? { ruleSetId: input.rule_set_id } : {}),
    }
    const row = Object.keys(patch).length
      ? (await ctx.db.update(permissions).set(patch).where(eq(permissions.id, current.id)).returning())[0]
      : current
    return { data: { permission: toPermission(row) } }
  }),

  handle("permissions", "permissionsDeleteById", async (ctx, input) => {
    const current = await editable(ctx, idOf(input.id, "Permission"))
    const affected = await usersInRoles(ctx.db, await roleIdsHolding(ctx.db, current.id))
    // A platform permission was every tenant's to grant.
    if (current.clientId === null) roleKeys.forgetEvery(ctx.db)
    else roleKeys.forget(ctx.db, current.clientId)
    await ctx.db.delete(permissions).where(eq(permissions.id, current.id))
    accessChanged(ctx, affected)
    return { data: { id: current.id, deleted: true } }
  }),

  handle("permissions", "fetchListRuleSets", async (ctx) => {
    const sets = await ctx.db.select().from(ruleSets).orderBy(ruleSets.id)
    const counts = await ctx.db
      .select({ ruleSetId: permissions.ruleSetId, n: count() })
      .from(permissions)
      .where(visible(ctx))
      .groupBy(permissions.ruleSetId)
    const items = sets.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      description: s.description,
      permissions_count: Number(counts.find((c) => c.ruleSetId === s.id)?.n ?? 0),
    }))
    return { data: { items } }
  }),
]
