/** The user editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { User } from "../../contract/schemas/access"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { userEditorMachine, userRequestOf } from "./user-editor"

const row: User = {
  id: 7,
  client_id: 1,
  username: "kerem",
  email: "kerem@example.test",
  display_name: "Kerem",
  photo_url: "",
  phone: null,
  status: "active",
  role_id: 2,
  role_name: "agent",
  online: false,
  call_permission: null,
  created_at: "2026-01-01T10:00:00Z",
}
const taken = Object.assign(new Error("This username is taken"), { status: 409, code: "CONFLICT", field: "username" })
const done = (id: string) => ({ type: `xstate.done.actor.${id}`, output: { data: { user: row } } })

checkModel(
  recordEditorModel({
    name: "user editor",
    machine: userEditorMachine,
    row,
    changes: [
      { username: "leyla", display_name: "Leyla", email: "leyla@example.test", password: "long-enough" },
      { role_id: 3 },
      { call_permission: false },
      { capacity: { chat: "3", sms: "", voice: "" } },
    ],
    savedData: { user: row },
    saveRefusal: taken,
    removedData: { user: row },
    extra: {
      sources: ["run"],
      states: ["record.running"],
      events: [{ type: "RUN", action: "disable", row }, done("run"), { type: "xstate.error.actor.run", error: new Error("409") }],
      stories: [
        [{ type: "RUN", action: "disable", row }, done("run")],
        [
          { type: "RUN", action: "disable", row },
          { type: "xstate.error.actor.run", error: new Error("409") },
        ],
      ],
    },
  }),
)

describe("user rules", () => {
  const none = { chat: "", sms: "", voice: "" }
  const blank = { username: "", email: "", display_name: "", phone: "", role_id: null, password: "", call_permission: null, capacity: none }
  it("a new user needs a username, a name, an e-mail and a password of 8 or more", () => {
    expect(userRequestOf(blank, null)).toEqual({ problem: "usernameRequired" })
    expect(userRequestOf({ ...blank, username: "a" }, null)).toEqual({ problem: "nameRequired" })
    expect(userRequestOf({ ...blank, username: "a", display_name: "A", email: "nope" }, null)).toEqual({ problem: "emailInvalid" })
    const good = { ...blank, username: " a ", display_name: "A", email: "a@b.cd" }
    expect(userRequestOf({ ...good, phone: "12" }, null)).toEqual({ problem: "phoneInvalid" })
    expect(userRequestOf(good, null)).toEqual({ problem: "passwordRequired" })
    expect(userRequestOf({ ...good, password: "short" }, null)).toEqual({ problem: "passwordTooShort" })
    expect(userRequestOf({ ...good, password: "long-enough", role_id: 2 }, null)).toEqual({
      request: { username: "a", email: "a@b.cd", display_name: "A", role_id: 2, password: "long-enough" },
    })
  })

  it("an edit sends only what changed; an empty password keeps the old one", () => {
    const draft = {
      username: "kerem",
      email: row.email,
      display_name: "Kerem",
      phone: "",
      role_id: 2,
      password: "",
      call_permission: null,
      capacity: none,
    }
    expect(userRequestOf(draft, row)).toEqual({ problem: "noChange" })
    expect(userRequestOf({ ...draft, role_id: null }, row)).toEqual({ request: { role_id: null } })
    expect(userRequestOf({ ...draft, password: "new-secret-1" }, row)).toEqual({ request: { password: "new-secret-1" } })
    expect(userRequestOf({ ...draft, phone: "+905551112233" }, row)).toEqual({ request: { phone: "+905551112233" } })
    expect(userRequestOf({ ...draft, call_permission: false }, row)).toEqual({ request: { call_permission: false } })
  })

  it("the user's own caps: whole numbers within each kind's range, empty follows the role, sent only when changed", () => {
    const draft = { ...blank, username: "kerem", email: row.email, display_name: "Kerem", role_id: 2 }
    expect(userRequestOf({ ...draft, capacity: { ...none, chat: "3" } }, row)).toEqual({ request: { capacity: { chat: 3 } } })
    expect(userRequestOf({ ...draft, capacity: { ...none, voice: "11" } }, row)).toEqual({ problem: "capacityRange" })
    expect(userRequestOf({ ...draft, capacity: { ...none, sms: "2.5" } }, row)).toEqual({ problem: "capacityRange" })
    const capped = { ...row, capacity: { chat: 3 } }
    expect(userRequestOf({ ...draft, capacity: { ...none, chat: "3" } }, capped)).toEqual({ problem: "noChange" })
    expect(userRequestOf(draft, capped)).toEqual({ request: { capacity: {} } })
    const created = userRequestOf({ ...draft, username: "leyla", password: "long-enough", capacity: { ...none, sms: "40" } }, null)
    expect(created).toMatchObject({ request: { username: "leyla", capacity: { sms: 40 } } })
  })
})
