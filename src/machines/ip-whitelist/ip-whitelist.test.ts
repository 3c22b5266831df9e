/** The IP whitelist's machines, model-based (common/model-check.testing.ts), and the editor's rules. */
import { describe, expect, it } from "vitest"
import type { IpEntry, IpWhitelistSettings } from "../../contract/schemas/security"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { ipEditorMachine, ipRequestOf } from "./ip-editor"
import { locksOut, loginGuardMachine } from "./login-guard"

const row: IpEntry = { id: 4, ip: "10.0.0.0/8", label: "Office", created_at: "2026-01-01T10:00:00Z" }
const taken = Object.assign(new Error("10.0.0.0/8 is already on the list"), { status: 409, code: "CONFLICT", field: "ip" })

checkModel(
  recordEditorModel({
    name: "IP whitelist entry editor",
    machine: ipEditorMachine,
    row,
    changes: [{ ip: "192.168.1.0/24" }, { ip: "not an address" }],
    saveRefusal: taken,
  }),
)

const settings = (listed: boolean, on = false): { data: IpWhitelistSettings } => ({
  data: { enforce_login: on, your_ip: "203.0.113.9", your_ip_listed: listed, entries: 1 },
})

checkModel({
  name: "IP whitelist login switch",
  machine: loginGuardMachine,
  sources: ["load", "save"],
  states: ["loading", "failed", "ready", "confirming", "saving"],
  events: [
    { type: "xstate.done.actor.load", output: settings(false) },
    { type: "xstate.done.actor.load", output: settings(true) },
    { type: "xstate.error.actor.load", error: new Error("offline") },
    { type: "SET", on: true },
    { type: "SET", on: false },
    { type: "CONFIRM" },
    { type: "CANCEL" },
    { type: "REFRESH" },
    { type: "xstate.done.actor.save", output: settings(false, true) },
    { type: "xstate.error.actor.save", error: new Error("403") },
  ],
  stories: [[{ type: "xstate.done.actor.load", output: settings(false) }, { type: "SET", on: true }, { type: "CANCEL" }]],
  key: (s) => [s.value, s.context.settings?.your_ip_listed ?? null, s.context.settings?.enforce_login ?? null, s.context.failure !== null],
  view: (s) => ({ value: s.value, tags: [...s.tags].sort(), settings: s.context.settings, failed: s.context.failure !== null }),
})

describe("IP whitelist rules", () => {
  it("needs an address or range of the right shape and sends only what changed", () => {
    expect(ipRequestOf({ ip: " ", label: "" }, null)).toEqual({ problem: "ipRequired" })
    expect(ipRequestOf({ ip: "office", label: "" }, null)).toEqual({ problem: "ipInvalid" })
    expect(ipRequestOf({ ip: "10.0.0.0/8", label: "x".repeat(101) }, null)).toEqual({ problem: "labelTooLong" })
    expect(ipRequestOf({ ip: "10.0.0.0/8", label: "Office" }, row)).toEqual({ problem: "noChange" })
    expect(ipRequestOf({ ip: "2001:db8::/32", label: "Office" }, row)).toEqual({ request: { ip: "2001:db8::/32" } })
  })

  it("warns only when the admin's own address is off the list", () => {
    expect(locksOut(settings(false).data)).toBe(true)
    expect(locksOut(settings(true).data)).toBe(false)
    expect(locksOut(null)).toBe(false)
  })
})
