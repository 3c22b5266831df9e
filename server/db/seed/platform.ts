/**
 * A production server's first start: the platform, its permission catalogue and one super admin, and nothing else (no
 * demo tenant, no sample conversations: a business's console shows only what it puts there). The super admin is
 * ADMIN_USERNAME (`superadmin`) with ADMIN_EMAIL for password resets; its password is ADMIN_PASSWORD, or a random one
 * the start prints once.
 */
import { randomBytes } from "node:crypto"
import { sql } from "drizzle-orm"
import { hashPassword } from "../../auth/password"
import { apiKeyColumns, newApiKey } from "../../auth/api-keys"
import type { Database } from "../db"
import { rowsOf } from "../rows"
import { clients } from "../schema/tenants"
import { users } from "../schema/identity"
import { seedCatalogue } from "./access"

export interface FirstAdmin {
  readonly username: string
  readonly email: string
  /** Null when the operator chose it (ADMIN_PASSWORD): it is then never printed. */
  readonly generatedPassword: string | null
}

type Env = Readonly<Record<string, string | undefined>>

/** Seeds the platform into an empty database; answers the super admin made, or null when the database had clients. */
export const seedPlatformIfEmpty = async (database: Database, env: Env, publicHost: string): Promise<FirstAdmin | null> =>
  database.transaction(async (tx) => {
    const [existing] = rowsOf(await tx.execute(sql`SELECT 1 FROM clients LIMIT 1`))
    if (existing) return null
    const username = env.ADMIN_USERNAME?.trim() || "superadmin"
    const email = env.ADMIN_EMAIL?.trim() || `${username}@${publicHost}`
    const generatedPassword = env.ADMIN_PASSWORD ? null : randomBytes(12).toString("base64url")
    const [platform] = await tx
      .insert(clients)
      .values({ name: "Platform", email, ...apiKeyColumns(newApiKey()), platform: true, products: [] })
      .returning({ id: clients.id })
    await seedCatalogue(tx)
    await tx.insert(users).values({
      username,
      clientId: platform.id,
      roleId: null,
      superAdmin: true,
      displayName: "Super Admin",
      email,
      passwordHash: await hashPassword(env.ADMIN_PASSWORD ?? generatedPassword ?? ""),
      photoUrl: "",
      settings: { language: "en" },
      shortcuts: [],
    })
    return { username, email, generatedPassword }
  })
