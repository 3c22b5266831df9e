/** The SMS providers page's machine, model-based (common/model-check.testing.ts): load, drafts, writes, refusals. */
import { describe, expect, it } from "vitest"
import { allCalls } from "../../contract/catalogue"
import { mayCall } from "../acl/may-call"
import { checkModel } from "../common/model-check.testing"
import { providersListCall, smsProvidersMachine } from "./sms-providers-machine"

const provider = {
  id: 4,
  name: "Gateway",
  kind: "smpp",
  base_url: "",
  host: "127.0.0.1",
  port: 2775,
  system_id: "acme",
  system_type: "",
  window: 10,
  rate: 0.05,
  has_secret: true,
  part_length: 160,
  active: true,
  created_at: "2026-11-23T10:00:00.000Z",
}
const loaded = { type: "xstate.done.actor.loadProviders", output: { providers: [provider], accounts: [], masks: [] } }
const tenantLoaded = { type: "xstate.done.actor.loadProviders", output: { providers: null, accounts: [], masks: [] } }
const refused = {
  type: "xstate.error.actor.writeProviders",
  error: { status: 403, code: "FORBIDDEN", message: "Only a super admin approves sender masks" },
}

checkModel({
  name: "SMS providers",
  machine: smsProvidersMachine,
  sources: ["loadProviders", "writeProviders"],
  states: ["loading", "failed", "ready", "writing"],
  events: [
    loaded,
    { type: "xstate.error.actor.loadProviders", error: { status: 403, code: "FORBIDDEN", message: "Missing permission BACK:sms" } },
    { type: "RETRY" },
    { type: "DRAFT", form: "mask", patch: { accountId: "3", mask: "ACME" } },
    { type: "EDIT.PROVIDER", provider },
    { type: "SUBMIT", form: "mask" },
    { type: "MASK.SET", id: 9, status: "approved" },
    { type: "xstate.done.actor.writeProviders", output: undefined },
    refused,
  ],
  stories: [
    [
      { type: "xstate.error.actor.loadProviders", error: { status: 500, code: "ERROR", message: "down" } },
      { type: "RETRY" },
      loaded,
      { type: "MASK.SET", id: 9, status: "approved" },
      { type: "xstate.done.actor.writeProviders", output: undefined },
      loaded,
      { type: "MASK.SET", id: 9, active: false },
      refused,
    ],
    [tenantLoaded, { type: "DRAFT", form: "provider", patch: { name: "X" } }, { type: "SUBMIT", form: "provider" }, refused],
    [
      loaded,
      { type: "EDIT.PROVIDER", provider },
      { type: "SUBMIT", form: "provider" },
      { type: "xstate.done.actor.writeProviders", output: undefined },
      loaded,
    ],
  ],
  key: (s) => [s.value, s.context.failure !== null, s.context.drafts.mask.mask, s.context.drafts.provider.id, s.context.pending !== null],
  view: (s) => ({ value: s.value, context: s.context }),
})

describe("SMS providers: who is asked for the gateways", () => {
  it("names what sms.smsProviderAll needs: only the super admin asks, a tenant admin never", () => {
    const call = allCalls.find((c) => c.group === "sms" && c.name === "smsProviderAll")
    expect(providersListCall).toEqual({ permission: call?.permission, access: call?.access })
    expect(mayCall({ "BACK:sms": 1 }, providersListCall)).toBe(false)
    expect(mayCall({ "BACK:businesses": 1 }, providersListCall)).toBe(true)
  })
})
