/**
 * The dashboard page (/apps/dashboard and /dashboard, page actor `dashboard`): the range figures, read on demand for
 * the chosen days (on open, on a new range, on Refresh or Retry), and kept on screen while a refresh runs.
 *
 *   figures: loading --done--> ready | --error--> failed;  RANGE.SET (valid) / REFRESH --> loading
 *   RANGE.SET with a bad range: nothing is read, `rangeProblem` says why, the figures shown stay those of `range`
 */
import { assign, setup } from "xstate"
import { type Failure, failureOf } from "../common/failure"
import { errorOf, outputOf } from "../common/settled"
import { type DashboardFigures, dashboardActors } from "./dashboard-figures"
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
}

export type DashboardEvent = { type: "RANGE.SET"; range: DayRange } | { type: "REFRESH" }

export interface DashboardInput {
  /** Today (`YYYY-MM-DD`), from which the default range is counted. */
  readonly today: string
}

export const initialDashboard = ({ today }: DashboardInput): DashboardContext => {
  const range = defaultRange(new Date(`${today}T12:00:00`))
  return { range, draft: range, rangeProblem: null, figures: null, failure: null }
}

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    tags: {} as "loading",
  },
  actors: dashboardActors,
  guards: {
    goodRange: (_, range: DayRange) => rangeProblem(range) === null,
  },
  actions: {
    takeRange: assign((_, range: DayRange) => ({ range, draft: range, rangeProblem: null })),
    refuseRange: assign((_, range: DayRange) => ({ draft: range, rangeProblem: rangeProblem(range) })),
    store: assign((_, figures: DashboardFigures) => ({ figures, failure: null })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
  },
}).createMachine({
  id: "dashboard",
  context: ({ input }) => initialDashboard(input),
  initial: "loading",
  on: {
    "RANGE.SET": [
      {
        guard: { type: "goodRange", params: ({ event }) => event.range },
        target: ".loading",
        reenter: true,
        actions: { type: "takeRange", params: ({ event }) => event.range },
      },
      { actions: { type: "refuseRange", params: ({ event }) => event.range } },
    ],
    REFRESH: { target: ".loading", reenter: true },
  },
  states: {
    loading: {
      tags: "loading",
      invoke: {
        id: "figures",
        src: "figures",
        input: ({ context }) => context.range,
        onDone: { target: "ready", actions: { type: "store", params: outputOf } },
        onError: { target: "failed", actions: { type: "fail", params: errorOf } },
      },
    },
    ready: {},
    failed: {},
  },
})
