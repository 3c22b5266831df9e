/**
 * The "Clear cache" button (page actor `cache-clear`): asks the server to drop the tenant's cached data and keeps its
 * answer (which caches, how many entries) for the view to say.
 *
 *   idle --CLEAR--> clearing --done--> idle (result) ; --error--> idle (failure)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { CacheName } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export interface CacheResult {
  readonly cleared: number
  readonly caches: readonly CacheName[]
}

export const cacheClearMachine = setup({
  types: {
    context: {} as { readonly result: CacheResult | null; readonly failure: Failure | null },
    events: {} as { type: "CLEAR" },
    tags: {} as "busy",
  },
  actors: {
    clear: fromEffect<{ data: CacheResult }>(() =>
      Effect.gen(function* () {
        return yield* (yield* Api).call("blacklist", "clearCache", { scope: "all" })
      }),
    ),
  },
}).createMachine({
  id: "cache-clear",
  context: { result: null, failure: null },
  initial: "idle",
  states: {
    idle: { on: { CLEAR: { target: "clearing", actions: assign({ failure: null }) } } },
    clearing: {
      tags: ["busy"],
      invoke: {
        id: "clear",
        src: "clear",
        onDone: { target: "idle", actions: assign({ result: ({ event }) => event.output.data }) },
        onError: { target: "idle", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
