/**
 * The logged-in session's three regions side by side: expiry (log out at the token's `exp`), presence (the agent's
 * online flag, switched through the server) and the lock screen (unlocked by logging in again with the password).
 */
import { assertEvent } from "xstate"
import { sessionSetup } from "./session-setup"

const expiry = sessionSetup.createStateConfig({
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
})

const presence = sessionSetup.createStateConfig({
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
})

const lock = sessionSetup.createStateConfig({
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
        onDone: { target: "locked", actions: { type: "setLockedFlag", params: true } },
        onError: { target: "locked", actions: { type: "setLockedFlag", params: true } },
      },
    },
    locked: { on: { UNLOCK: { target: "unlocking", actions: "rememberUsername" } } },
    unlocking: {
      invoke: {
        id: "unlock",
        src: "login",
        input: ({ context, event }) => {
          assertEvent(event, "UNLOCK")
          return { username: event.username ?? context.username ?? "", password: event.password }
        },
        onDone: { target: "#session.persisting", actions: { type: "adoptLogin", params: ({ event }) => event.output } },
        onError: { target: "locked", actions: { type: "failLogin", params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})

export const loggedIn = sessionSetup.createStateConfig({
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
  states: { expiry, presence, lock },
})
