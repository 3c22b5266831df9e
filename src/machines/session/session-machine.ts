/**
 * The session (systemId `session`): login, token login, storage of the tokens, logout with a state reset,
 * expiry at the token's `exp`, the reaction to a 401, the cross-tab logout, lock/unlock and the agent's
 * online flag. Every outside effect is an actor declared in session-setup.ts and implemented in
 * session-actors.ts (real services) or in the tests (a memory runtime); the logged-in regions are in
 * session-logged-in.ts.
 */
import { assertEvent } from "xstate"
import { loggedIn } from "./session-logged-in"
import { initialSessionContext, sessionSetup } from "./session-setup"

export const sessionMachine = sessionSetup.createMachine({
  id: "session",
  context: initialSessionContext,
  initial: "restoring",
  states: {
    restoring: {
      invoke: {
        id: "restore",
        src: "restore",
        onDone: [
          {
            guard: { type: "storedSessionExpired", params: ({ event }) => event.output },
            target: "clearing",
            actions: { type: "say", params: "sessionExpired" },
          },
          {
            guard: { type: "hasStoredSession", params: ({ event }) => event.output },
            target: "loggedIn",
            actions: [
              { type: "adoptStored", params: ({ event }) => event.output },
              { type: "shareAcl", params: ({ event }) => event.output },
            ],
          },
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
        ADOPT_LOGIN: { target: "persisting", actions: ["dismiss", { type: "adoptLogin", params: ({ event }) => event.result }] },
        DISMISS: { actions: "dismiss" },
      },
    },
    authenticating: {
      invoke: {
        id: "login",
        src: "login",
        input: ({ event }) => {
          assertEvent(event, "LOGIN")
          return { username: event.username, password: event.password }
        },
        onDone: { target: "persisting", actions: { type: "adoptLogin", params: ({ event }) => event.output } },
        onError: { target: "loggedOut", actions: { type: "failLogin", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    tokenAuthenticating: {
      invoke: {
        id: "tokenLogin",
        src: "tokenLogin",
        input: ({ event }) => {
          assertEvent(event, "TOKEN_LOGIN")
          return { accessToken: event.accessToken ?? "" }
        },
        onDone: { target: "persisting", actions: { type: "adoptLogin", params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: "failedAs", params: ({ event }) => ({ error: event.error, kind: "expired" as const }) },
            target: "loggedOut",
            actions: { type: "say", params: "accessTokenExpired" },
          },
          // 'Invalid access_token' (401, then logout): whatever an earlier session left behind goes too.
          {
            guard: { type: "failedAs", params: ({ event }) => ({ error: event.error, kind: "unauthorized" as const }) },
            target: "clearing",
            actions: { type: "say", params: "invalidAccessToken" },
          },
          { target: "loggedOut", actions: { type: "say", params: "tokenLoginFailed" } },
        ],
      },
    },
    persisting: {
      entry: { type: "shareAcl", params: ({ context }) => context.unsaved },
      invoke: {
        id: "persist",
        src: "persist",
        // Every way in (login, token login, unlock) adopted the answer it stores.
        input: ({ context }) => ({ result: context.unsaved!, online: context.online }),
        onDone: { target: "loggedIn", actions: "saved" },
        onError: { target: "clearing", actions: [{ type: "say", params: "loginFailed" }, "saved"] },
      },
    },
    loggedIn,
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
