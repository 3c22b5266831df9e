/**
 * A tenant's IP whitelist as the credential checks read it: parsed once and kept for at most `IP_RULES_TTL_MS` per
 * server process (core/tenant-cache.ts: an edit made through another process shows within that time; this process
 * forgets at once on its own edits, see `forgetIpRules`). Refusals are 403 `IP_NOT_ALLOWED` naming the address, and logged in the
 * tenant's activity log.
 */
import { sql } from "drizzle-orm"
import { TENANT_CACHE_TTL_MS, tenantCache } from "../core/tenant-cache"
import type { Db } from "../db/db"
import { rowsOf } from "../db/rows"
import { ApiError } from "../http/errors"
import { type IpRange, ipInRanges, parseIpEntry } from "./ip"

export const IP_RULES_TTL_MS = TENANT_CACHE_TTL_MS
/** The client setting that extends the whitelist to console logins. */
export const ENFORCE_LOGIN_SETTING = "ip_whitelist_login"

export interface IpRules {
  readonly ranges: readonly IpRange[]
  readonly enforceLogin: boolean
}

export const readIpRules = async (db: Db, clientId: number): Promise<IpRules> => {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT w.ip, (SELECT s.value = 'true'::jsonb FROM client_settings s WHERE s.client_id = ${clientId} AND s.key = ${ENFORCE_LOGIN_SETTING}) AS enforce
      FROM (SELECT 1) one LEFT JOIN ip_whitelist w ON w.client_id = ${clientId}`),
  )
  const ranges = rows.flatMap((row) => (typeof row.ip === "string" ? [parseIpEntry(row.ip)].filter((r): r is IpRange => r !== null) : []))
  return { ranges, enforceLogin: rows[0]?.enforce === true }
}

const cache = tenantCache(readIpRules, { ttlMs: IP_RULES_TTL_MS, name: "ip_whitelist" })

/** `db` is the server's database; `read` the connection to read through (a call's transaction on it). */
export const ipRulesOf = (db: Db, clientId: number, read: Db = db, now = Date.now()): Promise<IpRules> => cache.get(read, clientId, now)

/** An edit of a tenant's whitelist through `db`: its rules are forgotten now and on commit; answers how many entries it removed now (0 or 1). */
export const forgetIpRules = (db: Db, clientId: number): number => cache.forget(db, clientId)

const logRefusal = (db: Db, clientId: number, ip: string, credential: string) => {
  // Outside the call's transaction (which rolls back with the refusal); a failed log never changes the answer.
  void db
    .execute(
      sql`INSERT INTO activity_logs (client_id, action, detail) VALUES (${clientId}, 'ip_refused', ${JSON.stringify({ ip, credential })}::jsonb)`,
    )
    .catch(() => undefined)
}

export const ipRefused = (ip: string, what: string) =>
  new ApiError(403, "IP_NOT_ALLOWED", `Address ${ip} is not on this tenant's IP whitelist (${what})`)

/**
 * A tenant credential (API key or client token) from `ip`: refused when the tenant keeps a whitelist without it. `db`
 * must be the server's database, not a transaction.
 */
export const guardTenantIp = async (db: Db, clientId: number, ip: string, credential: "apiKey" | "client"): Promise<void> => {
  const rules = await ipRulesOf(db, clientId)
  if (rules.ranges.length === 0 || ipInRanges(rules.ranges, ip)) return
  logRefusal(db, clientId, ip, credential)
  throw ipRefused(ip, credential === "apiKey" ? "API key" : "client token")
}

/**
 * A console login from `ip`: refused only when the tenant switched login enforcement on and keeps a whitelist without
 * it. Logins run in a transaction: `tx` reads, `db` (the server's database) keys the cache and writes the log.
 */
export const guardLoginIp = async (db: Db, tx: Db, clientId: number, ip: string): Promise<void> => {
  const rules = await ipRulesOf(db, clientId, tx)
  if (!rules.enforceLogin || rules.ranges.length === 0 || ipInRanges(rules.ranges, ip)) return
  logRefusal(db, clientId, ip, "login")
  throw ipRefused(ip, "console login")
}
