/** The tag editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Tag } from "../../contract/schemas/tagging"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { tagEditorMachine, tagRequestOf } from "./tag-editor"

const row: Tag = { id: 2, name: "interested", description: null, customers: 3, created_at: "2026-01-01T10:00:00Z" }

checkModel(
  recordEditorModel({
    name: "tag editor",
    machine: tagEditorMachine,
    row,
    changes: [{ name: "hot lead" }],
    saveRefusal: Object.assign(new Error("taken"), { status: 409, field: "name" }),
    key: (s) => [s.value, s.context.row?.id ?? null, s.context.draft.name, s.context.problem, s.context.failure !== null],
  }),
)

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
