/** The channels overview machine, model-based (common/model-check.testing.ts), and how SMS reads as a channel. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { channelsOverviewMachine, rowOfSms } from "./channels-overview"

const loaded = {
  rows: [{ channel: "whatsapp", state: "connected", name: "Omar's Garden", failure: null, error: null }],
  sms: null,
}

checkModel({
  name: "channels overview",
  machine: channelsOverviewMachine,
  sources: ["load"],
  states: ["loading", "ready", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: loaded },
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "REFRESH" },
  ],
  stories: [[{ type: "xstate.done.actor.load", output: loaded }, { type: "REFRESH" }, { type: "xstate.done.actor.load", output: loaded }]],
  key: (s) => [s.value, s.context.rows.length, s.context.failure !== null],
  view: (s) => ({ tags: [...s.tags].sort(), rows: s.context.rows, failure: s.context.failure }),
})

const account = {
  id: 1,
  client_id: 1,
  client_name: "Acme",
  provider_id: 1,
  provider_name: "SMSC",
  username: "acme",
  password_hint: null,
  balance: null,
  rate: null,
  active: true,
  created_at: "2026-11-24T00:00:00.000Z",
}
const mask = {
  id: 1,
  sms_client_id: 1,
  client_id: 1,
  client_name: "Acme",
  provider_name: "SMSC",
  mask: "ACME",
  status: "approved" as const,
  rate: 0.05,
  active: true,
  created_at: "2026-11-24T00:00:00.000Z",
}

describe("SMS as a channel", () => {
  it("is connected with an approved, active sender name on an active account, pending with only an account", () => {
    expect(rowOfSms({ accounts: [account], masks: [mask] })).toMatchObject({ state: "connected", name: "ACME" })
    expect(rowOfSms({ accounts: [account], masks: [{ ...mask, status: "pending" }] })).toMatchObject({ state: "pending", name: null })
    expect(rowOfSms({ accounts: [{ ...account, active: false }], masks: [mask] }).state).toBe("not_connected")
    expect(rowOfSms({ accounts: [], masks: [] }).state).toBe("not_connected")
  })
})
