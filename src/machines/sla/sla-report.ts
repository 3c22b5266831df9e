/**
 * The SLA report (page actor `sla-report`): achieved, breached and open targets by policy, agent or channel over a
 * range of the tenant's days, read again whenever the grouping or the range changes; the CSV is the server's (one
 * writer, the words the view's), handed to the view as a file to save once.
 *
 *   loading --done/error--> ready --SET--> loading      ready --CSV--> exporting --done--> ready (file) --SAVED--> ready
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { SlaCsvHeadings, SlaReportBy, SlaReportRow } from "../../contract/groups/sla"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export interface ReportQuery {
  readonly by: SlaReportBy
  readonly start_date?: string
  readonly end_date?: string
}

export interface ReportFile {
  readonly id: number
  readonly filename: string
  readonly mime: string
  readonly content: string
}

export interface ReportContext {
  readonly query: ReportQuery
  readonly rows: readonly SlaReportRow[]
  readonly file: ReportFile | null
  readonly failure: Failure | null
}

/** CSV carries the file's words in the user's language (the view's SLA strings). */
export type ReportEvent = { type: "SET"; patch: Partial<ReportQuery> } | { type: "CSV"; headings: SlaCsvHeadings } | { type: "SAVED" }

export const slaReportMachine = setup({
  types: { context: {} as ReportContext, events: {} as ReportEvent },
  actors: {
    read: fromEffect<readonly SlaReportRow[], ReportQuery>((query) =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("sla", "slaReport", query)),
        (body) => body.data,
      ),
    ),
    csv: fromEffect<{ file_name: string; csv: string }, ReportQuery & { headings: SlaCsvHeadings }>((query) =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("sla", "slaReportCsv", query)),
        (body) => body.data,
      ),
    ),
  },
  actions: {
    set: assign(({ context, event }) => {
      assertEvent(event, "SET")
      return { query: { ...context.query, ...event.patch } }
    }),
  },
}).createMachine({
  id: "sla-report",
  context: { query: { by: "policy" }, rows: [], file: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "read",
        src: "read",
        input: ({ context }) => context.query,
        onDone: { target: "ready", actions: assign({ rows: ({ event }) => event.output, failure: null }) },
        onError: { target: "ready", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
      on: { SET: { target: "loading", reenter: true, actions: "set" } },
    },
    ready: {
      on: {
        SET: { target: "loading", actions: "set" },
        CSV: "exporting",
        SAVED: { actions: assign({ file: null }) },
      },
    },
    exporting: {
      invoke: {
        id: "csv",
        src: "csv",
        input: ({ context, event }) => {
          assertEvent(event, "CSV")
          return { ...context.query, headings: event.headings }
        },
        onDone: {
          target: "ready",
          actions: assign({
            file: ({ context, event }) => ({
              id: (context.file?.id ?? 0) + 1,
              filename: event.output.file_name,
              mime: "text/csv",
              content: event.output.csv,
            }),
          }),
        },
        onError: { target: "ready", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
