/**
 * What the OTP users screen offers to choose from (page actor `otp-choices`): the tenant's console users and OTP
 * providers, read once when the screen opens.
 *
 *   loading --done--> ready;  loading --error--> failed --RETRY--> loading
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export interface Choice {
  readonly id: number
  readonly name: string
}

export interface OtpChoices {
  readonly users: readonly Choice[]
  readonly providers: readonly Choice[]
}

export const loadChoices = fromEffect(() =>
  Effect.gen(function* () {
    const api = yield* Api
    const [users, providers] = yield* Effect.all(
      [api.call("users", "fetchListUsers", { page: 1, limit: 200 }), api.call("otp", "fetchOtpProviders", { page: 1, limit: 200 })],
      { concurrency: 2 },
    )
    return {
      users: users.data.items.map((u) => ({ id: u.id, name: u.username })),
      providers: providers.data.items.map((p) => ({ id: p.id, name: p.name })),
    } satisfies OtpChoices
  }),
)

export const otpChoicesMachine = setup({
  types: { context: {} as { choices: OtpChoices; failure: Failure | null }, events: {} as { type: "RETRY" } },
  actors: { loadChoices },
}).createMachine({
  id: "otpChoices",
  context: { choices: { users: [], providers: [] }, failure: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadChoices",
        src: "loadChoices",
        onDone: { target: "ready", actions: assign({ choices: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: {},
    failed: { on: { RETRY: "loading" } },
  },
})
