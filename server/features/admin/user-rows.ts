/** Users as the contract shows them, and the one place users are created (so every path checks the same rules). */
import { and, eq, inArray } from "drizzle-orm"
import { checkLimit } from "../account-limits"
import { ownCapsOf } from "../chat"
import type { Db } from "../../db/db"
import { users, roles } from "../../db/schema/identity"
import { hashPassword } from "../../auth/password"
import { businessOf, tenantOf, type Ctx } from "../../http/context"
import { badRequest, conflict, notFound } from "../../http/errors"
import type { User } from "../../../src/contract/schemas/access"

type Row = typeof users.$inferSelect

export const toUser = (row: Row, roleName: string | null): User => ({
  id: row.id,
  client_id: row.clientId,
  username: row.username,
  email: row.email,
  display_name: row.displayName,
  photo_url: row.photoUrl,
  phone: row.phone,
  status: row.status,
  role_id: row.roleId,
  role_name: roleName,
  online: row.online,
  call_permission: row.callPermission,
  created_at: row.createdAt.toISOString(),
  capacity: ownCapsOf(row.attributes),
})

export const usersWithRoles = async (db: Db, rows: Row[]): Promise<User[]> => {
  const roleIds = [...new Set(rows.map((r) => r.roleId).filter((id): id is number => id !== null))]
  const names = roleIds.length ? await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds)) : []
  const byId = new Map(names.map((r) => [r.id, r.name]))
  return rows.map((row) => toUser(row, row.roleId === null ? null : (byId.get(row.roleId) ?? null)))
}

/** A user of the caller's tenant, or 404 (another tenant's id is simply not found). */
export const tenantUser = async (ctx: Ctx, id: number): Promise<Row> => {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.clientId, tenantOf(ctx))))
    .limit(1)
  if (!row) throw notFound("User")
  return row
}

/** A role id must name a role of the same tenant. */
export const checkRole = async (db: Db, clientId: number, roleId: number | null | undefined) => {
  if (roleId === null || roleId === undefined) return
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.clientId, clientId)))
    .limit(1)
  if (!role) throw badRequest("Unknown role", "role_id")
}

export interface NewUser {
  readonly username: string
  readonly email: string
  readonly password: string
  readonly display_name: string
  readonly role_id?: number | null
  readonly phone?: string | null
  readonly client_id?: number
}

export const createUser = async (ctx: Ctx, input: NewUser, allowOtherTenant: boolean): Promise<User> => {
  // Only a super admin may place a user in another business; everyone else creates in their own tenant.
  const clientId = allowOtherTenant ? await businessOf(ctx, input.client_id) : tenantOf(ctx)
  await checkRole(ctx.db, clientId, input.role_id)
  await checkLimit(ctx.db, clientId, "agents")
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1)
  if (taken) throw conflict("This username is taken", "username")
  const [row] = await ctx.db
    .insert(users)
    .values({
      clientId,
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      displayName: input.display_name,
      roleId: input.role_id ?? null,
      phone: input.phone ?? null,
    })
    .returning()
  return (await usersWithRoles(ctx.db, [row]))[0]
}
