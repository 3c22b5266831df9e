/**
 * The tenant's client_settings rows as one record (key → value), read through, or from this process's cache on a
 * customer's message (`storedSettings`, core/tenant-cache.ts: at most TENANT_CACHE_TTL_MS old). Only the keys
 * `tenantSettings` reads are taken from the cache; their writers are `putSetting` (settings-store.ts) and
 * `saveSessionRule` (session-rule.ts), which forget the tenant's entry.
 */
import { sql } from "drizzle-orm"
import { tenantCache } from "../../core/tenant-cache"
import type { Db } from "../../db/db"
import { rowsOf, settingValueOf } from "../../db/rows"

export const settingsOf = async (db: Db, clientId: number): Promise<Record<string, unknown>> => {
  const rows = rowsOf(await db.execute(sql`SELECT key, value FROM client_settings WHERE client_id = ${clientId}`))
  return Object.fromEntries(rows.map((r) => [String(r.key), settingValueOf(r.value)]))
}

export const storedSettings = tenantCache(settingsOf, { name: "settings" })
