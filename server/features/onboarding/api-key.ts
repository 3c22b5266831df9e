/**
 * The business's API key (company sub-page custom_api, group `company`): the credential of the spec's API-key calls
 * (`x-api-key`). Shown only as a hint; a rotate answers the new key once, in clear, and the old one is refused from
 * that commit on (server/auth/principal.ts looks the key up on every call). A revoke replaces the key with one nobody
 * was shown and marks it revoked (principal.ts refuses it), so no key works until the next rotate.
 */
import { randomBytes } from "node:crypto"
import { sql } from "drizzle-orm"
import type { ApiKeyState } from "../../../src/contract/groups/company"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { isoOrNull } from "../reports/range"
import { handle } from "../registry"

/** The same shape the seed gives keys: `ak_` and 36 hexadecimal characters (144 random bits). */
export const newApiKey = () => `ak_${randomBytes(18).toString("hex")}`

export const hintOf = (key: string) => `${key.slice(0, 3)}••••${key.slice(-4)}`

const stateOf = async (db: Db, clientId: number): Promise<ApiKeyState> => {
  const [row] = rowsOf(await db.execute(sql`SELECT api_key, api_key_created_at, api_key_revoked_at FROM clients WHERE id = ${clientId}`))
  if (!row || row.api_key_revoked_at !== null) return { active: false, hint: null, created_at: null }
  return { active: true, hint: hintOf(String(row.api_key)), created_at: isoOrNull(row.api_key_created_at) }
}

export const handlers = [
  handle("company", "apiKeyState", async (ctx) => ({ data: await stateOf(ctx.db, tenantOf(ctx)) })),

  handle("company", "apiKeyRotate", async (ctx) => {
    const clientId = tenantOf(ctx)
    const key = newApiKey()
    await ctx.db.execute(
      sql`UPDATE clients SET api_key = ${key}, api_key_created_at = now(), api_key_revoked_at = NULL WHERE id = ${clientId}`,
    )
    return { data: { ...(await stateOf(ctx.db, clientId)), key } }
  }),

  handle("company", "apiKeyRevoke", async (ctx) => {
    const clientId = tenantOf(ctx)
    await ctx.db.execute(
      sql`UPDATE clients SET api_key = ${newApiKey()}, api_key_created_at = NULL, api_key_revoked_at = now() WHERE id = ${clientId}`,
    )
    return { data: await stateOf(ctx.db, clientId) }
  }),
]
