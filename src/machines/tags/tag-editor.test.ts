/** The tag editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Tag } from "../../contract/schemas/tagging"
import { checkModel } from "../common/model-check.testing"
import { tagEditorMachine, tagRequestOf } from "./tag-editor"

const row: Tag = { id: 2, name: "interested", description: null, customers: 3, created_at: "2026-01-01T10:00:00Z" }
const saved = { type: "xstate.done.actor.save", output: { data: row } }
const removed = { type: "xstate.done.actor.remove", output: { data: { ok: true } } }

checkModel({
  name: "tag editor",
  machine: tagEditorMachine,
  sources: ["save", "remove"],
  states: ["record.closed", "record.editing", "record.saving", "record.confirming", "record.deleting"],
  events: [
    { type: "NEW" },
    { type: "EDIT", row },
    { type: "CHANGE", patch: { name: "hot lead" } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "DELETE", row },
    { type: "CONFIRM" },
    saved,
    { type: "xstate.error.actor.save", error: Object.assign(new Error("taken"), { status: 409, field: "name" }) },
    removed,
    { type: "xstate.error.actor.remove", error: new Error("404") },
  ],
  stories: [
    [{ type: "NEW" }, { type: "CHANGE", patch: { name: "hot lead" } }, { type: "SAVE" }, saved],
    [
      { type: "DELETE", row },
      { type: "CONFIRM" },
      { type: "xstate.error.actor.remove", error: new Error("404") },
      { type: "CONFIRM" },
      removed,
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

describe("tag rules", () => {
  it("needs a name, keeps a short description, and sends only what changed", () => {
    expect(tagRequestOf({ name: " ", description: "" }, null)).toEqual({ problem: "nameRequired" })
    expect(tagRequestOf({ name: "x".repeat(51), description: "" }, null)).toEqual({ problem: "nameTooLong" })
    expect(tagRequestOf({ name: "a", description: "x".repeat(301) }, null)).toEqual({ problem: "descriptionTooLong" })
    expect(tagRequestOf({ name: "interested", description: "" }, row)).toEqual({ problem: "noChange" })
    expect(tagRequestOf({ name: "interested", description: "Asked for prices" }, row)).toEqual({
      request: { description: "Asked for prices" },
    })
  })
})
