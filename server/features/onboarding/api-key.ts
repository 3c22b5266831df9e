/**
 * The business's API key (company sub-page custom_api, group `company`): the credential of the spec's API-key calls
 * (`x-api-key`). Only its hash and hint are stored (server/auth/api-keys.ts); a rotate answers the new key once, in
 * clear, and the old one is refused from that commit on (server/auth/principal.ts looks the hash up on every call). A
 * revoke marks the key revoked (principal.ts refuses it), so no key works until the next rotate.
 */
import { sql } from "drizzle-orm"
import type { ApiKeyState } from "../../../src/contract/groups/company"
import { issueApiKey, revokeApiKey } from "../../auth/api-keys"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { isoOrNull } from "../../core/date-range"
import { handle } from "../../core/registry"

const stateOf = async (db: Db, clientId: number): Promise<ApiKeyState> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT api_key_hash, api_key_hint, api_key_created_at, api_key_revoked_at FROM clients WHERE id = ${clientId}`),
  )
  if (!row || row.api_key_hash === null || row.api_key_revoked_at !== null) return { active: false, hint: null, created_at: null }
  return { active: true, hint: row.api_key_hint === null ? null : String(row.api_key_hint), created_at: isoOrNull(row.api_key_created_at) }
}

export const handlers = [
  handle("company", "apiKeyState", async (ctx) => ({ data: await stateOf(ctx.db, tenantOf(ctx)) })),

  handle("company", "apiKeyRotate", async (ctx) => {
    const clientId = tenantOf(ctx)
    const key = await issueApiKey(ctx.db, clientId)
    return { data: { ...(await stateOf(ctx.db, clientId)), key } }
  }),

  handle("company", "apiKeyRevoke", async (ctx) => {
    const clientId = tenantOf(ctx)
    await revokeApiKey(ctx.db, clientId)
    return { data: await stateOf(ctx.db, clientId) }
  }),
]
