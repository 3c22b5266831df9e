/**
 * The super admin's business picker, wherever a screen acts on one business: the businesses are read once, the box
 * filters them by what is typed (name or number, any case), the arrow keys move the highlight through the matches,
 * Enter or a click chooses one (emitted as `chosen`), Escape closes the list. A failed read shows with RETRY. SHOW
 * names the business the screen acts on now (a form that picked one itself, or after a choice it took): shown as chosen,
 * nothing emitted.
 *
 *   loading --done--> ready.closed --OPEN | QUERY--> ready.open --CHOOSE | CHOOSE.HIGHLIGHTED | CLOSE--> ready.closed
 *      \--error--> failed --RETRY--> loading        ready.open --QUERY | HIGHLIGHT.MOVE | HIGHLIGHT.SET--> ready.open
 */
import { Effect } from "effect"
import { assertEvent, assign, emit, enqueueActions, setup } from "xstate"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export interface PickedBusiness {
  readonly id: number
  readonly name: string
  readonly active: boolean
}

export interface BusinessPickerContext {
  readonly businesses: readonly PickedBusiness[]
  readonly query: string
  /** Index into the matches of `query`. */
  readonly highlighted: number
  readonly chosen: PickedBusiness | null
  /** The business to show as chosen once the list is read (the screen's current one). */
  readonly initialId: number | null
  readonly failure: Failure | null
}

export type BusinessPickerEvent =
  | { type: "OPEN" }
  | { type: "CLOSE" }
  | { type: "QUERY"; text: string }
  | { type: "HIGHLIGHT.MOVE"; by: 1 | -1 }
  | { type: "HIGHLIGHT.SET"; index: number }
  | { type: "CHOOSE"; id: number }
  | { type: "CHOOSE.HIGHLIGHTED" }
  | { type: "RETRY" }
  | { type: "SHOW"; id: number | null }

export type BusinessPickerEmitted = { type: "chosen"; business: PickedBusiness }

/** The businesses whose name or number holds what was typed, in the list's order. */
export const matchesOf = (businesses: readonly PickedBusiness[], query: string): readonly PickedBusiness[] => {
  const q = query.trim().toLocaleLowerCase()
  return q === "" ? businesses : businesses.filter((b) => b.name.toLocaleLowerCase().includes(q) || String(b.id) === q)
}

export const loadPickable = fromEffect(() =>
  Effect.flatMap(Api, (api) => api.call("businesses", "fetchClients", {})).pipe(
    Effect.map((body) => body.data.map((c): PickedBusiness => ({ id: c.id, name: c.name, active: c.active }))),
  ),
)

const wrap = (index: number, length: number) => (length === 0 ? 0 : (index + length) % length)

export const businessPickerMachine = setup({
  types: {
    context: {} as BusinessPickerContext,
    events: {} as BusinessPickerEvent,
    emitted: {} as BusinessPickerEmitted,
    input: {} as { readonly clientId?: number | null },
  },
  actors: { loadPickable },
  guards: {
    hasMatch: ({ context }) => matchesOf(context.businesses, context.query).length > 0,
    isListed: ({ context, event }) => event.type === "CHOOSE" && context.businesses.some((b) => b.id === event.id),
  },
  actions: {
    store: assign(({ context }, businesses: readonly PickedBusiness[]) => ({
      businesses,
      chosen: businesses.find((b) => b.id === context.initialId) ?? null,
      failure: null,
    })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    query: assign(({ event }) => {
      assertEvent(event, "QUERY")
      return { query: event.text, highlighted: 0 }
    }),
    move: assign(({ context, event }) => {
      assertEvent(event, "HIGHLIGHT.MOVE")
      return { highlighted: wrap(context.highlighted + event.by, matchesOf(context.businesses, context.query).length) }
    }),
    highlight: assign(({ event }) => {
      assertEvent(event, "HIGHLIGHT.SET")
      return { highlighted: Math.max(0, event.index) }
    }),
    choose: enqueueActions(({ context, event, enqueue }) => {
      const business =
        event.type === "CHOOSE"
          ? context.businesses.find((b) => b.id === event.id)
          : matchesOf(context.businesses, context.query)[context.highlighted]
      if (!business) return
      enqueue.assign({ chosen: business, query: "", highlighted: 0 })
      enqueue(emit({ type: "chosen", business }))
    }),
    reset: assign({ query: "", highlighted: 0 }),
    show: assign(({ context, event }) => {
      assertEvent(event, "SHOW")
      return { initialId: event.id, chosen: context.businesses.find((b) => b.id === event.id) ?? null }
    }),
  },
}).createMachine({
  id: "businessPicker",
  context: ({ input }) => ({
    businesses: [],
    query: "",
    highlighted: 0,
    chosen: null,
    initialId: input?.clientId ?? null,
    failure: null,
  }),
  initial: "loading",
  on: { SHOW: { actions: "show" } },
  states: {
    loading: {
      invoke: {
        id: "loadPickable",
        src: "loadPickable",
        onDone: { target: "ready", actions: { type: "store", params: outputOf } },
        onError: { target: "failed", actions: { type: "fail", params: errorOf } },
      },
    },
    ready: {
      initial: "closed",
      states: {
        closed: {
          on: {
            OPEN: "open",
            QUERY: { target: "open", actions: "query" },
            CHOOSE: { guard: "isListed", actions: "choose" },
          },
        },
        open: {
          on: {
            CLOSE: { target: "closed", actions: "reset" },
            QUERY: { actions: "query" },
            "HIGHLIGHT.MOVE": { actions: "move" },
            "HIGHLIGHT.SET": { actions: "highlight" },
            CHOOSE: { guard: "isListed", target: "closed", actions: "choose" },
            "CHOOSE.HIGHLIGHTED": { guard: "hasMatch", target: "closed", actions: "choose" },
          },
        },
      },
    },
    failed: { on: { RETRY: "loading" } },
  },
})
