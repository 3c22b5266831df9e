/** The two demo tenants, the platform, their roles and people: what the rest of the seed hangs on. */
import { apiKeyColumns, newApiKey } from "../../auth/api-keys"
import type { Db } from "../db"
import { clients, accountLimits, ipWhitelist } from "../schema/tenants"
import { users } from "../schema/identity"
import { hashPassword } from "../../auth/password"
import { credit } from "../../features/billing"
import { seedCatalogue, seedRoles } from "./access"

export const DEMO_PASSWORD = "demo1234"
/** What the demo seed tops tenant one up with (USD), through the billing ledger. */
export const DEMO_TOP_UP = 500
/** Tenant two's smaller top-up: its welcome templates were paid from it. */
const DEMO_TOP_UP_TWO = 100
export const DEMO_LOGINS = [
  { username: "superadmin", tenant: "platform", note: "super admin (businesses, /admin calls)" },
  { username: "admin", tenant: "tenant one", note: "tenant admin" },
  { username: "agent1", tenant: "tenant one", note: "agent with voice calls and call history" },
  { username: "agent2", tenant: "tenant one", note: "limited agent: no call history, no settings" },
  { username: "admin2", tenant: "tenant two", note: "tenant admin of the second business" },
] as const

/** Each tenant starts with a key nobody was shown (only its hash is kept): the custom_api page makes a usable one. */
const apiKey = () => apiKeyColumns(newApiKey())

export interface SeedResult {
  readonly tenantOne: number
  readonly tenantTwo: number
  readonly platform: number
  readonly userIds: Record<string, number>
}

export const seedTenants = async (db: Db): Promise<SeedResult> => {
  const [one, two, platform] = await db
    .insert(clients)
    .values([
      {
        name: "Acme Retail",
        email: "ops@acme.example",
        phone: "+905320000001",
        ...apiKey(),
        products: ["chat", "tickets", "voice", "otp", "sms", "templates"],
      },
      {
        name: "Globex Foods",
        email: "hello@globex.example",
        phone: "+971500000002",
        ...apiKey(),
        products: ["chat", "tickets", "templates"],
      },
      { name: "Platform", email: "root@platform.example", ...apiKey(), platform: true, products: [] },
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
    { clientId: one.id, kind: "agents", limitValue: 25 },
    { clientId: one.id, kind: "monthly_messages", limitValue: 100000 },
    { clientId: two.id, kind: "agents", limitValue: 5 },
  ])
  await db.insert(ipWhitelist).values({ clientId: two.id, ip: "127.0.0.1", label: "Office" })
  // The demo tenant starts with credit to send SMS and templates: a ledger entry, marked as the seed's, not a bare figure.
  await credit(db, one.id, DEMO_TOP_UP, { kind: "topUp", note: null }, "seed")
  await credit(db, two.id, DEMO_TOP_UP_TWO, { kind: "topUp", note: null }, "seed")
  return {
    tenantOne: one.id,
    tenantTwo: two.id,
    platform: platform.id,
    userIds: Object.fromEntries(inserted.map((u) => [u.username, u.id])),
  }
}
