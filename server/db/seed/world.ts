/** The demo world on a new database: a super admin, two tenants with users, and realistic activity. */
import { sql } from "drizzle-orm"
import type { Database } from "../db"
import { seedTenants } from "./tenants"
import { seedCallRecords } from "./calls"
import { seedActivity } from "./activity"
import { seedWorkspace } from "./workspace"
import { seedModules } from "./modules"

/** Seeds only when the database has no tenant yet; returns whether it did. */
export const seedIfEmpty = async (database: Database): Promise<boolean> => {
  const rows = await database.db.execute(sql`select count(*)::int as n from clients`)
  const n = Number((rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n ?? 0)
  if (n > 0) return false
  const result = await database.transaction((tx) => seedTenants(tx))
  await database.transaction((tx) => seedActivity(tx, result))
  await database.transaction((tx) => seedWorkspace(tx, result))
  await database.transaction((tx) => seedModules(tx, result))
  const u = result.userIds
  await seedCallRecords(database, {
    clientId: result.tenantOne,
    count: 400,
    agentIds: [u.agent1, u.admin],
    days: 10,
    seed: 11,
  })
  await seedCallRecords(database, { clientId: result.tenantTwo, count: 60, agentIds: [u.admin2], days: 10, seed: 22 })
  return true
}
