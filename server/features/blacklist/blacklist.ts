/**
 * Revoked tokens and the cache switch. A revocation stores the token's SHA-256 and hint under the tenant; every
 * credential check reads it on each call (server/auth/revoked.ts), so the token is refused from the commit on. A
 * revoked session token (a login's user or client token) also ends that login and drops its sockets, so neither of
 * its two tokens nor its live connection outlives the revocation.
 */
import { sql } from "drizzle-orm"
import type { BlacklistedToken, CacheName, CacheScope } from "../../../src/contract/schemas/security"
import { forgetTenant } from "../../core/tenant-cache"
import { apiKeyOwnerSql } from "../../auth/api-keys"
import { verifyJwt } from "../../auth/jwt"
import { tokenHash, tokenHint } from "../../auth/revoked"
import { rowsOf } from "../../db/rows"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { iso, isoOrNull } from "../../core/date-range"
import { handle } from "../../core/registry"
import { pageOf, windowPage } from "../../core/paging"

const tokenOf = (r: Record<string, unknown>): BlacklistedToken => ({
  id: Number(r.id),
  token_hint: String(r.hint),
  reason: r.reason === null || r.reason === undefined ? null : String(r.reason),
  created_at: iso(r.created_at),
  expires_at: isoOrNull(r.expires_at),
})

/** What the token is, as far as this server can tell: one of its own tokens (tenant, login, expiry) or a raw key. */
const recognise = async (ctx: Ctx, token: string) => {
  const verified = verifyJwt(token, ctx.services.config.jwtSecret)
  if (verified.ok) {
    const { claims } = verified
    return {
      clientId: typeof claims.cid === "number" ? claims.cid : null,
      loginId: typeof claims.lid === "string" ? claims.lid : null,
      expiresAt: typeof claims.exp === "number" ? new Date(claims.exp * 1000) : null,
    }
  }
  const [key] = rowsOf(await ctx.db.execute(sql`SELECT c.id FROM clients c WHERE ${apiKeyOwnerSql(token)}`))
  return { clientId: key ? Number(key.id) : null, loginId: null, expiresAt: null }
}

/** Ends a revoked login's session (both its tokens die) and drops its sockets once the revocation committed. */
const endLogin = async (ctx: Ctx, clientId: number, loginId: string) => {
  const ended = rowsOf(
    await ctx.db.execute(
      sql`UPDATE login_sessions SET ended_at = now(), end_reason = 'revoked' WHERE id = ${loginId} AND client_id = ${clientId} AND ended_at IS NULL RETURNING id`,
    ),
  )
  if (ended.length > 0) ctx.afterCommit?.(() => ctx.services.realtime?.endLogin(loginId))
}

/** The caches each scope of the "clear cache" call drops (undefined: every named cache). */
const SCOPE_CACHES: Readonly<Record<CacheScope, readonly CacheName[] | undefined>> = {
  all: undefined,
  settings: ["settings", "sla_policies", "bots"],
  acl: ["roles"],
  templates: [],
  tokens: [],
}

export const handlers = [
  handle("blacklist", "blacklistTokens", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const paging = pageOf(input)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT id, hint, reason, created_at, expires_at, count(*) OVER () AS total_rows FROM blacklisted_tokens
        WHERE client_id = ${clientId} ORDER BY id DESC`,
      paging,
    )
    return { data: { items: rows.map(tokenOf), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("blacklist", "blacklistTokenAdd", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const token = input.token.trim()
    const known = await recognise(ctx, token)
    // Revoking another tenant's token would change nothing: say so rather than pretend.
    if (known.clientId !== null && known.clientId !== clientId) throw badRequest("This token belongs to another account", "token")
    const [clash] = rowsOf(
      await ctx.db.execute(sql`SELECT id FROM blacklisted_tokens WHERE client_id = ${clientId} AND token = ${tokenHash(token)}`),
    )
    if (clash) throw conflict("This token is already revoked", "token")
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO blacklisted_tokens (client_id, token, hint, reason, expires_at)
        VALUES (${clientId}, ${tokenHash(token)}, ${tokenHint(token)}, ${input.reason?.trim() || null}, ${known.expiresAt?.toISOString() ?? null})
        RETURNING id, hint, reason, created_at, expires_at`),
    )
    if (known.loginId !== null) await endLogin(ctx, clientId, known.loginId)
    return { data: tokenOf(row) }
  }),

  handle("blacklist", "blacklistTokenDelete", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Revoked token")
    const [row] = rowsOf(
      await ctx.db.execute(sql`DELETE FROM blacklisted_tokens WHERE id = ${id} AND client_id = ${clientId} RETURNING id`),
    )
    if (!row) throw notFound("Revoked token")
    return { data: { ok: true } }
  }),

  /**
   * The server keeps a few of a tenant's rarely edited rows in memory, each at most 500 ms old (server/core/tenant-cache.ts):
   * the parsed IP whitelist, the settings, whether an SLA policy and whether a bot is in force. "all" drops them all in
   * this process, "settings" the last three; ACLs, templates and revoked tokens are read from the database on every
   * call, so those scopes have nothing to clear and answer an empty list.
   */
  handle("blacklist", "clearCache", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const scope = input.scope ?? "all"
    const names = SCOPE_CACHES[scope]
    const cleared = forgetTenant(ctx.services.database.db, clientId, names)
    return { data: { cleared: cleared.removed, caches: cleared.names as CacheName[] } }
  }),
]
