/** The SIP trunk form's machine, model-based (common/model-check.testing.ts), and its field rules. */
import { describe, expect, it } from "vitest"
import { initialTransition, transition } from "xstate"
import type { PbxTrunk } from "../../contract/schemas/pbx"
import { checkModel } from "../common/model-check.testing"
import { draftOf, pbxTrunkMachine, type TrunkDraft, trunkSaveOf } from "./pbx-trunk-machine"

const stored: PbxTrunk = {
  enabled: true,
  host: "sip.carrier.example",
  port: 5060,
  transport: "udp",
  auth: "digest",
  username: "acme",
  number_format: "e164",
  country_code: "",
  national_prefix: "",
  international_prefix: "",
  caller_id: "+4930555000",
  inbound_numbers: ["+4930555001"],
  ring_user_ids: [],
  password_set: true,
}
const agent = { id: 3, username: "agent1", display_name: "Kerem Agent", online: true, active_chats: 0, max_chats: 5 }
const loaded = { type: "xstate.done.actor.load", output: { trunk: null, agents: [agent], agentsError: null } }
const valid: Partial<TrunkDraft> = { host: "10.0.0.7", caller_id: "+4930555000", inbound_numbers: "+4930555001\n+4930555002" }

checkModel({
  name: "pbx trunk",
  machine: pbxTrunkMachine,
  sources: ["load", "save"],
  states: ["closed", "loading", "ready", "saving", "failed"],
  events: [
    { type: "OPEN" },
    loaded,
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: valid },
    { type: "EDIT", patch: { caller_id: "030555" } },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: { ...stored, auth: "ip", username: "", password_set: false } },
    { type: "xstate.error.actor.save", error: { _tag: "ApiError", status: 409, message: "taken", field: "inbound_numbers" } },
    { type: "CLOSE" },
  ],
  stories: [
    [
      { type: "OPEN" },
      loaded,
      { type: "EDIT", patch: valid },
      { type: "SAVE" },
      { type: "xstate.error.actor.save", error: new Error("409") },
    ],
    [{ type: "OPEN" }, loaded, { type: "EDIT", patch: valid }, { type: "SAVE" }, { type: "CLOSE" }, { type: "OPEN" }],
  ],
  key: (s) => [s.value, s.context.stored?.host ?? null, s.context.draft.caller_id, s.context.problem, s.context.failure !== null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    stored: s.context.stored,
    draft: s.context.draft,
    agents: s.context.agents,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

describe("pbx trunk rules", () => {
  const fresh = { ...draftOf(null), ...valid }

  it("sends the draft as the contract's request: lists split, hidden fields emptied", () => {
    expect(trunkSaveOf(null, { ...fresh, username: "x", country_code: "49" })).toEqual({
      save: {
        enabled: true,
        host: "10.0.0.7",
        port: 5060,
        transport: "udp",
        auth: "ip",
        username: "",
        password: "",
        number_format: "e164",
        country_code: "",
        national_prefix: "",
        international_prefix: "",
        caller_id: "+4930555000",
        inbound_numbers: ["+4930555001", "+4930555002"],
        ring_user_ids: [],
      },
    })
  })

  it("names the first bad field in the form's order", () => {
    expect(trunkSaveOf(null, { ...fresh, caller_id: "030555", port: "0" })).toEqual({ problem: { field: "port", rule: "invalid" } })
    expect(trunkSaveOf(null, { ...fresh, caller_id: "030555" })).toEqual({ problem: { field: "caller_id", rule: "invalid" } })
    expect(trunkSaveOf(null, { ...fresh, host: " " })).toEqual({ problem: { field: "host", rule: "required" } })
    expect(trunkSaveOf(null, { ...fresh, host: "bad host" })).toEqual({ problem: { field: "host", rule: "invalid" } })
    expect(trunkSaveOf(null, { ...fresh, inbound_numbers: "+4930555001\n+4930555001" })).toEqual({
      problem: { field: "inbound_numbers", rule: "duplicate" },
    })
    expect(trunkSaveOf(null, { ...fresh, inbound_numbers: "+4930555001\n12" })).toEqual({
      problem: { field: "inbound_numbers", rule: "invalid" },
    })
    expect(trunkSaveOf(null, { ...fresh, number_format: "national" })).toEqual({ problem: { field: "country_code", rule: "required" } })
  })

  it("needs a digest username and a password unless one is stored", () => {
    expect(trunkSaveOf(null, { ...fresh, auth: "digest" })).toEqual({ problem: { field: "username", rule: "required" } })
    expect(trunkSaveOf(null, { ...fresh, auth: "digest", username: "acme" })).toEqual({ problem: { field: "password", rule: "required" } })
    const kept = trunkSaveOf(stored, { ...draftOf(stored) })
    expect("save" in kept && kept.save.password).toBe("")
    expect(draftOf(stored).password).toBe("")
  })
})

describe("pbx trunk saving", () => {
  const step = (events: readonly { type: string; [key: string]: unknown }[]) =>
    events.reduce((state, event) => transition(pbxTrunkMachine, state, event as never)[0], initialTransition(pbxTrunkMachine)[0])

  it("keeps the draft and the server's field when a save is refused, and clears the failure on the next success", () => {
    const conflict = { _tag: "ApiError", status: 409, message: "+4930555001 already belongs to another account", field: "inbound_numbers" }
    const refused = step([
      { type: "OPEN" },
      loaded,
      { type: "EDIT", patch: valid },
      { type: "SAVE" },
      { type: "xstate.error.actor.save", error: conflict },
    ])
    expect(refused.value).toBe("ready")
    expect(refused.context.draft.inbound_numbers).toBe("+4930555001\n+4930555002")
    expect(refused.context.failure).toMatchObject({ field: "inbound_numbers" })
    const done = transition(pbxTrunkMachine, transition(pbxTrunkMachine, refused, { type: "SAVE" })[0], {
      type: "xstate.done.actor.save",
      output: stored,
    } as never)[0]
    expect(done.context.failure).toBeNull()
    expect(done.context.saved).toBe(1)
    expect(done.context.draft.password).toBe("")
  })

  it("sends nothing while a field is bad", () => {
    const bad = step([{ type: "OPEN" }, loaded, { type: "EDIT", patch: { ...valid, caller_id: "030555" } }, { type: "SAVE" }])
    expect(bad.value).toBe("ready")
    expect(bad.context.problem).toEqual({ field: "caller_id", rule: "invalid" })
  })
})
