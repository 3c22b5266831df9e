/** The chat's SLA countdowns, model-based: watching ids, reading, refreshing, ticking, alerts; and the countdown rule. */
import { describe, expect, it } from "vitest"
import type { SlaClock } from "../../contract/groups/sla"
import { checkModel } from "../common/model-check.testing"
import { REFRESH_MS, slaClocksMachine } from "./sla-clocks"
import { countdownOf } from "./sla-countdown"

const clock = (over: Partial<SlaClock> = {}): SlaClock => ({
  conversation_id: 7,
  policy_id: 1,
  policy_name: "Standard",
  metric: "first_response",
  state: "running",
  ticking: true,
  remaining_ms: 30_000,
  due_at: "2026-11-29T10:00:30Z",
  at: "2026-11-29T10:00:00Z",
  ...over,
})
const alert = {
  type: "rt.sla:alert",
  conversation_id: 7,
  metric: "first_response",
  kind: "breached",
  policy_name: "Standard",
  due_at: null,
}
const after = "xstate.after.10000.sla-clocks.watching"

checkModel({
  name: "sla clocks",
  machine: slaClocksMachine,
  sources: ["socket", "ticker", "read"],
  states: ["idle", "loading", "watching"],
  events: [
    { type: "WATCH", ids: [] },
    { type: "WATCH", ids: [7, 8] },
    { type: "xstate.done.actor.read", output: { clocks: [clock()], readAt: 1000 } },
    { type: "xstate.error.actor.read", error: new Error("offline") },
    { type: "TICK", at: 5000 },
    alert,
    { type: "DISMISS" },
    { type: after },
  ],
  after: { type: after, ms: REFRESH_MS },
  stories: [
    [{ type: "WATCH", ids: [7] }, { type: "WATCH", ids: [7] }, { type: "WATCH", ids: [8] }, alert, { type: "DISMISS" }],
    [{ type: "TICK", at: 5000 }, { type: "DISMISS" }],
    [
      { type: "WATCH", ids: [7] },
      { type: "xstate.done.actor.read", output: { clocks: [], readAt: 1 } },
      { type: "WATCH", ids: [7] },
      alert,
    ],
  ],
  key: (s) => [s.value, s.context.ids.length > 0, s.context.clocks.length, s.context.alerts.length > 0, s.context.failure !== null],
  view: (s) => ({ value: s.value, ids: s.context.ids, clocks: s.context.clocks, alerts: s.context.alerts, failure: s.context.failure }),
})

describe("an SLA countdown", () => {
  it("runs down while the clock ticks, stands still while it is paused, and turns breached at zero", () => {
    expect(countdownOf(clock(), 1000, 11_000)).toEqual({ state: "running", seconds: 20 })
    expect(countdownOf(clock({ state: "near" }), 1000, 31_000)).toEqual({ state: "breached", seconds: 0 })
    expect(countdownOf(clock(), 1000, 36_500)).toEqual({ state: "breached", seconds: 5 })
    expect(countdownOf(clock({ ticking: false, state: "paused" }), 1000, 100_000)).toEqual({ state: "paused", seconds: 30 })
    expect(countdownOf(clock({ ticking: false, state: "breached", remaining_ms: -90_000 }), 0, 0)).toEqual({
      state: "breached",
      seconds: 90,
    })
  })
})
