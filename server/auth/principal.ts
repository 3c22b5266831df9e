/** Resolves the credential a call needs into a Principal, or answers 401. One place for every token rule. */
import { eq, sql } from "drizzle-orm"
import type { Credential } from "../../src/contract/call"
import type { Db } from "../db/db"
import { clients, ipWhitelist } from "../db/schema/tenants"
import { forbidden, unauthorized } from "../http/errors"
import { verifyJwt } from "./jwt"
import { grantsFrom } from "./acl"
import { apiKeyGrants, verifyClientToken } from "./client-token"
import { ipAllowed } from "./ip"

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
  // One round trip: the session, its user and tenant, whether the token is blacklisted, and the role's keys.
  const result = await db.execute(sql`
    select s.end_reason as "endReason", u.id as "userId", u.client_id as "clientId", u.role_id as "roleId", u.super_admin as "superAdmin",
      u.call_permission as "callPermission", u.status, c.status as "clientStatus",
      exists(select 1 from blacklisted_tokens b where b.token = ${token}) as blacklisted,
      array(select p.key from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = u.role_id) as keys
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
    grants: grantsFrom(row, row.keys ?? []),
    scope: null,
  }
}

/** A login's client token lives and dies with its session and carries its user's grants (auth/client-token.ts). */
const clientTokenPrincipal = (db: Db, secret: string, token: string): Promise<Principal> =>
  verifyClientToken(db, secret, token, {
    verifyUser: verifyUserToken,
    publicPrincipal: { ...NOBODY, kind: "client", scope: "password-reset" },
  })

/** A raw tenant API key: the tenant must be active and, when it keeps an IP whitelist, the caller's address listed. */
const apiKeyPrincipal = async (db: Db, key: string, ip: string): Promise<Principal> => {
  const [client] = await db.select({ id: clients.id, status: clients.status }).from(clients).where(eq(clients.apiKey, key)).limit(1)
  if (client?.status !== "active") throw unauthorized("TOKEN_INVALID", "Invalid API key")
  const allowed = await db.select({ ip: ipWhitelist.ip }).from(ipWhitelist).where(eq(ipWhitelist.clientId, client.id))
  if (allowed.length > 0 && !allowed.some((entry) => ipAllowed(entry.ip, ip))) throw forbidden(`Address ${ip} is not on the IP whitelist`)
  return { ...NOBODY, kind: "apiKey", clientId: client.id, scope: "client", grants: await apiKeyGrants(db, client.id) }
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
  keys: string[] | null
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
      return looksLikeJwt(token) ? clientTokenPrincipal(db, secret, token) : apiKeyPrincipal(db, token, presented.ip)
    }
    case "apiKey": {
      const key = presented.apiKey ?? presented.clientToken
      if (!key) throw unauthorized("UNAUTHENTICATED", "Cannot call remote service without authentication token")
      return looksLikeJwt(key) ? clientTokenPrincipal(db, secret, key) : apiKeyPrincipal(db, key, presented.ip)
    }
  }
}
