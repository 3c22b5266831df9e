/**
 * The "find nearest" tool (page actor `nearest-finder`): a point typed as coordinates (or a branch's, picked from the
 * list) gives the tenant's nearest branches with their distance, whether they are open now and a map link, exactly
 * as a customer sharing that location would get them.
 *
 *   idle --FIND--> finding --done--> idle (branches kept) / --error--> idle (failure kept); POINT edits the point
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { NearbyLocation } from "../../contract/schemas/locations"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { degreesOf } from "./branch-editor"

export const NEAREST_LIMIT = 5

export interface NearestPoint {
  readonly latitude: string
  readonly longitude: string
  readonly openOnly: boolean
}

export interface NearestContext {
  readonly point: NearestPoint
  /** The answer to the last search; null before one. */
  readonly found: readonly NearbyLocation[] | null
  readonly problem: "pointInvalid" | null
  readonly failure: Failure | null
}

export type NearestEvent = { type: "POINT"; patch: Partial<NearestPoint> } | { type: "FIND" }

export const nearestQueryOf = (point: NearestPoint) => {
  const latitude = degreesOf(point.latitude, 90)
  const longitude = degreesOf(point.longitude, 180)
  return latitude === null || longitude === null ? null : { latitude, longitude, limit: NEAREST_LIMIT, open_only: point.openOnly }
}

export const nearestFinderMachine = setup({
  types: { context: {} as NearestContext, events: {} as NearestEvent, tags: {} as "busy" },
  actors: {
    find: fromEffect<readonly NearbyLocation[], NearestPoint>((point) =>
      Effect.gen(function* () {
        const query = nearestQueryOf(point)
        if (!query) return yield* Effect.fail(new Error("pointInvalid"))
        const api = yield* Api
        const body = yield* api.call("locations", "searchClientLocation", query)
        return body.data
      }),
    ),
  },
  guards: { pointValid: ({ context }) => nearestQueryOf(context.point) !== null },
}).createMachine({
  id: "nearest-finder",
  initial: "idle",
  context: { point: { latitude: "", longitude: "", openOnly: false }, found: null, problem: null, failure: null },
  states: {
    idle: {
      on: {
        POINT: { actions: assign({ point: ({ context, event }) => ({ ...context.point, ...event.patch }), problem: null }) },
        FIND: [
          { guard: "pointValid", target: "finding", actions: assign({ failure: null }) },
          { actions: assign({ problem: "pointInvalid" as const }) },
        ],
      },
    },
    finding: {
      tags: "busy",
      invoke: {
        id: "find",
        src: "find",
        input: ({ context }) => context.point,
        onDone: { target: "idle", actions: assign({ found: ({ event }) => event.output }) },
        onError: { target: "idle", actions: assign({ failure: ({ event }) => failureOf(event.error), found: null }) },
      },
    },
  },
})
