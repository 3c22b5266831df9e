/**
 * The composer's product picker: search the tenant's in-stock products (`/chat/products`, trigram search),
 * pick one or several (at most `MAX_PRODUCTS_PER_MESSAGE`, WhatsApp's list limit), and the view hands the pick to the
 * conversation's outbox as one send. A page actor (`product-picker`), opened with the dialog.
 *
 *   searching --done--> ready --SEARCH--> waiting --(300 ms)--> searching      (typing restarts the wait)
 *            \--error--> failed --RETRY/SEARCH-->                              (TOGGLE/CLEAR in every state)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import { MAX_PRODUCTS_PER_MESSAGE } from "../../contract/schemas/chat"
import type { Product } from "../../contract/schemas/commerce"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export const SEARCH_WAIT_MS = 300
/** How many matches the picker shows (best first). */
export const PICKER_RESULTS = 20

export const searchProducts = fromEffect(({ query }: { query: string }) =>
  Effect.gen(function* () {
    const api = yield* Api
    const search = query.trim()
    const body = yield* api.call("chatProducts", "chatProducts", { limit: PICKER_RESULTS, ...(search ? { search } : {}) })
    return body.data
  }),
)

export interface PickerContext {
  readonly query: string
  readonly results: readonly Product[]
  readonly picked: readonly Product[]
  readonly failure: Failure | null
}

export type PickerEvent = { type: "SEARCH"; text: string } | { type: "TOGGLE"; product: Product } | { type: "CLEAR" } | { type: "RETRY" }

/** A picked product is unpicked; another is added while the message has room. */
export const toggled = (picked: readonly Product[], product: Product): readonly Product[] =>
  picked.some((p) => p.id === product.id)
    ? picked.filter((p) => p.id !== product.id)
    : picked.length < MAX_PRODUCTS_PER_MESSAGE
      ? [...picked, product]
      : picked

export const productPickerMachine = setup({
  types: { context: {} as PickerContext, events: {} as PickerEvent },
  actors: { search: searchProducts },
  actions: {
    remember: assign({ query: (_, text: string) => text }),
    store: assign({ results: (_, results: readonly Product[]) => results, failure: null }),
    fail: assign({ failure: (_, error: unknown) => failureOf(error) }),
    toggle: assign({ picked: ({ context }, product: Product) => toggled(context.picked, product) }),
    clear: assign({ picked: [] }),
  },
  delays: { wait: SEARCH_WAIT_MS },
}).createMachine({
  id: "product-picker",
  context: { query: "", results: [], picked: [], failure: null },
  initial: "searching",
  on: {
    SEARCH: { target: ".waiting", actions: { type: "remember", params: ({ event }) => event.text } },
    TOGGLE: { actions: { type: "toggle", params: ({ event }) => event.product } },
    CLEAR: { actions: "clear" },
  },
  states: {
    waiting: { tags: "loading", after: { wait: "searching" } },
    searching: {
      tags: "loading",
      invoke: {
        id: "search",
        src: "search",
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: "ready", actions: { type: "store", params: outputOf } },
        onError: { target: "failed", actions: { type: "fail", params: errorOf } },
      },
    },
    ready: {},
    failed: { on: { RETRY: "searching" } },
  },
})
