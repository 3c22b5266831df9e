/**
 * The reminder editor, model-based (common/model-check.testing.ts): editing, saving, deleting, enabling and
 * disabling. Then the form's rule (what a draft sends, and its problems) and the tenant's clock.
 */
import { describe, expect, it } from "vitest"
import type { Reminder } from "../../contract/schemas/tagging"
import { checkModel } from "../common/model-check.testing"
import { blankReminder, reminderDraftOf, reminderRequestOf } from "./reminder-draft"
import { reminderEditorMachine } from "./reminder-editor"
import { instantOf, localOf, shownAt } from "./reminder-time"
import { zoneOr } from "./reminder-zone"

const row: Reminder = {
  id: 9,
  name: "Payment due",
  message: "Your invoice is due tomorrow.",
  template: { name: "payment_due", language: "en" },
  target: { type: "contact", number: "905551112233" },
  schedule: { repeat: "monthly", start_at: "2026-12-01T09:00:00+03:00" },
  enabled: true,
  next_run_at: "2026-12-01T06:00:00.000Z",
  last_run: null,
  created_at: "2026-11-01T10:00:00.000Z",
}

checkModel({
  name: "reminder editor",
  machine: reminderEditorMachine,
  sources: ["save", "remove", "run"],
  states: ["record.closed", "record.editing", "record.saving", "record.confirming", "record.deleting", "record.running", "preview.idle"],
  events: [
    { type: "NEW" },
    { type: "EDIT", row },
    { type: "CHANGE", patch: { name: "Renewal" } },
    { type: "CHANGE", patch: { message: "Hello", number: "905550001122", sendNow: true } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "DELETE", row },
    { type: "CONFIRM" },
    { type: "RUN", action: "disable", row },
    { type: "xstate.done.actor.save", output: { data: row } },
    { type: "xstate.error.actor.save", error: new Error("400 No approved template") },
    { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    { type: "xstate.error.actor.remove", error: new Error("404") },
    { type: "xstate.done.actor.run", output: { data: { ...row, enabled: false } } },
    { type: "xstate.error.actor.run", error: new Error("404") },
  ],
  stories: [
    // A new reminder without a name is stopped before any call and says why; named and timed, it saves.
    [
      { type: "NEW" },
      { type: "SAVE" },
      { type: "CHANGE", patch: { name: "Now", message: "Hello", number: "905550001122", sendNow: true } },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: { data: row } },
    ],
    // Deleted after a failed try; disabled in one click.
    [
      { type: "DELETE", row },
      { type: "CONFIRM" },
      { type: "xstate.error.actor.remove", error: new Error("404") },
      { type: "CONFIRM" },
      { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    ],
    [
      { type: "RUN", action: "disable", row },
      { type: "xstate.done.actor.run", output: { data: { ...row, enabled: false } } },
    ],
    // A failed enable closes and keeps the failure for the toast.
    [
      { type: "RUN", action: "enable", row },
      { type: "xstate.error.actor.run", error: new Error("404") },
    ],
  ],
  key: (s) => [s.value, s.context.row?.id ?? null, s.context.draft.name, s.context.problem, s.context.failure !== null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    row: s.context.row,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

describe("reminder form", () => {
  const ready = { ...blankReminder(), name: " Now ", message: " Hello ", number: "+90 555 000 11 22", sendNow: true }

  it("says the first thing missing, in the order of the form", () => {
    expect(reminderRequestOf(blankReminder(), null)).toEqual({ problem: "nameRequired" })
    expect(reminderRequestOf({ ...blankReminder(), name: "x".repeat(81) }, null)).toEqual({ problem: "nameTooLong" })
    expect(reminderRequestOf({ ...blankReminder(), name: "A" }, null)).toEqual({ problem: "messageRequired" })
    expect(reminderRequestOf({ ...ready, number: "call me" }, null)).toEqual({ problem: "numberInvalid" })
    expect(reminderRequestOf({ ...ready, targetType: "group" }, null)).toEqual({ problem: "groupRequired" })
    expect(reminderRequestOf({ ...ready, targetType: "segment" }, null)).toEqual({ problem: "segmentRequired" })
    expect(reminderRequestOf({ ...ready, sendNow: false }, null)).toEqual({ problem: "startRequired" })
  })

  it("sends a new reminder whole, with the start 'send now' was given", () => {
    expect(reminderRequestOf({ ...ready, template: "payment_due|en" }, null, "2026-11-23T16:00:03.000Z")).toEqual({
      request: {
        name: "Now",
        message: "Hello",
        target: { type: "contact", number: "+905550001122" },
        schedule: { repeat: "once", start_at: "2026-11-23T16:00:03.000Z" },
        template: { name: "payment_due", language: "en" },
      },
    })
    expect(reminderRequestOf({ ...ready, targetType: "segment", segmentId: "4", repeat: "weekly" }, null, "t")).toMatchObject({
      request: { target: { type: "segment", segment_id: 4 }, schedule: { repeat: "weekly", start_at: "t" }, template: null },
    })
  })

  it("sends only what an edit changed, and nothing when nothing did", () => {
    const draft = reminderDraftOf(row)
    expect(draft).toMatchObject({ number: "905551112233", repeat: "monthly", template: "payment_due|en", sendNow: false })
    expect(reminderRequestOf(draft, row)).toEqual({ problem: "noChange" })
    expect(reminderRequestOf({ ...draft, template: "" }, row)).toEqual({ request: { template: null } })
    expect(reminderRequestOf({ ...draft, targetType: "group", groupId: "3" }, row)).toEqual({
      request: { target: { type: "group", group_id: 3 } },
    })
    expect(reminderRequestOf({ ...draft, sendNow: true }, row, "2026-11-23T16:00:03.000Z")).toEqual({
      request: { schedule: { repeat: "monthly", start_at: "2026-11-23T16:00:03.000Z" } },
    })
  })
})

describe("the tenant's clock", () => {
  it("reads a wall-clock time in the tenant's zone, daylight saving included, and shows it back", () => {
    expect(instantOf("2026-11-23T18:00", "Europe/Istanbul")).toBe("2026-11-23T18:00:00+03:00")
    expect(instantOf("2026-07-01T09:30", "Europe/Berlin")).toBe("2026-07-01T09:30:00+02:00")
    expect(instantOf("2026-12-01T09:30", "Europe/Berlin")).toBe("2026-12-01T09:30:00+01:00")
    expect(instantOf("2026-12-01", "Europe/Berlin")).toBe("")
    expect(localOf("2026-11-23T15:00:00.000Z", "Europe/Istanbul")).toBe("2026-11-23T18:00")
    expect(shownAt("2026-11-23T15:00:00.000Z", "Asia/Riyadh")).toBe("23-11-2026 06:00 pm")
    expect(zoneOr("Mars/Olympus")).toBe("UTC")
    expect(zoneOr(undefined)).toBe("UTC")
  })
})
