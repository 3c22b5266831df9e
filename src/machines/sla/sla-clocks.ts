/**
 * The SLA countdowns of the chat (page actor `sla-clocks`, opened by the conversation list): the clocks of the
 * conversations the agent sees, read every REFRESH_MS and at once when the watched ids change or an SLA alert arrives
 * on the socket; a one-second tick moves `now`, so the countdowns run between reads (`countdownOf`). Alerts (near
 * breach, breach) are kept for the view to show until dismissed.
 *
 *   idle --WATCH (ids)--> loading --done/error--> watching --after REFRESH_MS / WATCH (other ids) / rt.sla:alert--> loading
 */
import { Effect } from "effect"
import { assertEvent, assign, fromCallback, setup } from "xstate"
import type { SlaClock } from "../../contract/groups/sla"
import type { SlaToBrowser } from "../../contract/sla-events"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { fromRealtime, type RealtimeEvent } from "../common/realtime-actor"

export const REFRESH_MS = 10_000
export const TICK_MS = 1000
/** The most alerts kept: the newest. */
export const MAX_ALERTS = 5

export type SlaAlert = SlaToBrowser["sla:alert"]

export interface ClocksContext {
  readonly ids: readonly number[]
  readonly clocks: readonly SlaClock[]
  /** When (this browser's clock) the clocks were read. */
  readonly readAt: number
  readonly now: number
  readonly alerts: readonly SlaAlert[]
  readonly failure: Failure | null
}

export interface ClocksRead {
  readonly clocks: readonly SlaClock[]
  readonly readAt: number
}

export type ClocksEvent =
  | { type: "WATCH"; ids: readonly number[] }
  | { type: "TICK"; at: number }
  | { type: "DISMISS" }
  | RealtimeEvent<"sla">

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i])

export const slaClocksMachine = setup({
  types: { context: {} as ClocksContext, events: {} as ClocksEvent },
  actors: {
    socket: fromRealtime("sla"),
    ticker: fromCallback<ClocksEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: "TICK", at: Date.now() }), TICK_MS)
      return () => clearInterval(timer)
    }),
    read: fromEffect<ClocksRead, readonly number[]>((ids) =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("sla", "slaClocks", { conversation_ids: [...ids] })),
        (body) => ({ clocks: body.data, readAt: Date.now() }),
      ),
    ),
  },
  guards: {
    otherIds: ({ context, event }) => {
      assertEvent(event, "WATCH")
      return !sameIds(context.ids, event.ids)
    },
    hasIds: ({ context, event }) => {
      assertEvent(event, "WATCH")
      return event.ids.length > 0 || context.ids.length > 0
    },
  },
  actions: {
    keepIds: assign(({ event }) => {
      assertEvent(event, "WATCH")
      return { ids: event.ids.slice(0, 200) }
    }),
    keepAlert: assign(({ context, event }) => {
      assertEvent(event, "rt.sla:alert")
      const { type: _, ...alert } = event
      return { alerts: [...context.alerts, alert].slice(-MAX_ALERTS) }
    }),
  },
}).createMachine({
  id: "sla-clocks",
  context: { ids: [], clocks: [], readAt: 0, now: 0, alerts: [], failure: null },
  invoke: [
    { id: "socket", src: "socket" },
    { id: "ticker", src: "ticker" },
  ],
  on: {
    TICK: { actions: assign({ now: ({ event }) => event.at }) },
    DISMISS: { actions: assign({ alerts: [] }) },
    "rt.status": {},
  },
  initial: "idle",
  states: {
    idle: {
      on: { WATCH: { guard: "hasIds", target: "loading", actions: "keepIds" } },
    },
    loading: {
      invoke: {
        id: "read",
        src: "read",
        input: ({ context }) => context.ids,
        onDone: {
          target: "watching",
          actions: assign({
            clocks: ({ event }) => event.output.clocks,
            readAt: ({ event }) => event.output.readAt,
            now: ({ event }) => event.output.readAt,
            failure: null,
          }),
        },
        onError: { target: "watching", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
      on: {
        WATCH: { guard: "otherIds", target: "loading", reenter: true, actions: "keepIds" },
        "rt.sla:alert": { actions: "keepAlert" },
      },
    },
    watching: {
      after: { [REFRESH_MS]: { target: "loading" } },
      on: {
        WATCH: { guard: "otherIds", target: "loading", actions: "keepIds" },
        "rt.sla:alert": { target: "loading", actions: "keepAlert" },
      },
    },
  },
})
