/**
 * The segment editor, model-based (common/model-check.testing.ts): editing, saving, deleting, and the live count
 * (debounced; a change while counting interrupts the count; a name change does not count again). Then the rules.
 */
import { describe, expect, it } from "vitest"
import { initialTransition, transition } from "xstate"
import type { Segment } from "../../contract/schemas/tagging"
import { PREVIEW_MS } from "../common/record-editor"
import { checkModel } from "../common/model-check.testing"
import { segmentEditorMachine, segmentRequestOf } from "./segment-editor"
import { addCondition, blankCondition, changeCondition, conditionOf, removeCondition, rulesOf } from "./segment-rules"

const row: Segment = {
  id: 5,
  name: "VIP in Istanbul",
  description: null,
  rules: {
    match: "all",
    conditions: [
      { type: "attribute", key: "city", operator: "eq", value: "Istanbul" },
      { type: "tag", id: 2 },
    ],
  },
  customers: 12,
  created_at: "2026-01-01T10:00:00Z",
  updated_at: "2026-01-01T10:00:00Z",
}
const cityIs = (value: string) => ({
  type: "CHANGE",
  patch: { conditions: [{ ...blankCondition("attribute"), key: "city", value }] },
})
const after = { type: "xstate.after.400.record-editor.preview.waiting", ms: PREVIEW_MS }
const counted = { type: "xstate.done.actor.preview", output: { total: 7 } }

checkModel({
  name: "segment editor",
  machine: segmentEditorMachine,
  sources: ["save", "remove", "preview"],
  after: { type: after.type, ms: after.ms },
  states: [
    "record.closed",
    "record.editing",
    "record.saving",
    "record.confirming",
    "record.deleting",
    "preview.idle",
    "preview.waiting",
    "preview.counting",
  ],
  events: [
    { type: "NEW" },
    { type: "EDIT", row },
    { type: "CHANGE", patch: { name: "Ankara" } },
    cityIs("Ankara"),
    { type: "CHANGE", patch: { match: "any" } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "DELETE", row },
    { type: "CONFIRM" },
    { type: after.type },
    counted,
    { type: "xstate.error.actor.preview", error: new Error("contacts.fetchAllContacts is not implemented yet") },
    { type: "xstate.done.actor.save", output: { data: row } },
    { type: "xstate.error.actor.save", error: new Error("409") },
    { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    { type: "xstate.error.actor.remove", error: new Error("404") },
  ],
  stories: [
    // Counting, then the rules change: the count in flight is dropped, a new one waits, and its answer lands.
    [{ type: "EDIT", row }, { type: after.type }, cityIs("Izmir"), { type: after.type }, counted],
    // A name change while idle does not count again.
    [{ type: "EDIT", row }, { type: after.type }, counted, { type: "CHANGE", patch: { name: "Renamed" } }],
    [
      { type: "NEW" },
      { type: "CHANGE", patch: { name: "All" } },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: { data: row } },
    ],
    [
      { type: "DELETE", row },
      { type: "CONFIRM" },
      { type: "xstate.error.actor.remove", error: new Error("404") },
      { type: "CONFIRM" },
      { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.row?.id ?? null,
    s.context.draft.conditions[0]?.value ?? null,
    s.context.problem,
    s.context.preview?.total ?? null,
    s.context.previewFailure !== null,
    s.context.previewKey !== null,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    row: s.context.row,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    preview: s.context.preview,
    previewKey: s.context.previewKey,
    previewFailure: s.context.previewFailure,
    saved: s.context.saved,
  }),
})

describe("segment editor's live count", () => {
  it("counts a segment's saved rules as soon as it is opened, with no change needed", () => {
    let [state] = initialTransition(segmentEditorMachine)
    ;[state] = transition(segmentEditorMachine, state, { type: "EDIT", row })
    expect(state.value).toEqual({ record: "editing", preview: "waiting" })
    ;[state] = transition(segmentEditorMachine, state, { type: after.type } as never)
    expect(state.value).toEqual({ record: "editing", preview: "counting" })
    ;[state] = transition(segmentEditorMachine, state, { type: "CANCEL" })
    ;[state] = transition(segmentEditorMachine, state, { type: "NEW" })
    expect(state.value).toEqual({ record: "editing", preview: "waiting" })
  })
})

describe("segment rules", () => {
  it("turns each kind of condition into the contract's, and leaves incomplete ones out of a count", () => {
    expect(conditionOf({ ...blankCondition("attribute"), key: "city", value: " Bursa " })).toEqual({
      type: "attribute",
      key: "city",
      operator: "eq",
      value: "Bursa",
    })
    expect(conditionOf({ ...blankCondition("attribute"), key: "vip", operator: "exists" })).toEqual({
      type: "attribute",
      key: "vip",
      operator: "exists",
    })
    expect(conditionOf({ ...blankCondition("attribute"), key: "city" })).toBeNull()
    expect(conditionOf({ ...blankCondition("attribute"), key: "two words", value: "x" })).toBeNull()
    expect(conditionOf({ ...blankCondition("flag"), ref: "4", negate: true })).toEqual({ type: "flag", id: 4, negate: true })
    expect(conditionOf(blankCondition("label"))).toBeNull()
    expect(conditionOf({ ...blankCondition("channel"), channel: "sms" })).toEqual({ type: "channel", channel: "sms" })
    expect(conditionOf({ ...blankCondition("last_message"), operator: "after", value: "2026-11-01 09:30" })).toEqual({
      type: "last_message",
      operator: "after",
      at: "2026-11-01 09:30:00",
    })
    expect(conditionOf({ ...blankCondition("open_ticket"), negate: true })).toEqual({ type: "open_ticket", value: false })
    const draft = { match: "any" as const, conditions: [blankCondition("channel"), blankCondition("tag")] }
    expect(rulesOf(draft)).toBeNull()
    expect(rulesOf({ ...draft, conditions: changeCondition(draft, 1, { ref: "2" }) })).toEqual({
      match: "any",
      conditions: [
        { type: "channel", channel: "whatsapp" },
        { type: "tag", id: 2 },
      ],
    })
  })

  it("adds, retypes and removes rows, twenty at most", () => {
    let draft = { match: "all" as const, conditions: [] as ReturnType<typeof addCondition> }
    for (let i = 0; i < 25; i++) draft = { ...draft, conditions: addCondition(draft, "channel") }
    expect(draft.conditions).toHaveLength(20)
    expect(changeCondition(draft, 0, { type: "tag" })[0]).toEqual(blankCondition("tag"))
    expect(removeCondition(draft, 0)).toHaveLength(19)
  })

  it("saves a name and complete rules, and only what changed", () => {
    const draft = { name: "", description: "", match: "all" as const, conditions: [] }
    expect(segmentRequestOf(draft, null)).toEqual({ problem: "nameRequired" })
    expect(segmentRequestOf({ ...draft, name: "All", conditions: [blankCondition("group")] }, null)).toEqual({
      problem: "conditionIncomplete",
    })
    expect(segmentRequestOf({ ...draft, name: "All" }, null)).toEqual({ request: { name: "All", rules: { match: "all", conditions: [] } } })
    const same = { name: row.name, description: "", match: "all" as const, conditions: [] }
    expect(segmentRequestOf({ ...same, conditions: [] }, { ...row, rules: { match: "all", conditions: [] } })).toEqual({
      problem: "noChange",
    })
    expect(segmentRequestOf({ ...same, match: "any" }, { ...row, rules: { match: "all", conditions: [] } })).toEqual({
      request: { rules: { match: "any", conditions: [] } },
    })
  })
})
