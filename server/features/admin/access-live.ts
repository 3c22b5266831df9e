/**
 * Access changes reach open consoles (src/contract/acl-events.ts): after a write that changes what users may open
 * commits, each affected user's sockets get `acl:changed` with the lists a login would return now, and move to the
 * rooms their new grants allow (Realtime.regrant). HTTP calls need nothing: every call reads the grants afresh.
 */
import { eq, inArray } from "drizzle-orm"
import type { AclToBrowser } from "../../../src/contract/acl-events"
import { aclMaps, grantsOf } from "../../auth/acl"
import type { Db } from "../../db/db"
import { rolePermissions, users } from "../../db/schema/identity"
import type { Ctx, Services } from "../../http/context"

let lastSeq = 0
const nextSeq = () => {
  lastSeq = Math.max(lastSeq + 1, Date.now() * 1000)
  return lastSeq
}

/** The ids of the users holding one of `roleIds` (a role belongs to one tenant). */
export const usersInRoles = async (db: Db, roleIds: readonly number[]): Promise<number[]> => {
  if (roleIds.length === 0) return []
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.roleId, [...roleIds]))
  return rows.map((row) => row.id)
}

/** The roles holding a permission (before it is deleted, to know whose access it takes away). */
export const rolesHolding = async (db: Db, permissionId: number): Promise<number[]> =>
  (await db.select({ id: rolePermissions.roleId }).from(rolePermissions).where(eq(rolePermissions.permissionId, permissionId))).map(
    (row) => row.id,
  )

/** Tells each user's open consoles their new access, once now (after the commit) it is what the database says. */
export const announceAccess = async (services: Services, userIds: readonly number[]) => {
  const realtime = services.realtime
  if (!realtime || userIds.length === 0) return
  const db = services.database.db
  const rows = await db
    .select({ id: users.id, roleId: users.roleId, superAdmin: users.superAdmin, callPermission: users.callPermission })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
  for (const user of rows) {
    const grants = await grantsOf(db, user)
    const payload: AclToBrowser["acl:changed"] = { seq: nextSeq(), ...aclMaps(grants, { dev: services.config.dev }) }
    realtime.regrant(user.id, grants)
    realtime.toUser(user.id, "acl:changed", payload)
  }
}

/** Queues the announcement for after the call's commit (a rolled-back change is never announced). */
export const accessChanged = (ctx: Ctx, userIds: readonly number[]) => {
  if (userIds.length === 0) return
  const run = () => {
    announceAccess(ctx.services, userIds).catch((error: unknown) => console.error("[admin] access announcement failed", error))
  }
  if (ctx.afterCommit) ctx.afterCommit(run)
  else queueMicrotask(run)
}
