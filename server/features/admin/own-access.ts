/**
 * A tenant admin cannot lock themselves out: their own role keeps the right to edit roles, and they cannot move
 * themselves to a role without it. Otherwise one save empties the tenant's only admin role and nobody of the tenant can
 * give the right back. A super admin works across tenants and is not held to it.
 */
import { and, eq, inArray } from "drizzle-orm"
import { catalogue } from "../../../src/contract/catalogue"
import { backKey } from "../../../src/contract/routes"
import type { Db } from "../../db/db"
import { permissions, rolePermissions, users } from "../../db/schema/identity"
import type { Ctx } from "../../http/context"
import { conflict } from "../../http/errors"

/** The grant the role editor's save needs. */
const ROLE_EDITING = backKey(catalogue.roles.calls.rolesUpdateById.permission ?? "roles")

const callerRole = async (ctx: Ctx): Promise<number | null> => {
  if (ctx.principal.superAdmin || ctx.principal.userId === null) return null
  const [me] = await ctx.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, ctx.principal.userId)).limit(1)
  return me?.roleId ?? null
}

const grantsRoleEditing = async (db: Db, permissionIds: readonly number[]) =>
  permissionIds.length > 0 &&
  (
    await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(inArray(permissions.id, [...permissionIds]), eq(permissions.key, ROLE_EDITING)))
  ).length > 0

/** Before a role's grants become `permissionIds`: refused when it is the caller's own role and loses role editing. */
export const refuseOwnRoleLockout = async (ctx: Ctx, roleId: number, permissionIds: readonly number[]) => {
  if ((await callerRole(ctx)) !== roleId || (await grantsRoleEditing(ctx.db, permissionIds))) return
  throw conflict("Your own role must keep the right to edit roles, or nobody could give it back", "permission_ids")
}

/** Before user `userId` moves to role `roleId`: refused when the caller, who may edit roles, moves themselves to a role that may not. */
export const refuseOwnMoveLockout = async (ctx: Ctx, userId: number, roleId: number | null) => {
  if (userId !== ctx.principal.userId || ctx.principal.superAdmin || !ctx.principal.grants.has(ROLE_EDITING)) return
  const grants =
    roleId === null
      ? []
      : (await ctx.db.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map(
          (r) => r.id,
        )
  if (await grantsRoleEditing(ctx.db, grants)) return
  throw conflict("You cannot move yourself to a role without the right to edit roles", "role_id")
}
