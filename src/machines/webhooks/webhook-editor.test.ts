/** The webhook editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Webhook } from "../../contract/schemas/security"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
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

checkModel(
  recordEditorModel({
    name: "webhook editor",
    machine: webhookEditorMachine,
    row,
    changes: [{ url: "https://hooks.example.com/new" }, { events: ["call.ended"] }],
    savedData: created.output.data,
    saveRefusal: refused,
    alsoView: (s) => ({ secret: revealedSecret(s.context.answer) }),
    extra: {
      sources: ["run"],
      states: ["record.running"],
      events: [
        { type: "RUN", action: "enable", row },
        { type: "RUN", action: "test", row },
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
          { type: "RUN", action: "test", row },
          { type: "xstate.done.actor.run", output: { data: { event_id: "e-1" } } },
        ],
        [
          { type: "RUN", action: "enable", row },
          { type: "xstate.error.actor.run", error: new Error("403") },
        ],
      ],
    },
  }),
)

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
