/** The role editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Role } from "../../contract/schemas/access"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { roleEditorMachine, roleRequestOf, togglePermissions } from "./role-editor"

const row: Role = {
  id: 4,
  name: "agent",
  description: "Chats",
  system: false,
  permission_ids: [1, 2],
  permissions: ["FRONT:/apps/chat", "BACK:chat"],
  users_count: 3,
  created_at: "2026-01-01T10:00:00Z",
}
const taken = Object.assign(new Error("A role with this name exists"), { status: 409, code: "CONFLICT", field: "name" })

checkModel(
  recordEditorModel({
    name: "role editor",
    machine: roleEditorMachine,
    row,
    changes: [{ name: "Supervisor" }, { permission_ids: [1] }],
    savedData: { role: row },
    saveRefusal: taken,
    removedData: { id: 4, deleted: true },
    removeRefusal: Object.assign(new Error("in use"), { status: 409 }),
  }),
)

describe("role rules", () => {
  const none = { chat: "", sms: "", voice: "" }
  it("needs a name; an edit sends only what changed, permissions as a set", () => {
    expect(roleRequestOf({ name: " ", description: "", permission_ids: [], capacity: none }, null)).toEqual({ problem: "nameRequired" })
    expect(roleRequestOf({ name: "x".repeat(121), description: "", permission_ids: [], capacity: none }, null)).toEqual({
      problem: "nameTooLong",
    })
    expect(roleRequestOf({ name: "S", description: "", permission_ids: [3, 3], capacity: none }, null)).toEqual({
      request: { name: "S", description: "", permission_ids: [3], capacity: {} },
    })
    expect(roleRequestOf({ name: "agent", description: "Chats", permission_ids: [2, 1], capacity: none }, row)).toEqual({
      problem: "noChange",
    })
    expect(roleRequestOf({ name: "agent", description: "Chats", permission_ids: [2], capacity: none }, row)).toEqual({
      request: { permission_ids: [2] },
    })
  })

  it("sends the capacity per kind when it changed; an empty kind takes the tenant's; out of range refuses", () => {
    const capped = { ...row, capacity: { chat: 3 } }
    const draft = { name: "agent", description: "Chats", permission_ids: [1, 2] }
    expect(roleRequestOf({ ...draft, capacity: { ...none, chat: "3" } }, capped)).toEqual({ problem: "noChange" })
    expect(roleRequestOf({ ...draft, capacity: { ...none, chat: "1", voice: "0" } }, capped)).toEqual({
      request: { capacity: { chat: 1, voice: 0 } },
    })
    expect(roleRequestOf({ ...draft, capacity: none }, capped)).toEqual({ request: { capacity: {} } })
    expect(roleRequestOf({ ...draft, capacity: { ...none, voice: "11" } }, capped)).toEqual({ problem: "capacityRange" })
    expect(roleRequestOf({ ...draft, capacity: { ...none, sms: "2.5" } }, capped)).toEqual({ problem: "capacityRange" })
  })

  it("ticks and unticks one key or a whole section", () => {
    expect(togglePermissions([1, 2], [2, 3], true)).toEqual([1, 2, 3])
    expect(togglePermissions([1, 2, 3], [2, 3], false)).toEqual([1])
  })
})
