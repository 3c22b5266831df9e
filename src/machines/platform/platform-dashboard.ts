/**
 * The super admin's platform dashboard (page actor `platform-dashboard`): one read of the platform overview, shown
 * until REFRESH reads it again (the figures stay on screen meanwhile); a failed first read shows with RETRY, a failed
 * refresh keeps the figures it had and says so.
 *
 *   loading --done--> ready --REFRESH--> refreshing --done--> ready
 *      \--error--> failed --RETRY--> loading     refreshing --error--> ready (failure kept)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { PlatformOverview } from "../../contract/groups/platform"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export interface PlatformDashboardContext {
  readonly overview: PlatformOverview | null
  readonly failure: Failure | null
}

export type PlatformDashboardEvent = { type: "REFRESH" } | { type: "RETRY" }

export const loadOverview = fromEffect(() =>
  Effect.flatMap(Api, (api) => api.call("platform", "platformOverview", {})).pipe(Effect.map((body) => body.data)),
)

export const platformDashboardMachine = setup({
  types: { context: {} as PlatformDashboardContext, events: {} as PlatformDashboardEvent },
  actors: { loadOverview },
  actions: {
    store: assign((_, overview: PlatformOverview) => ({ overview, failure: null })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
  },
}).createMachine({
  id: "platformDashboard",
  context: { overview: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadOverview",
        src: "loadOverview",
        onDone: { target: "ready", actions: { type: "store", params: outputOf } },
        onError: { target: "failed", actions: { type: "fail", params: errorOf } },
      },
    },
    ready: { on: { REFRESH: "refreshing" } },
    refreshing: {
      invoke: {
        id: "loadOverview",
        src: "loadOverview",
        onDone: { target: "ready", actions: { type: "store", params: outputOf } },
        onError: { target: "ready", actions: { type: "fail", params: errorOf } },
      },
    },
    failed: { on: { RETRY: "loading" } },
  },
})
