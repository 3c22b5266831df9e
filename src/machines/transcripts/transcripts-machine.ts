/**
 * Transcripts on Overall History and in the open conversation (page actor `transcripts`): "Download transcript"
 * fetches one conversation's PDF or CSV and offers it to the browser; "Export transcripts" asks the server for a zip of
 * the conversations of the list's current filter, follows its progress until it is done (its link is offered) or
 * failed. The two go on side by side: a download while an export runs is fine.
 *
 *   single: idle --DOWNLOAD--> fetching --done--> idle (download) | --error--> idle (failure)
 *   bulk:   idle --EXPORT--> starting --done--> tracking.waiting --POLL--> tracking.checking --done [finished]--> finished
 *           tracking.checking --done--> tracking.waiting | --error--> finished (failure)
 *           starting --error--> idle (failure)          finished --DISMISS / EXPORT--> idle / starting
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { TranscriptExport, TranscriptFile, TranscriptFormat, TranscriptLanguage } from "../../contract/groups/transcripts"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import type { ExportFile } from "../report-kit/report-machine"
import { type HistoryFilters, historyRequestOf } from "../workspace/conversation-reports"

export const POLL_MS = 1000

/** Overall History's filter as the export takes it (the list's request without its page). */
export type ExportFilter = Omit<ReturnType<typeof historyRequestOf>, "page" | "limit">

export const exportFilterOf = (filters: HistoryFilters, search: string): ExportFilter => {
  const { page: _page, limit: _limit, ...filter } = historyRequestOf(filters, search, 1, 1)
  return filter
}

/** The file's bytes from the call's base64 text. */
export const fileOf = (file: TranscriptFile): ExportFile => {
  const bytes = Uint8Array.from(atob(file.data_base64), (c) => c.charCodeAt(0))
  return { filename: file.file_name, mime: file.mime_type, content: new Blob([bytes], { type: file.mime_type }) }
}

/** The file's language from the console's (`tr-TR` is Turkish; anything unknown is English). */
export const transcriptLanguageOf = (language: string): TranscriptLanguage =>
  language.startsWith("tr") ? "tr" : language.startsWith("ar") ? "ar" : "en"

export const finished = (e: TranscriptExport) => e.status === "done" || e.status === "failed"

export interface TranscriptsContext {
  readonly download: (ExportFile & { readonly id: number }) | null
  /** The conversation whose file is being fetched. */
  readonly fetching: number | null
  readonly job: TranscriptExport | null
  readonly failure: Failure | null
  readonly exportFailure: Failure | null
}

export type TranscriptsEvent =
  | { type: "DOWNLOAD"; conversationId: number; format: TranscriptFormat; language: TranscriptLanguage }
  | { type: "DOWNLOAD.SAVED" }
  | { type: "EXPORT"; format: TranscriptFormat; language: TranscriptLanguage; filter: ExportFilter }
  | { type: "DISMISS" }

const fetchFile = fromEffect((input: { id: number; format: TranscriptFormat; language: TranscriptLanguage }) =>
  Effect.flatMap(Api, (api) => api.call("transcripts", "transcriptFile", input)).pipe(Effect.map((body) => fileOf(body.data))),
)

const startExport = fromEffect((input: { format: TranscriptFormat; language: TranscriptLanguage; filter: ExportFilter }) =>
  Effect.flatMap(Api, (api) =>
    api.call("transcripts", "transcriptExportStart", { format: input.format, language: input.language, ...input.filter }),
  ).pipe(Effect.map((body) => body.data)),
)

const readExport = fromEffect((id: number) =>
  Effect.flatMap(Api, (api) => api.call("transcripts", "transcriptExportById", { id })).pipe(Effect.map((body) => body.data)),
)

const empty: TranscriptsContext = { download: null, fetching: null, job: null, failure: null, exportFailure: null }
let downloads = 0

export const transcriptsMachine = setup({
  types: { context: {} as TranscriptsContext, events: {} as TranscriptsEvent },
  actors: { fetchFile, startExport, readExport },
  delays: { POLL: POLL_MS },
  guards: {
    finished: (_, job: TranscriptExport) => finished(job),
  },
  actions: {
    fetching: assign(({ event }) => {
      assertEvent(event, "DOWNLOAD")
      return { fetching: event.conversationId, failure: null }
    }),
    offer: assign((_, file: ExportFile) => ({ download: { ...file, id: ++downloads }, fetching: null })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error), fetching: null })),
    saved: assign({ download: null }),
    track: assign((_, job: TranscriptExport) => ({ job, exportFailure: null })),
    exportFail: assign((_, error: unknown) => ({ exportFailure: failureOf(error) })),
    clearExport: assign({ job: null, exportFailure: null }),
  },
}).createMachine({
  id: "transcripts",
  context: empty,
  type: "parallel",
  states: {
    single: {
      initial: "idle",
      states: {
        idle: {
          on: {
            DOWNLOAD: { target: "fetching", actions: "fetching" },
            "DOWNLOAD.SAVED": { actions: "saved" },
          },
        },
        fetching: {
          invoke: {
            src: "fetchFile",
            id: "fetchFile",
            input: ({ event }) => {
              assertEvent(event, "DOWNLOAD")
              return { id: event.conversationId, format: event.format, language: event.language }
            },
            onDone: { target: "idle", actions: { type: "offer", params: outputOf } },
            onError: { target: "idle", actions: { type: "fail", params: errorOf } },
          },
        },
      },
    },
    bulk: {
      initial: "idle",
      states: {
        idle: { on: { EXPORT: { target: "starting", actions: "clearExport" } } },
        starting: {
          invoke: {
            src: "startExport",
            id: "startExport",
            input: ({ event }) => {
              assertEvent(event, "EXPORT")
              return { format: event.format, language: event.language, filter: event.filter }
            },
            onDone: { target: "tracking", actions: { type: "track", params: outputOf } },
            onError: { target: "idle", actions: { type: "exportFail", params: errorOf } },
          },
        },
        tracking: {
          initial: "waiting",
          states: {
            waiting: { after: { POLL: "checking" } },
            checking: {
              invoke: {
                src: "readExport",
                id: "readExport",
                input: ({ context }) => context.job?.id ?? 0,
                onDone: [
                  {
                    guard: { type: "finished", params: outputOf },
                    target: "#transcripts.bulk.finished",
                    actions: { type: "track", params: outputOf },
                  },
                  { target: "waiting", actions: { type: "track", params: outputOf } },
                ],
                onError: { target: "#transcripts.bulk.finished", actions: { type: "exportFail", params: errorOf } },
              },
            },
          },
        },
        finished: {
          on: {
            DISMISS: { target: "idle", actions: "clearExport" },
            EXPORT: { target: "starting", actions: "clearExport" },
          },
        },
      },
    },
  },
})
