/** The client-webhook screen's live actor, model-based: notices kept once per webhook, dismissed, and the log's timer. */
import { checkModel } from "../common/model-check.testing"
import { LOG_REFRESH_MS, webhooksLiveMachine } from "./webhooks-live"

const notice = (id: number) => ({
  type: "rt.webhooks:disabled",
  webhook_id: id,
  url: `https://hooks.example.com/${id}`,
  reason: "Disabled after 20 failed deliveries in a row; the last: HTTP 500",
  disabled_at: "2026-11-23T10:00:00Z",
})

checkModel({
  name: "webhooks live",
  machine: webhooksLiveMachine,
  sources: ["socket", "types"],
  states: ["watching"],
  events: [
    { type: "xstate.done.actor.types", output: [{ key: "call.ended", description: "A WhatsApp voice call ended" }] },
    { type: "xstate.error.actor.types", error: new Error("offline") },
    notice(1),
    notice(2),
    { type: "DISMISS" },
    { type: "rt.status", status: "connected" },
    { type: "xstate.after.3000.webhooks-live.watching" },
  ],
  after: { type: "xstate.after.3000.webhooks-live.watching", ms: LOG_REFRESH_MS },
  stories: [
    [notice(1), notice(1), notice(2), { type: "DISMISS" }],
    [{ type: "rt.status", status: "connected" }, { type: "xstate.after.3000.webhooks-live.watching" }, notice(2)],
  ],
  key: (s) => [
    s.value,
    s.context.notices.map((n: { webhook_id: number }) => n.webhook_id),
    s.context.eventTypes.length,
    s.context.typesFailure !== null,
  ],
  view: (s) => ({ value: s.value, notices: s.context.notices, eventTypes: s.context.eventTypes, typesFailure: s.context.typesFailure }),
})
