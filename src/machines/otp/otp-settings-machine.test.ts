/** The OTP login settings' machine, model-based (common/model-check.testing.ts), and its bounds. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { otpSettingsMachine, settingsRequestOf } from "./otp-settings-machine"

const settings = { enabled: true, ttl_seconds: 300, max_tries: 5, cooldown_seconds: 30 }
const loaded = { type: "xstate.done.actor.loadSettings", output: settings }

checkModel({
  name: "OTP settings",
  machine: otpSettingsMachine,
  sources: ["loadSettings", "saveSettings"],
  states: ["loading", "failed", "ready", "saving"],
  events: [
    loaded,
    { type: "xstate.error.actor.loadSettings", error: { status: 403, code: "FORBIDDEN", message: "Missing permission BACK:otp" } },
    { type: "RETRY" },
    { type: "CHANGE", patch: { ttl: "10" } },
    { type: "CHANGE", patch: { ttl: "120", enabled: false } },
    { type: "SAVE" },
    { type: "xstate.done.actor.saveSettings", output: { ...settings, ttl_seconds: 120, enabled: false } },
    { type: "xstate.error.actor.saveSettings", error: { status: 400, code: "BAD_REQUEST", message: "ttl_seconds" } },
  ],
  key: (s) => [s.value, s.context.problem, s.context.failure?.code ?? null, s.context.draft.ttl, s.context.saved > 0],
  view: (s) => ({ value: s.value, context: s.context }),
})

describe("OTP settings rules", () => {
  it("keeps to the contract's bounds", () => {
    const ok = { enabled: true, ttl: "300", tries: "5", cooldown: "30" }
    expect(settingsRequestOf(ok)).toEqual({ request: settings })
    expect(settingsRequestOf({ ...ok, ttl: "29" })).toEqual({ problem: "ttl" })
    expect(settingsRequestOf({ ...ok, tries: "11" })).toEqual({ problem: "tries" })
    expect(settingsRequestOf({ ...ok, cooldown: "-1" })).toEqual({ problem: "cooldown" })
  })
})
