/** The members dialog's machine, model-based, and the group editor's rules. */
import { describe, expect, it } from "vitest"
import type { AgentGroup } from "../../contract/schemas/agent-groups"
import { checkModel } from "../common/model-check.testing"
import { groupRequestOf } from "./group-editor"
import { groupMembersMachine } from "./group-members-machine"

const loaded = {
  type: "xstate.done.actor.load",
  output: {
    name: "Night shift",
    members: [{ id: 1, username: "admin", display_name: "Admin", online: true, role: "owner" }],
    candidates: [{ id: 9, username: "agent9", display_name: null, online: false, unread: 0, last_message_at: null }],
  },
}

checkModel({
  name: "group members",
  machine: groupMembersMachine,
  input: { groupId: 3 },
  sources: ["load", "change"],
  states: ["loading", "ready", "changing", "failed"],
  events: [
    loaded,
    { type: "xstate.error.actor.load", error: new Error("404") },
    { type: "RETRY" },
    { type: "ADD", userId: 9 },
    { type: "REMOVE", userId: 1 },
    { type: "xstate.done.actor.change", output: { data: { ok: true } } },
    { type: "xstate.error.actor.change", error: Object.assign(new Error("Not a member"), { status: 400, field: "user_ids" }) },
  ],
  stories: [
    [{ type: "xstate.error.actor.load", error: new Error("404") }, { type: "RETRY" }, loaded],
    [loaded, { type: "REMOVE", userId: 1 }, { type: "xstate.done.actor.change", output: { data: { ok: true } } }],
  ],
  key: (s) => [s.value, s.context.members.length, s.context.failure?.message ?? null],
  view: (s) => ({ members: s.context.members, candidates: s.context.candidates, failure: s.context.failure, name: s.context.name }),
})

describe("group editor rules", () => {
  const row: AgentGroup = {
    id: 3,
    name: "Night shift",
    description: null,
    members_count: 1,
    created_by: 1,
    last_message_at: null,
    created_at: "2026-01-01T10:00:00Z",
  }
  it("needs a name, bounds name and description, and sends only what changed", () => {
    expect(groupRequestOf({ name: " ", description: "", member_ids: [] }, null)).toEqual({ problem: "nameRequired" })
    expect(groupRequestOf({ name: "x".repeat(81), description: "", member_ids: [] }, null)).toEqual({ problem: "nameTooLong" })
    expect(groupRequestOf({ name: "A", description: "x".repeat(301), member_ids: [] }, null)).toEqual({ problem: "descriptionTooLong" })
    expect(groupRequestOf({ name: " Sales ", description: "", member_ids: [9] }, null)).toEqual({
      request: { name: "Sales", member_ids: [9] },
    })
    expect(groupRequestOf({ name: "Night shift ", description: "", member_ids: [] }, row)).toEqual({ problem: "noChange" })
    expect(groupRequestOf({ name: "Night shift", description: "Weekends", member_ids: [] }, row)).toEqual({
      request: { description: "Weekends" },
    })
  })
})
