/** The label editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Label } from "../../contract/schemas/tagging"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { labelEditorMachine, labelRequestOf } from "./label-editor"

const row: Label = { id: 3, name: "VIP", color: "#d13913", conversations: 4, created_at: "2026-01-01T10:00:00Z" }
const taken = Object.assign(new Error('A label named "VIP" already exists'), { status: 409, code: "CONFLICT", field: "name" })

checkModel(
  recordEditorModel({
    name: "label editor",
    machine: labelEditorMachine,
    row,
    changes: [{ name: "Urgent" }, { color: "red" }],
    saveRefusal: taken,
  }),
)

describe("label rules", () => {
  it("needs a name and a #rrggbb colour, and sends only what changed", () => {
    expect(labelRequestOf({ name: " ", color: "#000000" }, null)).toEqual({ problem: "nameRequired" })
    expect(labelRequestOf({ name: "x".repeat(51), color: "#000000" }, null)).toEqual({ problem: "nameTooLong" })
    expect(labelRequestOf({ name: "VIP", color: "red" }, null)).toEqual({ problem: "colorInvalid" })
    expect(labelRequestOf({ name: " VIP ", color: "#D13913" }, row)).toEqual({ problem: "noChange" })
    expect(labelRequestOf({ name: "Gold", color: "#d13913" }, row)).toEqual({ request: { name: "Gold" } })
  })
})
