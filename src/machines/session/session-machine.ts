/**
 * The session (systemId `session`): login, token login, storage of the tokens, logout with a state reset,
 * expiry at the token's `exp`, the reaction to a 401, the cross-tab logout, lock/unlock and the agent's
 * online flag. Every outside effect is an actor declared here and implemented in src/app (real services)
 * or in the tests (a memory runtime).
 */
import { assign, enqueueActions, fromPromise, setup } from "xstate"
import {
  isLoginFailure,
  jwtExpiry,
  type LoginResult,
  type SessionMessage,
  type SessionUser,
  type StoredSession,
  type UserData,
} from "./session-types"

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
}

export type SessionEvent =
  | { type: "LOGIN"; username: string; password: string }
  | { type: "TOKEN_LOGIN"; accessToken: string | null }
  | { type: "LOGOUT" }
  | { type: "LOCK" }
  | { type: "UNLOCK"; username?: string; password: string }
  | { type: "SET_ONLINE"; online: boolean }
  | { type: "DISMISS" }
  /** From the storage watcher: another tab removed `user_token`. */
  | { type: "STORAGE.USER_TOKEN_REMOVED" }
  /** From the API client: a call answered 401; it alerts, clears storage and reloads by itself. */
  | { type: "API.UNAUTHORIZED" }

