/**
 * Each role's permission keys, per tenant, kept by the tenant cache: every signed-in call needs its caller's role keys,
 * and roles change rarely. The role and permission screens forget the tenant's entry when they change a grant (a
 * platform permission's removal forgets every tenant's); another server process sees the change within the cache's
 * TTL. Logins and the live access push (grantsOf) read the rows themselves.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../db/db"
import { rowsOf } from "../db/rows"
import { tenantCache } from "../core/tenant-cache"

export const roleKeys = tenantCache(
  async (db: Db, clientId: number): Promise<ReadonlyMap<number, readonly string[]>> =>
    new Map(
      rowsOf(
        await db.execute(sql`SELECT rp.role_id, array_agg(p.key) AS keys
          FROM roles r JOIN role_permissions rp ON rp.role_id = r.id JOIN permissions p ON p.id = rp.permission_id
          WHERE r.client_id = ${clientId} GROUP BY rp.role_id`),
      ).map((row) => [Number(row.role_id), row.keys as string[]]),
    ),
  { name: "roles" },
)

/** The keys the role `roleId` of the tenant `clientId` grants (none for a role of another tenant). */
export const keysOfRole = async (db: Db, clientId: number, roleId: number | null): Promise<readonly string[]> =>
  roleId === null ? [] : ((await roleKeys.get(db, clientId)).get(roleId) ?? [])
