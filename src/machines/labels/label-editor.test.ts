/** The label editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Label } from "../../contract/schemas/tagging"
import { checkModel } from "../common/model-check.testing"
import { labelEditorMachine, labelRequestOf } from "./label-editor"

const row: Label = { id: 3, name: "VIP", color: "#d13913", conversations: 4, created_at: "2026-01-01T10:00:00Z" }
const taken = Object.assign(new Error('A label named "VIP" already exists'), { status: 409, code: "CONFLICT", field: "name" })
const saved = { type: "xstate.done.actor.save", output: { data: row } }
const removed = { type: "xstate.done.actor.remove", output: { data: { ok: true } } }

checkModel({
  name: "label editor",
  machine: labelEditorMachine,
  sources: ["save", "remove"],
  states: ["record.closed", "record.editing", "record.saving", "record.confirming", "record.deleting"],
  events: [
    { type: "NEW" },
    { type: "EDIT", row },
    { type: "CHANGE", patch: { name: "Urgent" } },
    { type: "CHANGE", patch: { color: "red" } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "DELETE", row },
    { type: "CONFIRM" },
    saved,
    { type: "xstate.error.actor.save", error: taken },
    removed,
    { type: "xstate.error.actor.remove", error: new Error("404") },
  ],
  stories: [
    [{ type: "NEW" }, { type: "CHANGE", patch: { name: "Urgent" } }, { type: "SAVE" }, saved],
    [
      { type: "DELETE", row },
      { type: "CONFIRM" },
      { type: "xstate.error.actor.remove", error: new Error("404") },
      { type: "CONFIRM" },
      removed,
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
  }),
})

describe("label rules", () => {
  it("needs a name and a #rrggbb colour, and sends only what changed", () => {
    expect(labelRequestOf({ name: " ", color: "#000000" }, null)).toEqual({ problem: "nameRequired" })
    expect(labelRequestOf({ name: "x".repeat(51), color: "#000000" }, null)).toEqual({ problem: "nameTooLong" })
    expect(labelRequestOf({ name: "VIP", color: "red" }, null)).toEqual({ problem: "colorInvalid" })
    expect(labelRequestOf({ name: " VIP ", color: "#D13913" }, row)).toEqual({ problem: "noChange" })
    expect(labelRequestOf({ name: "Gold", color: "#d13913" }, row)).toEqual({ request: { name: "Gold" } })
  })
})
