/** The own profile, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { detailsProblemOf, type Me, passwordProblemOf, profileMachine } from "./profile-machine"

const me: Me = { id: 3, role: "agent", display_name: "Kerem", email: "kerem@example.test" }
const wrong = Object.assign(new Error("The current password is wrong"), { status: 400, code: "BAD_REQUEST", field: "current_password" })
const loaded = { type: "xstate.done.actor.load", output: me }
const renamed = { type: "xstate.done.actor.saveDetails", output: { ...me, display_name: "Kerem Y" } }
const goodPassword = { type: "PASSWORD.CHANGE", patch: { current: "old-secret", next: "new-secret-1", repeat: "new-secret-1" } }

checkModel({
  name: "profile",
  machine: profileMachine,
  sources: ["load", "saveDetails", "changePassword"],
  states: ["loading", "failed", "ready.details.idle", "ready.details.saving", "ready.password.idle", "ready.password.changing"],
  events: [
    loaded,
    { type: "xstate.error.actor.load", error: new Error("offline") },
    { type: "RETRY" },
    { type: "DETAILS.CHANGE", patch: { display_name: "Kerem Y" } },
    { type: "DETAILS.SAVE" },
    renamed,
    { type: "xstate.error.actor.saveDetails", error: Object.assign(new Error("bad e-mail"), { status: 400, field: "email" }) },
    goodPassword,
    { type: "PASSWORD.SAVE" },
    { type: "xstate.done.actor.changePassword", output: {} },
    { type: "xstate.error.actor.changePassword", error: wrong },
  ],
  stories: [
    [{ type: "xstate.error.actor.load", error: new Error("offline") }, { type: "RETRY" }, loaded],
    [loaded, { type: "DETAILS.CHANGE", patch: { display_name: "Kerem Y" } }, { type: "DETAILS.SAVE" }, renamed],
    [loaded, goodPassword, { type: "PASSWORD.SAVE" }, { type: "xstate.error.actor.changePassword", error: wrong }],
    [loaded, goodPassword, { type: "PASSWORD.SAVE" }, { type: "xstate.done.actor.changePassword", output: {} }],
    [
      loaded,
      { type: "DETAILS.CHANGE", patch: { display_name: "Kerem Y" } },
      { type: "DETAILS.SAVE" },
      { type: "xstate.error.actor.saveDetails", error: Object.assign(new Error("bad e-mail"), { status: 400, field: "email" }) },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.details,
    s.context.password,
    s.context.detailsProblem,
    s.context.passwordProblem,
    s.context.passwordFailure?.field ?? null,
    s.context.detailsFailure?.field ?? null,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    me: s.context.me,
    details: s.context.details,
    password: s.context.password,
    detailsProblem: s.context.detailsProblem,
    passwordProblem: s.context.passwordProblem,
    passwordFailure: s.context.passwordFailure,
    detailsSaved: s.context.detailsSaved,
    passwordChanged: s.context.passwordChanged,
  }),
})

describe("profile rules", () => {
  it("details need a name and an e-mail, and a change", () => {
    const draft = { display_name: "Kerem", email: me.email, current_password: "" }
    expect(detailsProblemOf({ ...draft, display_name: " " }, me)).toBe("nameRequired")
    expect(detailsProblemOf({ ...draft, display_name: "K", email: "nope" }, me)).toBe("emailInvalid")
    expect(detailsProblemOf(draft, me)).toBe("noChange")
    expect(detailsProblemOf({ ...draft, display_name: "Kerem Y" }, me)).toBeNull()
  })

  it("a new e-mail needs the current password", () => {
    const moved = { display_name: "Kerem", email: "kerem@elsewhere.test", current_password: "" }
    expect(detailsProblemOf(moved, me)).toBe("currentRequired")
    expect(detailsProblemOf({ ...moved, current_password: "old-secret" }, me)).toBeNull()
  })

  it("a new password needs the current one, 8 characters and the same twice", () => {
    expect(passwordProblemOf({ current: "", next: "new-secret-1", repeat: "new-secret-1" })).toBe("currentRequired")
    expect(passwordProblemOf({ current: "x", next: "short", repeat: "short" })).toBe("passwordTooShort")
    expect(passwordProblemOf({ current: "x", next: "new-secret-1", repeat: "new-secret-2" })).toBe("passwordsDiffer")
    expect(passwordProblemOf({ current: "x", next: "new-secret-1", repeat: "new-secret-1" })).toBeNull()
  })
})