const initialContext: SessionContext = {
  user: null,
  userData: null,
  loginId: null,
  expiresAt: null,
  online: false,
  locked: false,
  username: null,
  message: null,
  detail: null,
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

export const sessionMachine = setup({
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
    hasStoredSession: ({ event }) => "output" in event && event.output !== null && event.output !== undefined,
    storedSessionExpired: ({ event }) => {
      const stored = "output" in event ? (event.output as StoredSession | null) : null
      const exp = stored ? jwtExpiry(stored.user_token) : null
      return exp !== null && exp <= Date.now()
    },
    isExpired: ({ context }) => context.expiresAt !== null && context.expiresAt <= Date.now(),
    tokenMissing: ({ event }) => event.type === "TOKEN_LOGIN" && !event.accessToken,
    tokenExpired: ({ event }) => {
      if (event.type !== "TOKEN_LOGIN" || !event.accessToken) return false
      const exp = jwtExpiry(event.accessToken)
      return exp !== null && exp <= Date.now()
    },
    expiredToken: ({ event }) => "error" in event && isLoginFailure(event.error) && event.error.kind === "expired",
    unauthorized: ({ event }) => "error" in event && isLoginFailure(event.error) && event.error.kind === "unauthorized",
    isOnline: ({ context }) => context.online,
    isLocked: ({ context }) => context.locked,
  },
  actions: {
    rememberUsername: assign(({ event }) =>
      event.type === "LOGIN" || (event.type === "UNLOCK" && event.username) ? { username: event.username ?? null } : {},
    ),
    adoptStored: assign(({ event }) => {
      const stored = (event as unknown as { output: StoredSession }).output
      return { ...fromResult(stored, stored.online), locked: stored.locked === true, message: null, detail: null }
    }),
    adoptLogin: assign(({ context, event }) => ({
      ...fromResult((event as unknown as { output: LoginResult }).output, context.online),
      locked: false,
      message: null,
      detail: null,
    })),
    failLogin: assign(({ event }) => {
      const error = (event as { error?: unknown }).error
      return { message: "loginFailed" as const, detail: isLoginFailure(error) ? (error.message ?? null) : null }
    }),
    say: assign((_, message: SessionMessage) => ({ message, detail: null })),
    reset: assign(({ context }) => ({ ...initialContext, message: context.message, detail: context.detail })),
    dismiss: assign({ message: null, detail: null }),
    setOnlineFlag: assign((_, online: boolean) => ({ online })),
    /** The ACL gate follows the session: it holds the lists while logged in and none while logged out. */
    shareAcl: enqueueActions(({ enqueue, system, event }) => {
      const acl = system.get("acl")
      const source = (event as { output?: LoginResult | StoredSession | null }).output
      const set = { type: "ACL.SET", userAcl: source?.user_acl, backAcl: source?.back_acl }
      if (acl && source) enqueue.sendTo(acl, set)
    }),
    dropAcl: enqueueActions(({ enqueue, system }) => {
      const acl = system.get("acl")
      if (acl) enqueue.sendTo(acl, { type: "ACL.CLEAR" })
      const layout = system.get("layout")
      if (layout) enqueue.sendTo(layout, { type: "LAYOUT.RESET" })
    }),
    /** Once the tokens are stored, the user's saved layout can be read. */
    loadLayout: enqueueActions(({ enqueue, system }) => {
      const layout = system.get("layout")
      if (layout) enqueue.sendTo(layout, { type: "LAYOUT.LOAD" })
    }),
  },
}).createMachine({
  id: "session",
  context: initialContext,
  initial: "restoring",
  states: {
    restoring: {
      invoke: {
        id: "restore",
        src: "restore",
        onDone: [
          { guard: "storedSessionExpired", target: "clearing", actions: { type: "say", params: "sessionExpired" } },
          { guard: "hasStoredSession", target: "loggedIn", actions: ["adoptStored", "shareAcl"] },
          { target: "loggedOut" },
        ],
        onError: { target: "loggedOut" },
      },
    },
    loggedOut: {
      on: {
        LOGIN: { target: "authenticating", actions: ["dismiss", "rememberUsername"] },
        TOKEN_LOGIN: [
          { guard: "tokenMissing", target: "loggedOut", actions: { type: "say", params: "tokenLoginFailed" } },
          { guard: "tokenExpired", target: "loggedOut", actions: { type: "say", params: "accessTokenExpired" } },
          { target: "tokenAuthenticating", actions: "dismiss" },
        ],
        DISMISS: { actions: "dismiss" },
      },
    },
    authenticating: {
      invoke: {
        id: "login",
        src: "login",
        input: ({ event }) =>
          event.type === "LOGIN" ? { username: event.username, password: event.password } : { username: "", password: "" },
        onDone: { target: "persisting", actions: "adoptLogin" },
        onError: { target: "loggedOut", actions: "failLogin" },
      },
    },
    tokenAuthenticating: {
      invoke: {
        id: "tokenLogin",
        src: "tokenLogin",
        input: ({ event }) => ({ accessToken: event.type === "TOKEN_LOGIN" ? (event.accessToken ?? "") : "" }),
        onDone: { target: "persisting", actions: "adoptLogin" },
        onError: [
          { guard: "expiredToken", target: "loggedOut", actions: { type: "say", params: "accessTokenExpired" } },
          // 'Invalid access_token' (401, then logout): whatever an earlier session left behind goes too.
          { guard: "unauthorized", target: "clearing", actions: { type: "say", params: "invalidAccessToken" } },
          { target: "loggedOut", actions: { type: "say", params: "tokenLoginFailed" } },
        ],
      },
    },
    persisting: {
      invoke: {
        id: "persist",
        src: "persist",
        input: ({ event, context }) => ({
          result: (event as unknown as { output: LoginResult }).output,
          online: context.online,
        }),
        onDone: { target: "loggedIn" },
        onError: { target: "clearing", actions: { type: "say", params: "loginFailed" } },
      },
      // The ACL is shared on entry, while the login output is still the current event.
      entry: "shareAcl",
    },
    loggedIn: {
      type: "parallel",
      entry: "loadLayout",
      invoke: [
        { id: "watchStorage", src: "watchStorage" },
        { id: "watchUnauthorized", src: "watchUnauthorized" },
      ],
      on: {
        LOGOUT: { target: "loggingOut" },
        "STORAGE.USER_TOKEN_REMOVED": { target: "reloading" },
        // The API client already alerted, cleared storage and is reloading: only forget the session here.
        "API.UNAUTHORIZED": { target: "loggedOut", actions: ["reset", "dropAcl"] },
        DISMISS: { actions: "dismiss" },
      },
      states: {
        expiry: {
          initial: "watching",
          states: {
            watching: { after: { untilExpiry: { target: "checking" } } },
            checking: {
              always: [
                { guard: "isExpired", target: "#session.clearing", actions: { type: "say", params: "sessionExpired" } },
                { target: "watching", reenter: true },
              ],
            },
          },
        },
        presence: {
          initial: "deciding",
          states: {
            deciding: { always: [{ guard: "isOnline", target: "online" }, { target: "offline" }] },
            online: { on: { SET_ONLINE: { guard: ({ event }) => !event.online, target: "goingOffline" } } },
            offline: { on: { SET_ONLINE: { guard: ({ event }) => event.online, target: "goingOnline" } } },
            goingOnline: {
              invoke: {
                id: "goOnline",
                src: "setOnline",
                input: { online: true },
                onDone: { target: "online", actions: { type: "setOnlineFlag", params: true } },
                onError: { target: "offline", actions: { type: "say", params: "onlineFailed" } },
              },
            },
            goingOffline: {
              invoke: {
                id: "goOffline",
                src: "setOnline",
                input: { online: false },
                onDone: { target: "offline", actions: { type: "setOnlineFlag", params: false } },
                onError: { target: "online", actions: { type: "say", params: "onlineFailed" } },
              },
            },
          },
        },
        lock: {
          initial: "deciding",
          states: {
            deciding: { always: [{ guard: "isLocked", target: "locked" }, { target: "open" }] },
            open: { on: { LOCK: { target: "locking" } } },
            locking: {
              invoke: {
                id: "lock",
                src: "setLocked",
                input: { locked: true },
                // Locked either way: the flag in storage only matters for a reload.
                onDone: { target: "locked", actions: assign({ locked: true }) },
                onError: { target: "locked", actions: assign({ locked: true }) },
              },
            },
            locked: { on: { UNLOCK: { target: "unlocking", actions: "rememberUsername" } } },
            unlocking: {
              invoke: {
                id: "unlock",
                src: "login",
                input: ({ context, event }) => ({
                  username: (event.type === "UNLOCK" ? event.username : undefined) ?? context.username ?? "",
                  password: event.type === "UNLOCK" ? event.password : "",
                }),
                onDone: { target: "#session.persisting", actions: "adoptLogin" },
                onError: { target: "locked", actions: "failLogin" },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: "logout",
        src: "logout",
        input: ({ context }) => ({ loginId: context.loginId }),
        // Logging out locally must not depend on the server answering.
        onDone: { target: "clearing", actions: { type: "say", params: "loggedOut" } },
        onError: { target: "clearing", actions: { type: "say", params: "loggedOut" } },
      },
    },
    clearing: {
      entry: "dropAcl",
      invoke: {
        id: "clear",
        src: "clear",
        onDone: { target: "loggedOut", actions: "reset" },
        onError: { target: "loggedOut", actions: "reset" },
      },
    },
    reloading: {
      entry: "dropAcl",
      invoke: { id: "reload", src: "reload" },
    },
  },
})

export type SessionActorLogic = typeof sessionMachine
