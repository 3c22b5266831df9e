/** The UAT number editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { UatCustomer } from "../../contract/schemas/tenants"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { uatEditorMachine, uatRequestOf } from "./uat-editor"

const row: UatCustomer = { id: 2, number: "+905550001122", name: "QA phone", active: true, created_at: "2026-01-01T10:00:00Z" }
const taken = Object.assign(new Error("+905550001122 is already a UAT customer"), { status: 409, code: "CONFLICT", field: "number" })

checkModel(
  recordEditorModel({
    name: "UAT number editor",
    machine: uatEditorMachine,
    row,
    changes: [{ number: "+905550001133" }, { active: false }],
    saveRefusal: taken,
    noDelete: true,
  }),
)

describe("UAT number rules", () => {
  it("needs a phone number for a new one and sends only what changed", () => {
    expect(uatRequestOf({ number: "call me", name: "", active: true }, null)).toEqual({ problem: "numberInvalid" })
    expect(uatRequestOf({ number: "+90 555 000 11 22", name: "QA", active: true }, null)).toEqual({
      request: { number: "+905550001122", name: "QA" },
    })
    expect(uatRequestOf({ number: row.number, name: "QA phone", active: true }, row)).toEqual({ problem: "noChange" })
    expect(uatRequestOf({ number: row.number, name: "QA phone", active: false }, row)).toEqual({ request: { active: false } })
  })
})
