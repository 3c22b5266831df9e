/**
 * The dashboard page (/apps/dashboard and /dashboard, page actor `dashboard`), two regions:
 *
 *   figures: choosing --> unpicked --BUSINESS.PICK--> choosing --> loading --done--> ready | --error--> failed
 *     RANGE.SET (valid) / REFRESH / BUSINESS.PICK --> choosing (loading once the business is known)
 *     The chosen days' figures, read on demand: on open, on a new range, on Refresh or Retry, and after the socket
 *     comes back (events were missed meanwhile). The last figures stay on screen while a read runs. A bad range
 *     reads nothing: `rangeProblem` says why and the figures shown stay those of `range`. A super admin (`picks`) is
 *     no business's member: nothing is read until they pick the business (`unpicked`).
 *   live: connecting --rt.status--> connected <--> disconnected
 *     The "now" boxes: the socket's `dashboard:now` events move them, no polling (dashboard-now.ts keeps the latest
 *     reading of events and reads). The socket speaks for the caller's own business only: for a picked business the
 *     boxes hold what the last read said.
 */
import { assign, raise, setup } from "xstate"
import type { DashboardNow } from "../../contract/schemas/reports"
import { type Failure, failureOf } from "../common/failure"
import { fromRealtime } from "../common/realtime-actor"
import { errorOf, outputOf } from "../common/settled"
import { type DashboardFigures, dashboardActors } from "./dashboard-figures"
import { applyEvent, applyRead, type LiveNow } from "./dashboard-now"
import { type DayRange, defaultRange, type RangeProblem, rangeProblem } from "./dashboard-range"

export interface DashboardContext {
  /** The range the figures are (being) read for. */
  readonly range: DayRange
  /** What the picker shows: the range, or a refused one the user is still fixing. */
  readonly draft: DayRange
  readonly rangeProblem: RangeProblem | null
  readonly figures: DashboardFigures | null
  /** The read failed as a whole (a defect: each card's own failure is in `figures`). */
  readonly failure: Failure | null
  readonly live: LiveNow
  /** The user picks the business the page shows (a super admin); otherwise it is their own. */
  readonly picks: boolean
  /** The business picked; null until then, and always for a business's own members. */
  readonly clientId: number | null
}

export type DashboardEvent =
  | { type: "RANGE.SET"; range: DayRange }
  | { type: "REFRESH" }
  | { type: "BUSINESS.PICK"; clientId: number }
  | { type: "rt.dashboard:now"; seq: number; now: DashboardNow }
  | { type: "rt.status"; status: "connected" | "disconnected" | "unauthorized" }

export interface DashboardInput {
  /** Today (`YYYY-MM-DD`), from which the default range is counted. */
  readonly today: string
  /** The user picks the business first (a super admin). */
  readonly picks?: boolean
}

export const initialDashboard = ({ today, picks = false }: DashboardInput): DashboardContext => {
  const range = defaultRange(new Date(`${today}T12:00:00`))
  return { range, draft: range, rangeProblem: null, figures: null, failure: null, live: { now: null, seq: 0 }, picks, clientId: null }
}

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    tags: {} as "loading" | "live",
  },
  actors: { ...dashboardActors, socket: fromRealtime("dashboard") },
  guards: {
    goodRange: (_, range: DayRange) => rangeProblem(range) === null,
    connected: (_, status: string) => status === "connected",
    dropped: (_, status: string) => status !== "connected",
    readable: ({ context }) => !context.picks || context.clientId !== null,
    ownBusiness: ({ context }) => !context.picks,
    picksBusiness: ({ context }) => context.picks,
  },
  actions: {
    takeRange: assign((_, range: DayRange) => ({ range, draft: range, rangeProblem: null })),
    refuseRange: assign((_, range: DayRange) => ({ draft: range, rangeProblem: rangeProblem(range) })),
    store: assign(({ context }, figures: DashboardFigures) => ({
      figures,
      failure: null,
      live: figures.boxes.value ? applyRead(context.live, figures.boxes.value.now) : context.live,
    })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    pick: assign((_, clientId: number) => ({ clientId, figures: null, failure: null, live: { now: null, seq: 0 } })),
    takeNow: assign(({ context }, { seq, now }: { seq: number; now: DashboardNow }) => ({ live: applyEvent(context.live, seq, now) })),
  },
}).createMachine({
  id: "dashboard",
  context: ({ input }) => initialDashboard(input),
  type: "parallel",
  on: {
    "rt.dashboard:now": { guard: "ownBusiness", actions: { type: "takeNow", params: ({ event }) => event } },
  },
  states: {
    figures: {
      // Handled here, not on the root: a new read restarts this region only, never the socket's.
      on: {
        "RANGE.SET": [
          {
            guard: { type: "goodRange", params: ({ event }) => event.range },
            target: ".choosing",
            actions: { type: "takeRange", params: ({ event }) => event.range },
          },
          { actions: { type: "refuseRange", params: ({ event }) => event.range } },
        ],
        // Not `reenter`: re-entering this region would also re-enter its parallel sibling (and restart the socket).
        REFRESH: { target: ".choosing" },
        "BUSINESS.PICK": { guard: "picksBusiness", target: ".choosing", actions: { type: "pick", params: ({ event }) => event.clientId } },
      },
      initial: "choosing",
      states: {
        choosing: { always: [{ guard: "readable", target: "loading" }, { target: "unpicked" }] },
        unpicked: {},
        loading: {
          tags: "loading",
          invoke: {
            id: "figures",
            src: "figures",
            input: ({ context }) => ({ range: context.range, clientId: context.clientId }),
            onDone: { target: "ready", actions: { type: "store", params: outputOf } },
            onError: { target: "failed", actions: { type: "fail", params: errorOf } },
          },
        },
        ready: {},
        failed: {},
      },
    },
    live: {
      invoke: { id: "socket", src: "socket" },
      initial: "connecting",
      states: {
        connecting: {
          on: { "rt.status": { guard: { type: "connected", params: ({ event }) => event.status }, target: "connected" } },
        },
        connected: {
          tags: "live",
          on: { "rt.status": { guard: { type: "dropped", params: ({ event }) => event.status }, target: "disconnected" } },
        },
        disconnected: {
          // Back after a gap: the events sent meanwhile are lost, so the figures (and their `now`) are read afresh.
          on: {
            "rt.status": {
              guard: { type: "connected", params: ({ event }) => event.status },
              target: "connected",
              actions: raise({ type: "REFRESH" }),
            },
          },
        },
      },
    },
  },
})
