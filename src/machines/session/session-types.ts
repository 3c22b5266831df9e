/** Shapes the session machine exchanges with its actors (the `/auth/user` body of CONTEXT.md). */

export interface SessionUser {
  readonly role: unknown
  readonly data: {
    readonly displayName?: string
    readonly photoURL?: string
    readonly email?: string
    readonly settings?: unknown
    readonly shortcuts?: unknown
  }
  readonly from?: string
}

export interface UserData {
  readonly id: number | string
  readonly client_id: number | string
}

/** The body of `/auth/user` (and of the token login), which is also what storage keeps. */
export interface LoginResult {
  readonly user_token: string
  readonly client_token: string
  readonly user_acl: Readonly<Record<string, unknown>>
  readonly back_acl: Readonly<Record<string, unknown>>
  readonly user_data: UserData
  readonly user: SessionUser
  readonly login_id: string | number
  /** Whether the server has the user online as the session starts (ours; absent from older servers). */
  readonly online?: boolean
}

/** What a page load finds in storage. */
export interface StoredSession extends LoginResult {
  readonly online: boolean
  /** The lock screen was on: a reload must not escape it. */
  readonly locked?: boolean
}

/** Why a login failed: the server said 401 (bad credentials / token), the token had expired, or anything else. */
export interface LoginFailure {
  readonly kind: "unauthorized" | "expired" | "failed"
  readonly message?: string
}

/** i18n keys (under `session.`) of the messages the session shows. */
export type SessionMessage =
  | "loginFailed"
  | "tokenLoginFailed"
  | "invalidAccessToken"
  | "accessTokenExpired"
  | "sessionExpired"
  | "loggedOut"
  | "onlineFailed"

export const isLoginFailure = (value: unknown): value is LoginFailure =>
  typeof value === "object" &&
  value !== null &&
  "kind" in value &&
  ["unauthorized", "expired", "failed"].includes((value as LoginFailure).kind)

/** Reads the `exp` claim (seconds) of a JWT as epoch milliseconds; null when the token carries none or is not a JWT. */
export const jwtExpiry = (token: string): number | null => {
  const parts = token.split(".")
  if (parts.length !== 3) return null
  try {
    const base64 = parts[1].replace(/-/g, "+").replace(/_/g, "/")
    const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4)
    const claims = JSON.parse(globalThis.atob(padded)) as { exp?: unknown }
    return typeof claims.exp === "number" ? claims.exp * 1000 : null
  } catch {
    return null
  }
}
