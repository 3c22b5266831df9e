/** The demo world on a new database: a super admin, two tenants with users, and realistic activity. */
import { randomBytes } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Database, Db } from "../db"
import { clients, accountLimits, ipWhitelist } from "../schema/tenants"
import { users } from "../schema/identity"
import { hashPassword } from "../../auth/password"
import { seedCatalogue, seedRoles } from "./access"
import { seedCallRecords } from "./calls"
import { seedActivity } from "./activity"
import { seedWorkspace } from "./workspace"

export const DEMO_PASSWORD = "demo1234"
export const DEMO_LOGINS = [
  { username: "superadmin", tenant: "platform", note: "super admin (businesses, /admin calls)" },
  { username: "admin", tenant: "tenant one", note: "tenant admin" },
  { username: "agent1", tenant: "tenant one", note: "agent with voice calls and call history" },
  { username: "agent2", tenant: "tenant one", note: "limited agent: no call history, no settings" },
  { username: "admin2", tenant: "tenant two", note: "tenant admin of the second business" },
] as const

const apiKey = () => `ak_${randomBytes(18).toString("hex")}`

export interface SeedResult {
  readonly tenantOne: number
  readonly tenantTwo: number
  readonly platform: number
  readonly userIds: Record<string, number>
}

const seedTenants = async (db: Db): Promise<SeedResult> => {
  const [one, two, platform] = await db
    .insert(clients)
    .values([
      {
        name: "Acme Retail",
        email: "ops@acme.example",
        phone: "+905320000001",
        apiKey: apiKey(),
        products: ["chat", "tickets", "voice", "otp", "sms", "templates"],
        balance: "1250.00",
      },
      {
        name: "Globex Foods",
        email: "hello@globex.example",
        phone: "+971500000002",
        apiKey: apiKey(),
        products: ["chat", "tickets", "templates"],
        balance: "300.00",
      },
      { name: "Platform", email: "root@platform.example", apiKey: apiKey(), platform: true, products: [] },
    ])
    .returning()
  const catalogue = await seedCatalogue(db)
  const rolesOne = await seedRoles(db, one.id, catalogue)
  const rolesTwo = await seedRoles(db, two.id, catalogue)
  const hash = await hashPassword(DEMO_PASSWORD)
  const people = [
    { username: "superadmin", clientId: platform.id, roleId: null, superAdmin: true, displayName: "Super Admin" },
    { username: "admin", clientId: one.id, roleId: rolesOne.admin, superAdmin: false, displayName: "Aylin Admin" },
    { username: "agent1", clientId: one.id, roleId: rolesOne.agent, superAdmin: false, displayName: "Kerem Agent" },
    { username: "agent2", clientId: one.id, roleId: rolesOne.limited, superAdmin: false, displayName: "Leyla Limited" },
    { username: "admin2", clientId: two.id, roleId: rolesTwo.admin, superAdmin: false, displayName: "Omar Admin" },
  ]
  const inserted = await db
    .insert(users)
    .values(
      people.map((p) => ({
        ...p,
        email: `${p.username}@${p.clientId === two.id ? "globex" : "acme"}.example`,
        passwordHash: hash,
        photoUrl: "",
        settings: { language: "en" },
        shortcuts: ["/apps/chat", "/apps/inbox"],
      })),
    )
    .returning({ id: users.id, username: users.username })
  await db.insert(accountLimits).values([
    { clientId: one.id, kind: "agents", limitValue: 25, used: 2 },
    { clientId: one.id, kind: "messages", limitValue: 100000, used: 4210 },
    { clientId: two.id, kind: "agents", limitValue: 5, used: 0 },
  ])
  await db.insert(ipWhitelist).values({ clientId: two.id, ip: "127.0.0.1", label: "Office" })
  return {
    tenantOne: one.id,
    tenantTwo: two.id,
    platform: platform.id,
    userIds: Object.fromEntries(inserted.map((u) => [u.username, u.id])),
  }
}

/** Seeds only when the database has no tenant yet; returns whether it did. */
export const seedIfEmpty = async (database: Database): Promise<boolean> => {
  const rows = await database.db.execute(sql`select count(*)::int as n from clients`)
  const n = Number((rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n ?? 0)
  if (n > 0) return false
  const result = await database.transaction((tx) => seedTenants(tx))
  await database.transaction((tx) => seedActivity(tx, result))
  await database.transaction((tx) => seedWorkspace(tx, result))
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
