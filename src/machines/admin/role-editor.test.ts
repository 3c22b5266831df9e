/** The role editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Role } from "../../contract/schemas/access"
import { checkModel } from "../common/model-check.testing"
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
const saved = { type: "xstate.done.actor.save", output: { data: { role: row } } }

checkModel({
  name: "role editor",
  machine: roleEditorMachine,
  sources: ["save", "remove"],
  states: ["record.closed", "record.editing", "record.saving", "record.confirming", "record.deleting"],
  events: [
    { type: "NEW" },
    { type: "EDIT", row },
    { type: "CHANGE", patch: { name: "Supervisor" } },
    { type: "CHANGE", patch: { permission_ids: [1] } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "DELETE", row },
    { type: "CONFIRM" },
    saved,
    { type: "xstate.error.actor.save", error: taken },
    { type: "xstate.done.actor.remove", output: { data: { id: 4, deleted: true } } },
    { type: "xstate.error.actor.remove", error: Object.assign(new Error("in use"), { status: 409 }) },
  ],
  stories: [
    [{ type: "NEW" }, { type: "CHANGE", patch: { name: "Supervisor" } }, { type: "SAVE" }, saved],
    [
      { type: "DELETE", row },
      { type: "CONFIRM" },
      { type: "xstate.error.actor.remove", error: Object.assign(new Error("in use"), { status: 409 }) },
      { type: "CONFIRM" },
      { type: "xstate.done.actor.remove", output: { data: { id: 4, deleted: true } } },
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
