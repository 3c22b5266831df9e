/** Resolves the credential a call needs into a Principal, or answers 401. One place for every token rule. */
import { sql } from "drizzle-orm"
import type { Credential } from "../../src/contract/call"
import type { Db } from "../db/db"
import { rowsOf } from "../db/rows"
import { unauthorized } from "../http/errors"
import { verifyJwt } from "./jwt"
import { grantsFrom } from "./acl"
import { apiKeyOwnerSql } from "./api-keys"
import { apiKeyGrants, verifyClientToken } from "./client-token"
import { guardTenantIp } from "./ip-rules"
import { revokedSql } from "./revoked"
import { keysOfRole } from "./role-keys"

/** Who is calling: a signed-in user, a tenant (client token or API key), or nobody (login). */
export interface Principal {
  readonly kind: "user" | "client" | "apiKey" | "none"
  readonly userId: number | null
  readonly clientId: number | null
  readonly superAdmin: boolean
  readonly loginId: string | null
  /** Granted keys: `FRONT:<path>` and `BACK:<permission>`. */
  readonly grants: ReadonlySet<string>
  /** A client token's scope ("client", or "password-reset" for the public console token). */
  readonly scope: string | null
}

export const NOBODY: Principal = {
  kind: "none",
  userId: null,
  clientId: null,
  superAdmin: false,
  loginId: null,
  grants: new Set(),
  scope: null,
}

export interface Presented {
  readonly userToken?: string
  readonly clientToken?: string
  readonly apiKey?: string
  readonly ip: string
}

/** A user token: signature, exp, the login session still current (not replaced or logged out), not blacklisted. */
export const verifyUserToken = async (db: Db, secret: string, token: string | undefined): Promise<Principal> => {
  if (!token) throw unauthorized("UNAUTHENTICATED", "Cannot call remote service without user authentication token")
  const verified = verifyJwt(token, secret)
  if (!verified.ok) {
    throw verified.reason === "expired"
      ? unauthorized("TOKEN_EXPIRED", "Your session has expired please try to login in again")
      : unauthorized("TOKEN_INVALID", "Invalid token")
  }
  const { claims } = verified
  if (claims.typ !== "user" || typeof claims.sub !== "number" || typeof claims.lid !== "string")
    throw unauthorized("TOKEN_INVALID", "Invalid token")
  // One round trip: the session, its user and tenant, and whether the token is blacklisted; the role's keys are cached.
  const result = await db.execute(sql`
    select s.end_reason as "endReason", u.id as "userId", u.client_id as "clientId", u.role_id as "roleId", u.super_admin as "superAdmin",
      u.call_permission as "callPermission", u.status, c.status as "clientStatus",
      ${revokedSql(token, sql`u.client_id`)} as blacklisted
    from login_sessions s join users u on u.id = s.user_id join clients c on c.id = u.client_id
    where s.id = ${claims.lid} and s.user_id = ${claims.sub} limit 1`)
  const row = (result as unknown as { rows: SessionRow[] }).rows[0]
  if (!row) throw unauthorized("TOKEN_INVALID", "Invalid token")
  if (row.endReason === "replaced") {
    throw unauthorized("SESSION_REPLACED", "You are already logged in on a different device. Please wait for a few minutes, and try again.")
  }
  if (row.endReason !== null) throw unauthorized("TOKEN_INVALID", "This session has ended")
  if (row.status !== "active" || (row.clientStatus !== "active" && !row.superAdmin))
    throw unauthorized("TOKEN_INVALID", "This account is disabled")
  if (row.blacklisted) throw unauthorized("TOKEN_INVALID", "This token has been revoked")
  return {
    kind: "user",
    userId: row.userId,
    clientId: row.clientId,
    superAdmin: row.superAdmin,
    loginId: claims.lid,
    grants: grantsFrom(row, row.superAdmin ? [] : await keysOfRole(db, row.clientId, row.roleId)),
    scope: null,
  }
}

/** A login's client token lives and dies with its session and carries its user's grants (auth/client-token.ts). */
const clientTokenPrincipal = (db: Db, secret: string, token: string): Promise<Principal> =>
  verifyClientToken(db, secret, token, {
    verifyUser: verifyUserToken,
    publicPrincipal: { ...NOBODY, kind: "client", scope: "password-reset" },
  })

/** A raw tenant API key, found by its hash: the tenant must be active and the key not revoked (the IP whitelist is checked by `tenantCall`). */
const apiKeyPrincipal = async (db: Db, key: string): Promise<Principal> => {
  const [client] = rowsOf(
    await db.execute(sql`select c.id, c.status, c.api_key_revoked_at is not null as key_revoked, ${revokedSql(key, sql`c.id`)} as revoked
      from clients c where ${apiKeyOwnerSql(key)} limit 1`),
  )
  if (client?.status !== "active") throw unauthorized("TOKEN_INVALID", "Invalid API key")
  // Revoked on the company page custom_api (features/onboarding/api-key.ts), or blacklisted.
  if (client.revoked === true || client.key_revoked === true) throw unauthorized("TOKEN_INVALID", "This API key has been revoked")
  const clientId = Number(client.id)
  return { ...NOBODY, kind: "apiKey", clientId, scope: "client", grants: await apiKeyGrants(db, clientId) }
}

/** A tenant credential (client token or raw API key), then the tenant's IP whitelist (auth/ip-rules.ts). */
const tenantCall = async (db: Db, secret: string, token: string, ip: string): Promise<Principal> => {
  const principal = looksLikeJwt(token) ? await clientTokenPrincipal(db, secret, token) : await apiKeyPrincipal(db, token)
  if (principal.clientId !== null && principal.scope === "client")
    await guardTenantIp(db, principal.clientId, ip, principal.kind === "apiKey" ? "apiKey" : "client")
  return principal
}

interface SessionRow {
  endReason: string | null
  userId: number
  clientId: number
  roleId: number | null
  superAdmin: boolean
  callPermission: boolean | null
  status: string
  clientStatus: string
  blacklisted: boolean
}

const looksLikeJwt = (value: string) => value.split(".").length === 3

export const resolvePrincipal = async (db: Db, secret: string, credential: Credential, presented: Presented): Promise<Principal> => {
  switch (credential) {
    case "none":
      return NOBODY
    case "user":
      return verifyUserToken(db, secret, presented.userToken)
    case "client": {
      const token = presented.clientToken ?? presented.apiKey
      if (!token) throw unauthorized("UNAUTHENTICATED", "Cannot call remote service without authentication token")
      return tenantCall(db, secret, token, presented.ip)
    }
    case "apiKey": {
      const key = presented.apiKey ?? presented.clientToken
      if (!key) throw unauthorized("UNAUTHENTICATED", "Cannot call remote service without authentication token")
      return tenantCall(db, secret, key, presented.ip)
    }
  }
}
