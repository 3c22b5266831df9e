/** The webhook editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Webhook } from "../../contract/schemas/security"
import { checkModel } from "../common/model-check.testing"
import { revealedSecret, webhookEditorMachine, webhookRequestOf } from "./webhook-editor"

const row: Webhook = {
  id: 7,
  url: "https://hooks.example.com/in",
  events: ["message.received"],
  secret_hint: "…abcd",
  active: false,
  last_status: 500,
  last_delivery_at: "2026-11-23T10:00:00Z",
  consecutive_failures: 20,
  disabled_reason: "Disabled after 20 failed deliveries in a row; the last: HTTP 500",
  disabled_at: "2026-11-23T10:00:00Z",
  created_at: "2026-11-01T10:00:00Z",
}
const created = { type: "xstate.done.actor.save", output: { data: { ...row, active: true, secret: "whsec_once" } } }
const refused = Object.assign(new Error("Use an https URL"), { status: 400, code: "BAD_REQUEST", field: "url" })

checkModel({
  name: "webhook editor",
  machine: webhookEditorMachine,
  sources: ["save", "remove", "run"],
  states: ["record.closed", "record.editing", "record.saving", "record.confirming", "record.deleting", "record.running"],
  events: [
    { type: "NEW" },
    { type: "EDIT", row },
    { type: "CHANGE", patch: { url: "https://hooks.example.com/new" } },
    { type: "CHANGE", patch: { events: ["call.ended"] } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "DELETE", row },
    { type: "CONFIRM" },
    { type: "RUN", action: "enable", row },
    { type: "RUN", action: "test", row },
    created,
    { type: "xstate.error.actor.save", error: refused },
    { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    { type: "xstate.error.actor.remove", error: new Error("404") },
    { type: "xstate.done.actor.run", output: { data: { event_id: "e-1" } } },
    { type: "xstate.error.actor.run", error: new Error("403") },
  ],
  stories: [
    [
      { type: "NEW" },
      { type: "CHANGE", patch: { url: "https://hooks.example.com/new" } },
      { type: "CHANGE", patch: { events: ["call.ended"] } },
      { type: "SAVE" },
      created,
    ],
    [
      { type: "DELETE", row },
      { type: "CONFIRM" },
      { type: "xstate.error.actor.remove", error: new Error("404") },
      { type: "CONFIRM" },
      { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    ],
    [
      { type: "RUN", action: "test", row },
      { type: "xstate.done.actor.run", output: { data: { event_id: "e-1" } } },
    ],
    [
      { type: "RUN", action: "enable", row },
      { type: "xstate.error.actor.run", error: new Error("403") },
    ],
  ],
  key: (s) => [s.value, s.context.row?.id ?? null, s.context.draft, s.context.problem, s.context.failure?.field ?? null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    row: s.context.row,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
    secret: revealedSecret(s.context.answer),
  }),
})

describe("webhook rules", () => {
  it("needs a URL and an event, and sends only what changed", () => {
    expect(webhookRequestOf({ url: " ", events: ["call.ended"] }, null)).toEqual({ problem: "urlRequired" })
    expect(webhookRequestOf({ url: "ftp://x", events: ["call.ended"] }, null)).toEqual({ problem: "urlInvalid" })
    expect(webhookRequestOf({ url: "https://x.example", events: [] }, null)).toEqual({ problem: "eventsRequired" })
    expect(webhookRequestOf({ url: row.url, events: ["message.received"] }, row)).toEqual({ problem: "noChange" })
    expect(webhookRequestOf({ url: row.url, events: ["call.ended"] }, row)).toEqual({ request: { events: ["call.ended"] } })
  })

  it("reveals the secret only from an answer that carries it", () => {
    expect(revealedSecret(created.output)).toBe("whsec_once")
    expect(revealedSecret({ data: row })).toBeNull()
    expect(revealedSecret(null)).toBeNull()
  })
})
