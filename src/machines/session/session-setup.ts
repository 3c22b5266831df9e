/**
 * The session's vocabulary and rules: its context and events, the actors it runs (declared here, implemented in
 * session-actors.ts or scripted in tests), its guards and actions. The chart is session-machine.ts, with the
 * logged-in regions in session-logged-in.ts.
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup } from "xstate"
import {
  isLoginFailure,
  jwtExpiry,
  type LoginResult,
  type SessionMessage,
  type SessionUser,
  type StoredSession,
  type UserData,
} from "./session-types"
import { systemActor } from "../system-ids"

export interface SessionContext {
  readonly user: SessionUser | null
  readonly userData: UserData | null
  readonly loginId: string | null
  /** The user token's `exp` in epoch milliseconds (null: the token carries none, it never expires locally). */
  readonly expiresAt: number | null
  readonly online: boolean
  /** The lock screen is on (kept in storage so a reload stays locked). */
  readonly locked: boolean
  /** The username typed at login, kept so the lock page can unlock with a password only. */
  readonly username: string | null
  readonly message: SessionMessage | null
  /** The server's own words about a failed login, shown under the translated message. */
  readonly detail: string | null
  /** A login's answer between the server's reply and its storage (tokens and lists the context keeps no other way). */
  readonly unsaved: LoginResult | null
}

export type SessionEvent =
  | { type: "LOGIN"; username: string; password: string }
  | { type: "TOKEN_LOGIN"; accessToken: string | null }
  /** A login another actor completed (the one-time-code login's verify answers the session body). */
  | { type: "ADOPT_LOGIN"; result: LoginResult }
  | { type: "LOGOUT" }
  | { type: "LOCK" }
  | { type: "UNLOCK"; username?: string; password: string }
  | { type: "SET_ONLINE"; online: boolean }
  | { type: "DISMISS" }
  /** From the storage watcher: another tab removed `user_token`. */
  | { type: "STORAGE.USER_TOKEN_REMOVED" }
  /** From the API client: a call answered 401; it alerts, clears storage and reloads by itself. */
  | { type: "API.UNAUTHORIZED" }

export const initialSessionContext: SessionContext = {
  user: null,
  userData: null,
  loginId: null,
  expiresAt: null,
  online: false,
  locked: false,
  username: null,
  message: null,
  detail: null,
  unsaved: null,
}

/** setTimeout holds at most 2^31-1 ms: later expiries are re-checked after that long. */
const MAX_TIMER = 2_147_483_647
const notProvided = (name: string) => () => Promise.reject(new Error(`session actor ${name} is not provided`))

const fromResult = (result: LoginResult, online: boolean) => ({
  user: result.user,
  userData: result.user_data,
  loginId: String(result.login_id),
  expiresAt: jwtExpiry(result.user_token),
  online,
})

const isExpiredToken = (token: string) => {
  const exp = jwtExpiry(token)
  return exp !== null && exp <= Date.now()
}

export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restore: fromPromise<StoredSession | null>(notProvided("restore")),
    login: fromPromise<LoginResult, { username: string; password: string }>(notProvided("login")),
    tokenLogin: fromPromise<LoginResult, { accessToken: string }>(notProvided("tokenLogin")),
    persist: fromPromise<void, { result: LoginResult; online: boolean }>(notProvided("persist")),
    logout: fromPromise<void, { loginId: string | null }>(notProvided("logout")),
    clear: fromPromise<void>(notProvided("clear")),
    setOnline: fromPromise<void, { online: boolean }>(notProvided("setOnline")),
    setLocked: fromPromise<void, { locked: boolean }>(notProvided("setLocked")),
    reload: fromPromise<void>(notProvided("reload")),
    /**
     * Watchers never settle: they live while `loggedIn` is active and are stopped (their listeners removed) when it
     * ends. Cross-tab: sends STORAGE.USER_TOKEN_REMOVED to the session.
     */
    watchStorage: fromPromise<void>(() => new Promise<void>(() => {})),
    /** Sends API.UNAUTHORIZED when the API client meets a 401 (the client itself alerts, clears and reloads). */
    watchUnauthorized: fromPromise<void>(() => new Promise<void>(() => {})),
  },
  delays: {
    untilExpiry: ({ context }) =>
      context.expiresAt === null ? MAX_TIMER : Math.min(MAX_TIMER, Math.max(0, context.expiresAt - Date.now())),
  },
  guards: {
    hasStoredSession: (_, stored: StoredSession | null) => stored !== null,
    storedSessionExpired: (_, stored: StoredSession | null) => stored !== null && isExpiredToken(stored.user_token),
    isExpired: ({ context }) => context.expiresAt !== null && context.expiresAt <= Date.now(),
    tokenMissing: ({ event }) => {
      assertEvent(event, "TOKEN_LOGIN")
      return !event.accessToken
    },
    tokenExpired: ({ event }) => {
      assertEvent(event, "TOKEN_LOGIN")
      return !!event.accessToken && isExpiredToken(event.accessToken)
    },
    failedAs: (_, { error, kind }: { error: unknown; kind: "expired" | "unauthorized" }) => isLoginFailure(error) && error.kind === kind,
    isOnline: ({ context }) => context.online,
    isLocked: ({ context }) => context.locked,
  },
  actions: {
    /** A login names its user; an unlock may (else the one who locked unlocks). */
    rememberUsername: assign(({ event }) => {
      assertEvent(event, ["LOGIN", "UNLOCK"])
      return event.type === "LOGIN" || event.username ? { username: event.username ?? null } : {}
    }),
    adoptStored: assign((_, stored: StoredSession | null) =>
      stored === null ? {} : { ...fromResult(stored, stored.online), locked: stored.locked === true, message: null, detail: null },
    ),
    // The server's online flag when it says (a user left online by an earlier session is still served chats and calls).
    adoptLogin: assign(({ context }, result: LoginResult) => ({
      ...fromResult(result, result.online ?? context.online),
      locked: false,
      message: null,
      detail: null,
      unsaved: result,
    })),
    saved: assign({ unsaved: null }),
    failLogin: assign((_, { error }: { error: unknown }) => ({
      message: "loginFailed" as const,
      detail: isLoginFailure(error) ? (error.message ?? null) : null,
    })),
    say: assign((_, message: SessionMessage) => ({ message, detail: null })),
    reset: assign(({ context }) => ({ ...initialSessionContext, message: context.message, detail: context.detail })),
    dismiss: assign({ message: null, detail: null }),
    setOnlineFlag: assign((_, online: boolean) => ({ online })),
    setLockedFlag: assign((_, locked: boolean) => ({ locked })),
    /** The ACL gate follows the session: it holds the lists while logged in and none while logged out. */
    shareAcl: enqueueActions(({ enqueue, system }, source: LoginResult | null) => {
      const acl = systemActor(system, "acl")
      if (!acl || !source) return
      const set = { type: "ACL.SET" as const, userAcl: source.user_acl, backAcl: source.back_acl }
      enqueue.sendTo(acl, set)
    }),
    dropAcl: enqueueActions(({ enqueue, system }) => {
      const acl = systemActor(system, "acl")
      if (acl) enqueue.sendTo(acl, { type: "ACL.CLEAR" })
      const layout = systemActor(system, "layout")
      if (layout) enqueue.sendTo(layout, { type: "LAYOUT.RESET" })
    }),
    /** Once the tokens are stored, the user's saved layout can be read. */
    loadLayout: enqueueActions(({ enqueue, system }) => {
      const layout = systemActor(system, "layout")
      if (layout) enqueue.sendTo(layout, { type: "LAYOUT.LOAD" })
    }),
  },
})
