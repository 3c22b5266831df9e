/**
 * A tenant's API key (the `x-api-key` credential, company sub-page custom_api). Only its SHA-256 is stored
 * (`clients.api_key_hash`, migration 0031) with a non-secret hint for display: the key is 144 random bits, so a plain
 * hash is as strong as a slow one and lets the principal find the tenant with one indexed lookup. The clear key is
 * answered once, by the call that made it, and exists nowhere else.
 */
import { randomBytes } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Db } from "../db/db"
import { tokenHash } from "./revoked"

/** `ak_` and 36 hexadecimal characters (144 random bits). */
export const newApiKey = (): string => `ak_${randomBytes(18).toString("hex")}`

export const apiKeyHash = (key: string): string => tokenHash(key)

/** What the console shows of a key: its `ak_` prefix and last four characters (16 of the 144 random bits). */
export const apiKeyHint = (key: string): string => `${key.slice(0, 3)}••••${key.slice(-4)}`

/** The columns a new key sets (seed and rotate share them). */
export const apiKeyColumns = (key: string) => ({ apiKeyHash: apiKeyHash(key), apiKeyHint: apiKeyHint(key) })

/** Makes the tenant's new key (the old one is refused from this commit on) and answers it in clear, once. */
export const issueApiKey = async (db: Db, clientId: number): Promise<string> => {
  const key = newApiKey()
  await db.execute(sql`UPDATE clients SET api_key_hash = ${apiKeyHash(key)}, api_key_hint = ${apiKeyHint(key)},
    api_key_created_at = now(), api_key_revoked_at = NULL WHERE id = ${clientId}`)
  return key
}

/** Revokes the tenant's key: its hash stays so the principal can say "revoked"; no key works until the next issue. */
export const revokeApiKey = async (db: Db, clientId: number): Promise<void> => {
  await db.execute(sql`UPDATE clients SET api_key_revoked_at = now() WHERE id = ${clientId} AND api_key_hash IS NOT NULL`)
}

/** The tenant whose key this is (revoked or not), or undefined. */
export const apiKeyOwnerSql = (key: string) => sql`c.api_key_hash = ${apiKeyHash(key)}`
