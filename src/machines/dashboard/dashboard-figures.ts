/**
 * The range figures of the dashboard: every card's call for one date range, run side by side. Each card keeps its own
 * answer or failure, so one call the user may not make (calls summary without the voice-call permission) or one that
 * failed leaves the other cards standing, and its card says why with a Retry. A business a super admin picked is
 * named to each call that reads a named business.
 */
import { Effect } from "effect"
import type {
  CallsSummary,
  CampaignSummary,
  HeatMap,
  InfoBoxes,
  MessageStats,
  TemplateDelivery,
  Territory,
  TicketCount,
} from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { type DayRange, rangeQuery } from "./dashboard-range"

/** One card's answer: its value, or why there is none. */
export type Card<T> = { readonly value: T; readonly failure: null } | { readonly value: null; readonly failure: Failure }

export interface DashboardFigures {
  readonly boxes: Card<InfoBoxes>
  readonly messages: Card<MessageStats>
  readonly heatmap: Card<HeatMap>
  readonly calls: Card<CallsSummary>
  readonly tickets: Card<TicketCount>
  readonly campaigns: Card<readonly CampaignSummary[]>
  readonly templates: Card<readonly TemplateDelivery[]>
  readonly territories: Card<readonly Territory[]>
}

export type CardName = keyof DashboardFigures

const card = <A, E, R>(call: Effect.Effect<A, E, R>): Effect.Effect<Card<A>, never, R> =>
  call.pipe(
    Effect.map((value): Card<A> => ({ value, failure: null })),
    Effect.catch((error) => Effect.succeed<Card<A>>({ value: null, failure: failureOf(error) })),
  )

/** What one read is for: the days, and the business a super admin picked (null: the caller's own). */
export interface FiguresRead {
  readonly range: DayRange
  readonly clientId: number | null
}

export const loadFigures = ({ range, clientId }: FiguresRead) =>
  Effect.gen(function* () {
    const api = yield* Api
    const business = clientId === null ? {} : { client_id: clientId }
    const query = { ...rangeQuery(range), ...business }
    return yield* Effect.all(
      {
        boxes: card(api.call("dashboard", "infoBoxes", query).pipe(Effect.map((body) => body.data))),
        messages: card(api.call("dashboard", "messageStats", query).pipe(Effect.map((body) => body.data))),
        heatmap: card(api.call("dashboard", "chatHourly", query).pipe(Effect.map((body) => body.data))),
        calls: card(api.call("dashboard", "callsSummary", query).pipe(Effect.map((body) => body.data))),
        tickets: card(api.call("dashboard", "ticketCount", query).pipe(Effect.map((body) => body.data))),
        campaigns: card(api.call("dashboard", "fetchCustomerCampaign", query).pipe(Effect.map((body) => body.data))),
        templates: card(api.call("dashboard", "templateReport", query).pipe(Effect.map((body) => body.data))),
        territories: card(api.call("dashboard", "fetchShellTerritories", business).pipe(Effect.map((body) => body.data))),
      },
      { concurrency: "unbounded" },
    ) satisfies Effect.Effect<DashboardFigures, never, Api>
  })

export const dashboardActors = {
  figures: fromEffect((read: FiguresRead) => loadFigures(read)),
}
