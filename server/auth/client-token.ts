/**
 * Tenant credentials with a lifetime and a revocation.
 *
 *  - A login's client_token is the session's second credential: it names the session (`lid`) and user (`sub`) and
 *    expires with the user token. `verifyClientToken` checks it by the user token's own rules (verifyUserToken on
 *    the same claims), so it dies with logout, a newer login, a new password, a disabled or deleted user, and it
 *    carries that user's grants: the call's permission is checked as for the user token. A client token from before
 *    this change (no session in it) is refused: people log in again.
 *  - The public console token (scope "password-reset", handed to anyone by /console-config.json) has no session: an
 *    expiry would protect nothing, and http/access.ts limits it to the password-reset calls.
 *  - A raw API key acts for its tenant with the grants of the tenant's built-in admin role (`apiKeyGrants`), and is
 *    revoked by changing the tenant's key.
 *
 * Wiring (auth/principal.ts, which this module must not import: the two would form a cycle): `clientTokenPrincipal`
 * becomes `verifyClientToken(db, secret, token, { verifyUser: verifyUserToken, publicPrincipal })`, and
 * `apiKeyPrincipal` adds `grants: await apiKeyGrants(db, client.id)`.
 */
import { and, eq, sql } from "drizzle-orm"
import type { Db } from "../db/db"
import { rowsOf } from "../db/rows"
import { permissions, rolePermissions, roles } from "../db/schema/identity"
import { revokedSql } from "./revoked"
import { unauthorized } from "../http/errors"
import { signJwt, verifyJwt } from "./jwt"

/** What principal.ts lends: its user-token rules, and the principal of the public console token. */
export interface ClientTokenRules<P> {
  readonly verifyUser: (db: Db, secret: string, token: string) => Promise<P>
  readonly publicPrincipal: P
}

/** The client token a login hands out beside its user token: same session, same lifetime. */
export const signClientToken = (
  session: { userId: number; clientId: number; loginId: string; iat: number; exp: number },
  secret: string,
): string =>
  signJwt(
    {
      typ: "client",
      cid: session.clientId,
      sub: session.userId,
      lid: session.loginId,
      scope: "client",
      iat: session.iat,
      exp: session.exp,
    },
    secret,
  )

export const verifyClientToken = async <P extends { readonly kind: string; readonly scope: string | null }>(
  db: Db,
  secret: string,
  token: string,
  rules: ClientTokenRules<P>,
): Promise<P> => {
  const verified = verifyJwt(token, secret)
  if (!verified.ok) {
    throw verified.reason === "expired"
      ? unauthorized("TOKEN_EXPIRED", "Your session has expired please try to login in again")
      : unauthorized("TOKEN_INVALID", "Invalid client token")
  }
  const { claims } = verified
  if (claims.typ !== "client") throw unauthorized("TOKEN_INVALID", "Invalid client token")
  if (typeof claims.cid === "number") {
    const [row] = rowsOf(await db.execute(sql`select ${revokedSql(token, claims.cid)} as revoked`))
    if (row?.revoked === true) throw unauthorized("TOKEN_INVALID", "This token has been revoked")
  }
  if (claims.scope === "password-reset") return rules.publicPrincipal
  if (typeof claims.sub !== "number" || typeof claims.lid !== "string" || typeof claims.exp !== "number")
    throw unauthorized("TOKEN_INVALID", "This client token belongs to no session: log in again")
  // The session's own rules, on the session's own claims (the user token of this login carries the same ones).
  const asUser = signJwt({ typ: "user", sub: claims.sub, cid: claims.cid, lid: claims.lid, iat: claims.iat, exp: claims.exp }, secret)
  const user = await rules.verifyUser(db, secret, asUser)
  return { ...user, kind: "client", scope: "client" }
}

/** What a tenant's raw API key may do: what the tenant's built-in admin role may. */
export const apiKeyGrants = async (db: Db, clientId: number): Promise<ReadonlySet<string>> => {
  const rows = await db
    .select({ key: permissions.key })
    .from(roles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(roles.clientId, clientId), eq(roles.system, true)))
  return new Set(rows.map((row) => row.key))
}
