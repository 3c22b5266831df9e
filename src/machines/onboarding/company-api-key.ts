/**
 * The company sub-page custom_api (page actor `company-api-key`): the business's API key as a hint, a new key made
 * (shown once, until DISMISS) or the key revoked, each confirmed first. Made from the detail loader.
 *
 *   loading --> ready --ASK--> confirming --CONFIRM--> working --> ready (rotate: newKey shown)
 *                                  \--CANCEL--> ready            (RETRY from failed; a failed write back to ready)
 */
import { Effect } from "effect"
import { assign } from "xstate"
import type { ApiKeyState } from "../../contract/groups/company"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export type KeyAction = "rotate" | "revoke"

export interface CompanyApiKeyContext {
  readonly key: ApiKeyState | null
  readonly asking: KeyAction | null
  /** The key a rotate made, shown once. */
  readonly newKey: string | null
  readonly failure: Failure | null
}

export type CompanyApiKeyEvent = { type: "ASK"; action: KeyAction } | { type: "CONFIRM" } | { type: "CANCEL" } | { type: "DISMISS" }

type Written = { readonly state: ApiKeyState; readonly key: string | null }

const load = () =>
  Effect.gen(function* () {
    return (yield* (yield* Api).call("company", "apiKeyState", {})).data
  })

const write = (action: KeyAction) =>
  Effect.gen(function* () {
    const api = yield* Api
    if (action === "revoke") return { state: (yield* api.call("company", "apiKeyRevoke", {})).data, key: null } satisfies Written
    const { key, ...state } = (yield* api.call("company", "apiKeyRotate", {})).data
    return { state, key } satisfies Written
  })

const empty = (): CompanyApiKeyContext => ({ key: null, asking: null, newKey: null, failure: null })

const detail = detailMachine({
  types: { context: {} as CompanyApiKeyContext, events: {} as CompanyApiKeyEvent, tags: {} as "confirming" | "working" },
  load: fromEffect(load),
  actors: { write: fromEffect(write) },
  loadInput: () => undefined,
  stored: (context, key: ApiKeyState) => ({ ...context, key }),
  closed: empty,
})

export const companyApiKeyMachine = detail.kit
  .extend({
    actions: {
      ask: assign((_, action: KeyAction) => ({ asking: action, newKey: null, failure: null })),
      cancel: assign({ asking: null }),
      dismiss: assign({ newKey: null }),
      written: assign((_, written: Written) => ({ key: written.state, newKey: written.key, asking: null, failure: null })),
    },
  })
  .createMachine({
    id: "company-api-key",
    context: empty,
    initial: "loading",
    on: detail.on,
    states: {
      ...detail.states,
      ready: {
        ...detail.states.ready,
        on: {
          ASK: { target: "confirming", actions: { type: "ask", params: ({ event }) => event.action } },
          DISMISS: { actions: "dismiss" },
        },
      },
      confirming: {
        tags: ["ready", "confirming"],
        on: { CONFIRM: { target: "working" }, CANCEL: { target: "ready", actions: "cancel" } },
      },
      working: {
        tags: ["ready", "confirming", "working"],
        invoke: {
          id: "write",
          src: "write",
          input: ({ context }) => context.asking ?? "rotate",
          onDone: { target: "ready", actions: { type: "written", params: outputOf<Written> } },
          onError: { target: "ready", actions: ["cancel", { type: "detail.fail", params: errorOf }] },
        },
      },
    },
  })
