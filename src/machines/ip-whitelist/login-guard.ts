/**
 * The switch that extends the IP whitelist to console logins (page actor `ip-login-guard`). Switching it on while the
 * admin's own address is not on the list would lock them out at their next login: the machine stops in `confirming`
 * so the view can warn, and goes on only on CONFIRM. REFRESH re-reads (after the list changed).
 *
 *   loading --done--> ready --SET(on, own address listed or off)--> saving --done--> ready
 *          \--error--> failed --REFRESH--> loading    ready --SET(on, not listed)--> confirming --CONFIRM--> saving
 *                                                                                   \--CANCEL--> ready
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { IpWhitelistSettings } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export interface LoginGuardContext {
  readonly settings: IpWhitelistSettings | null
  readonly failure: Failure | null
}

export type LoginGuardEvent = { type: "SET"; on: boolean } | { type: "CONFIRM" } | { type: "CANCEL" } | { type: "REFRESH" }

/** Whether turning login enforcement on now would shut out the admin's own address. */
export const locksOut = (settings: IpWhitelistSettings | null): boolean => settings !== null && !settings.your_ip_listed

export const loginGuardMachine = setup({
  types: { context: {} as LoginGuardContext, events: {} as LoginGuardEvent, tags: {} as "busy" },
  actors: {
    load: fromEffect<{ data: IpWhitelistSettings }>(() =>
      Effect.gen(function* () {
        return yield* (yield* Api).call("ipWhitelist", "getIpWhitelistSettings", {})
      }),
    ),
    save: fromEffect<{ data: IpWhitelistSettings }, boolean>((on) =>
      Effect.gen(function* () {
        return yield* (yield* Api).call("ipWhitelist", "setIpWhitelistSettings", { enforce_login: on })
      }),
    ),
  },
  guards: {
    wouldLockOut: ({ context }, on: boolean) => on && locksOut(context.settings),
  },
}).createMachine({
  id: "ip-login-guard",
  context: { settings: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: assign({ settings: ({ event }) => event.output.data, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { REFRESH: "loading" } },
    ready: {
      on: {
        REFRESH: "loading",
        SET: [
          { guard: { type: "wouldLockOut", params: ({ event }) => event.on }, target: "confirming" },
          { target: "saving", actions: assign({ failure: null }) },
        ],
      },
    },
    confirming: { on: { CONFIRM: "saving", CANCEL: "ready" } },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "save",
        src: "save",
        // From `confirming` only ever to switch it on.
        input: ({ event }) => {
          assertEvent(event, ["SET", "CONFIRM"])
          return event.type === "SET" ? event.on : true
        },
        onDone: { target: "ready", actions: assign({ settings: ({ event }) => event.output.data }) },
        onError: { target: "ready", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
