/**
 * What keeps the client-webhook screen current while it is open (page actor `webhooks-live`): the event types the
 * server publishes (for the editor's picker, read once when the screen opens), the server's notice
 * that it disabled a webhook (socket `webhooks:disabled`) is kept for the view to show and reloads the list, and the
 * open delivery log reloads every LOG_REFRESH_MS, so a retry shows up without a click.
 *
 *   watching --rt.webhooks:disabled--> watching (notice kept, list reloaded)
 *            --after LOG_REFRESH_MS--> watching (log and list reloaded)        DISMISS drops the notices
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { WebhookEventType } from "../../contract/schemas/security"
import type { WebhooksToBrowser } from "../../contract/webhooks-events"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { fromRealtime, type RealtimeEvent } from "../common/realtime-actor"
import { reloadReport } from "../common/reload-report"

export const LOG_REFRESH_MS = 3000

export type DisabledNotice = WebhooksToBrowser["webhooks:disabled"]

export interface LiveContext {
  readonly notices: readonly DisabledNotice[]
  readonly eventTypes: readonly WebhookEventType[]
  readonly typesFailure: Failure | null
}

export type LiveEvent = RealtimeEvent<"webhooks"> | { type: "DISMISS" }

export const webhooksLiveMachine = setup({
  types: { context: {} as LiveContext, events: {} as LiveEvent },
  actors: {
    socket: fromRealtime("webhooks"),
    types: fromEffect<readonly WebhookEventType[], void>(() =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("security", "getWebhookEventTypes", {})),
        (body) => body.data,
      ),
    ),
  },
  actions: {
    keepNotice: assign(({ context, event }) => {
      assertEvent(event, "rt.webhooks:disabled")
      return {
        notices: [
          ...context.notices.filter((n) => n.webhook_id !== event.webhook_id),
          { webhook_id: event.webhook_id, url: event.url, reason: event.reason, disabled_at: event.disabled_at },
        ],
      }
    }),
    reloadList: reloadReport("report-webhooks"),
    reloadLog: reloadReport("report-webhook-deliveries"),
  },
}).createMachine({
  id: "webhooks-live",
  context: { notices: [], eventTypes: [], typesFailure: null },
  invoke: [
    { id: "socket", src: "socket" },
    {
      id: "types",
      src: "types",
      onDone: { actions: assign({ eventTypes: ({ event }) => event.output, typesFailure: null }) },
      onError: { actions: assign({ typesFailure: ({ event }) => failureOf(event.error) }) },
    },
  ],
  initial: "watching",
  states: {
    watching: {
      after: { [LOG_REFRESH_MS]: { target: "watching", reenter: true, actions: ["reloadLog", "reloadList"] } },
      on: {
        "rt.webhooks:disabled": { actions: ["keepNotice", "reloadList"] },
        "rt.status": {},
        DISMISS: { actions: assign({ notices: [] }) },
      },
    },
  },
})
