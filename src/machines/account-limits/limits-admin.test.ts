/** The super admin's account-limits form, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { AccountLimit } from "../../contract/schemas/security"
import { checkModel } from "../common/model-check.testing"
import { changesOf, invalidOf, limitsAdminMachine, parseLimit } from "./limits-admin"

const agents: AccountLimit = { id: 7, client_id: 2, key: "agents", limit: 5, used: 3, updated_at: "2026-11-01T00:00:00Z" }
const businesses = [
  { id: 1, name: "Acme Retail" },
  { id: 2, name: "Globex Foods" },
]
const refused = Object.assign(new Error("Account limit reached"), { status: 400, code: "BAD_REQUEST", field: "limit" })

checkModel({
  name: "account limits (super admin)",
  machine: limitsAdminMachine,
  sources: ["businesses", "limits", "save"],
  states: ["businesses", "loading", "ready", "saving", "failed"],
  events: [
    { type: "xstate.done.actor.businesses", output: businesses },
    { type: "xstate.error.actor.businesses", error: new Error("403") },
    { type: "xstate.done.actor.limits", output: [agents] },
    { type: "xstate.error.actor.limits", error: new Error("offline") },
    { type: "BUSINESS.SET", clientId: 2 },
    { type: "DRAFT", key: "agents", value: "2" },
    { type: "DRAFT", key: "monthly_messages", value: "100,000" },
    { type: "DRAFT", key: "channels", value: "many" },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: undefined },
    { type: "xstate.error.actor.save", error: refused },
    { type: "RETRY" },
  ],
  key: (s) => [s.value, s.context.clientId, s.context.drafts, s.context.invalid, s.context.saved, s.context.failure !== null],
  view: (s) => ({
    value: s.value,
    clientId: s.context.clientId,
    drafts: s.context.drafts,
    invalid: s.context.invalid,
    saved: s.context.saved,
    failed: s.context.failure !== null,
  }),
})

describe("account limit figures", () => {
  it("reads plain and grouped whole numbers, and nothing else", () => {
    expect(parseLimit("100000")).toBe(100000)
    expect(parseLimit("100,000")).toBe(100000)
    expect(parseLimit("100.000")).toBe(100000)
    expect(parseLimit("1 000 000")).toBe(1000000)
    expect(parseLimit("0")).toBe(0)
    expect(parseLimit("1.5")).toBeNull()
    expect(parseLimit("10,00")).toBeNull()
    expect(parseLimit("-1")).toBeNull()
    expect(parseLimit("2000000000")).toBeNull()
  })

  it("changes only what differs, with PUT for an existing limit and POST for a new one", () => {
    const changes = changesOf({ limits: [agents], drafts: { agents: "5", storage_mb: "1,024", monthly_messages: "2" } })
    expect(changes).toEqual([
      { key: "monthly_messages", limit: 2, id: null },
      { key: "storage_mb", limit: 1024, id: null },
    ])
    expect(changesOf({ limits: [agents], drafts: { agents: "4" } })).toEqual([{ key: "agents", limit: 4, id: 7 }])
    expect(invalidOf({ agents: "x", channels: "3" })).toEqual(["agents"])
  })
})
