/**
 * Revoked credentials (blacklisted_tokens): a tenant stores the SHA-256 of a token, never the token. Every credential
 * kind (user token, client token, raw API key) is looked up on every call, scoped to the credential's own tenant, so a
 * revocation holds from the moment its transaction commits, in every server process, with no cache to go stale.
 */
import { createHash } from "node:crypto"
import { sql, type SQL } from "drizzle-orm"

export const tokenHash = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex")

/** How a revoked token is shown in the list: its first and last four characters. */
export const tokenHint = (token: string): string =>
  token.length <= 12 ? `${token.slice(0, 2)}…` : `${token.slice(0, 4)}…${token.slice(-4)}`

/** SQL true when `token` is revoked in the tenant `clientId` (an SQL expression, so it joins the credential's own query). */
export const revokedSql = (token: string, clientId: SQL | number): SQL =>
  sql`exists(select 1 from blacklisted_tokens b where b.client_id = ${clientId} and b.token = ${tokenHash(token)} and (b.expires_at is null or b.expires_at > now()))`
