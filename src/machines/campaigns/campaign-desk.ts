/**
 * What the current-campaigns screen does with campaigns (page actor `campaign-desk`): live progress from the socket
 * (`campaign:progress`, kept by id over the list's rows), status changes and retries (only those the shared rule
 * allows: contract/campaign-rules.ts; the server refuses the rest with a 409 naming the status), the open campaign's
 * outbox (each number's status and failure reason) and its CSV report, streamed (`templateTools.campaignReportRows`:
 * the server writes the rows as it reads them and the file is built as they arrive, never held whole).
 *
 *   idle --CHANGE / RETRY (allowed)--> working --done--> idle (list reloaded) ; --error--> idle (failure kept)
 *   idle --OPEN id--> outbox loading --done--> idle ; DOWNLOAD id --> downloading --done--> idle (file kept)
 */
import { Effect, Schema } from "effect"
import { CAMPAIGN_CSV_HEADER, campaignCsvLine, campaignReportFileName } from "../../contract/campaign-report"
import { assertEvent, assign, setup } from "xstate"
import { mayRetry, tenantMay } from "../../contract/campaign-rules"
import { type Campaign, CampaignRecipient } from "../../contract/schemas/campaigns"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { fromRealtime, type RealtimeEvent } from "../common/realtime-actor"
import { reloadReport } from "../common/reload-report"

export type Change = "scheduled" | "running" | "paused" | "stopped"

export interface DeskContext {
  /** The newest snapshot of each campaign the socket announced. */
  readonly live: Readonly<Record<number, Campaign>>
  readonly openId: number | null
  readonly outbox: readonly CampaignRecipient[]
  readonly outboxTotal: number
  readonly file: { readonly name: string; readonly content: Blob } | null
  readonly failure: Failure | null
}

export type DeskEvent =
  | RealtimeEvent<"campaigns">
  | { type: "CHANGE"; campaign: Campaign; to: Change }
  | { type: "RETRY"; campaign: Campaign }
  | { type: "OPEN"; id: number }
  | { type: "CLOSE" }
  | { type: "DOWNLOAD"; campaign: Pick<Campaign, "id" | "name"> }
  | { type: "FILE.DONE" }

/** The campaign as the socket last showed it, else as the list read it. */
export const liveOf = (live: DeskContext["live"], row: Campaign): Campaign => live[row.id] ?? row

const OUTBOX_LIMIT = 200
const decodeRecipient = Schema.decodeUnknownSync(CampaignRecipient)

export const campaignDeskMachine = setup({
  types: { context: {} as DeskContext, events: {} as DeskEvent },
  actors: {
    socket: fromRealtime("campaigns"),
    change: fromEffect<Campaign, { id: number; to: Change }>(({ id, to }) =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("templates", "changeCampaignStatus", { id, status: to })),
        (b) => b.data,
      ),
    ),
    retry: fromEffect<Campaign, { id: number }>(({ id }) =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("templates", "templateRetryCampaign", { id })),
        (b) => b.data,
      ),
    ),
    outbox: fromEffect<{ items: readonly CampaignRecipient[]; total: number }, { id: number }>(({ id }) =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("templates", "templateRecipientNumbers", { campaign_id: id, limit: OUTBOX_LIMIT })),
        (b) => ({ items: b.data.items, total: b.data.totalItems }),
      ),
    ),
    download: fromEffect<{ name: string; content: Blob }, Pick<Campaign, "id" | "name">>((c) =>
      Effect.map(
        streamCsvExport({
          group: "templateTools",
          name: "campaignReportRows",
          payload: { id: c.id },
          rowsAt: ["data", "items"],
          header: CAMPAIGN_CSV_HEADER,
          lineOf: (row) => campaignCsvLine(decodeRecipient(row)),
          mime: "text/csv",
        }),
        (file) => ({ name: campaignReportFileName(c), content: file.content }),
      ),
    ),
  },
  guards: {
    allowed: ({ event }) => {
      assertEvent(event, "CHANGE")
      return tenantMay(event.campaign.status, event.to)
    },
    retryable: ({ event }) => {
      assertEvent(event, "RETRY")
      return mayRetry(event.campaign)
    },
  },
  actions: {
    keep: assign(({ context, event }) => {
      assertEvent(event, "rt.campaign:progress")
      const { type: _type, ...campaign } = event
      return { live: { ...context.live, [campaign.id]: campaign as Campaign } }
    }),
    reloadList: reloadReport("report-campaigns"),
  },
}).createMachine({
  id: "campaign-desk",
  context: { live: {}, openId: null, outbox: [], outboxTotal: 0, file: null, failure: null },
  invoke: { id: "socket", src: "socket" },
  on: {
    "rt.campaign:progress": { actions: "keep" },
    "rt.status": {},
    "FILE.DONE": { actions: assign({ file: null }) },
    CLOSE: { actions: assign({ openId: null, outbox: [], outboxTotal: 0 }) },
  },
  initial: "idle",
  states: {
    idle: {
      on: {
        CHANGE: { guard: "allowed", target: "changing" },
        RETRY: { guard: "retryable", target: "retrying" },
        OPEN: { target: "loadingOutbox", actions: assign({ openId: ({ event }) => event.id, outbox: [], outboxTotal: 0 }) },
        DOWNLOAD: { target: "downloading" },
      },
    },
    changing: {
      invoke: {
        id: "change",
        src: "change",
        input: ({ event }) => {
          assertEvent(event, "CHANGE")
          return { id: event.campaign.id, to: event.to }
        },
        onDone: {
          target: "idle",
          actions: [
            assign({ live: ({ context, event }) => ({ ...context.live, [event.output.id]: event.output }), failure: null }),
            "reloadList",
          ],
        },
        onError: { target: "idle", actions: [assign({ failure: ({ event }) => failureOf(event.error) }), "reloadList"] },
      },
    },
    retrying: {
      invoke: {
        id: "retry",
        src: "retry",
        input: ({ event }) => {
          assertEvent(event, "RETRY")
          return { id: event.campaign.id }
        },
        onDone: {
          target: "idle",
          actions: [
            assign({ live: ({ context, event }) => ({ ...context.live, [event.output.id]: event.output }), failure: null }),
            "reloadList",
          ],
        },
        onError: { target: "idle", actions: [assign({ failure: ({ event }) => failureOf(event.error) }), "reloadList"] },
      },
    },
    loadingOutbox: {
      invoke: {
        id: "outbox",
        src: "outbox",
        input: ({ context }) => ({ id: context.openId ?? 0 }),
        onDone: {
          target: "idle",
          actions: assign({ outbox: ({ event }) => event.output.items, outboxTotal: ({ event }) => event.output.total }),
        },
        onError: { target: "idle", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    downloading: {
      invoke: {
        id: "download",
        src: "download",
        input: ({ event }) => {
          assertEvent(event, "DOWNLOAD")
          return event.campaign
        },
        onDone: { target: "idle", actions: assign({ file: ({ event }) => event.output, failure: null }) },
        onError: { target: "idle", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
