/** Scheduled sends of a conversation, model-based: the list read and read again, the dialog for a new send and an edit, a cancel. */
import { describe, expect, it } from "vitest"
import { createActor, fromPromise } from "xstate"
import type { ScheduledList, ScheduledSend } from "../../contract/groups/scheduled-sends"
import { checkModel } from "../common/model-check.testing"
import { quickLocal, RECHECK_MS, scheduledSendsMachine } from "./scheduled-sends-machine"

const RECHECK = "xstate.after.RECHECK.scheduledSends.list.ready"
const NOW = Date.parse("2026-11-29T22:30:00Z")
const item: ScheduledSend = {
  id: 5,
  conversation_id: 7,
  kind: "text",
  text: "We will call at five",
  template: null,
  send_at: "2026-11-30T14:00:00.000Z",
  state: "scheduled",
  error: null,
  created_by: 3,
  created_by_name: "Agent One",
  created_at: "2026-11-29T22:00:00.000Z",
}
const list = (items: ScheduledSend[]): ScheduledList => ({ zone: "Europe/Istanbul", items })
const refused = { status: 409, code: "NOT_SCHEDULED", message: "This message has already been sent" }

checkModel({
  name: "scheduled sends",
  machine: scheduledSendsMachine,
  input: { conversationId: 7 },
  sources: ["readList", "saveDraft", "cancelSend"],
  after: { type: RECHECK, ms: RECHECK_MS },
  states: ["list.loading", "list.ready", "list.failed", "edit.idle", "edit.open", "edit.saving", "edit.cancelling"],
  events: [
    { type: "xstate.done.actor.readList", output: list([item]) },
    { type: "xstate.error.actor.readList", error: { status: 500, code: "INTERNAL", message: "down" } },
    { type: "REFRESH" },
    { type: RECHECK },
    { type: "OPEN", text: "Call you back soon" },
    { type: "OPEN_TEMPLATE", template: { name: "offer_reminder", language: "en", params: ["20%"] } },
    { type: "EDIT", id: 5 },
    { type: "TEXT", text: "" },
    { type: "TEXT", text: "Call you at six" },
    { type: "TIME", local: "2026-11-30T18:00" },
    { type: "QUICK", choice: "tomorrow", now: NOW },
    { type: "QUICK", choice: "hour", now: NOW },
    { type: "SAVE" },
    { type: "xstate.done.actor.saveDraft", output: item },
    { type: "xstate.error.actor.saveDraft", error: refused },
    { type: "CLOSE" },
    { type: "CANCEL", id: 5 },
    { type: "xstate.done.actor.cancelSend", output: undefined },
    { type: "xstate.error.actor.cancelSend", error: refused },
    { type: "DISMISS" },
  ],
  stories: [
    [
      { type: "xstate.done.actor.readList", output: list([item]) },
      { type: RECHECK },
      { type: "xstate.done.actor.readList", output: list([]) },
    ],
    [
      { type: "xstate.done.actor.readList", output: list([item]) },
      { type: "OPEN", text: "Call you back soon" },
      { type: "QUICK", choice: "hour", now: NOW },
      { type: "QUICK", choice: "tomorrow", now: NOW },
      { type: "CLOSE" },
    ],
    [
      { type: "xstate.done.actor.readList", output: list([item]) },
      { type: "CANCEL", id: 5 },
      { type: "xstate.done.actor.cancelSend", output: undefined },
      { type: "xstate.done.actor.readList", output: list([]) },
    ],
    [
      { type: "xstate.done.actor.readList", output: list([item]) },
      { type: "CANCEL", id: 5 },
      { type: "xstate.error.actor.cancelSend", error: refused },
      { type: "DISMISS" },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.items.length,
    // A draft by what SAVE depends on: new or an edit, a template or a text, and whether it is complete.
    s.context.draft === null
      ? null
      : [
          s.context.draft.id === null,
          s.context.draft.template !== null,
          (s.context.draft.template !== null || s.context.draft.text !== "") && s.context.draft.local !== "",
        ],
    s.context.failure !== null,
    s.context.listFailure !== null,
    s.context.scheduled > 0,
  ],
  view: (s) => ({
    value: s.value,
    zone: s.context.zone,
    items: s.context.items,
    draft: s.context.draft,
    failure: s.context.failure,
    listFailure: s.context.listFailure,
    scheduled: s.context.scheduled,
  }),
})

describe("quick choices", () => {
  it("are on the tenant's clock: an hour ahead, and nine in the morning of the zone's next day", () => {
    // 22:30 UTC is already 01:30 of the 30th in Istanbul: its tomorrow is the 1st.
    expect(quickLocal("hour", NOW, "Europe/Istanbul")).toBe("2026-11-30T02:30")
    expect(quickLocal("tomorrow", NOW, "Europe/Istanbul")).toBe("2026-12-01T09:00")
    expect(quickLocal("tomorrow", NOW, "UTC")).toBe("2026-11-30T09:00")
  })
})

describe("the dialog", () => {
  it("saves a text or a template only with a time on the tenant's clock, and a text only when it is not empty", () => {
    const idle = fromPromise(() => new Promise<never>(() => {}))
    const machine = scheduledSendsMachine.provide({ actors: { readList: idle, saveDraft: idle, cancelSend: idle } as never })
    const actor = createActor(machine, { input: { conversationId: 7 } }).start()
    actor.send({ type: "OPEN_TEMPLATE", template: { name: "offer_reminder", language: "en", params: ["20%"] } })
    expect(actor.getSnapshot().can({ type: "SAVE" })).toBe(false)
    actor.send({ type: "TIME", local: "2026-11-30T09:00:30" })
    expect(actor.getSnapshot().can({ type: "SAVE" })).toBe(true)
    actor.send({ type: "CLOSE" })
    actor.send({ type: "OPEN", text: "  " })
    actor.send({ type: "QUICK", choice: "hour", now: NOW })
    expect(actor.getSnapshot().can({ type: "SAVE" })).toBe(false)
    actor.send({ type: "TEXT", text: "Call you back" })
    expect(actor.getSnapshot().can({ type: "SAVE" })).toBe(true)
    actor.stop()
  })
})
