/** The dashboard page's machine, model-based (common/model-check.testing.ts), plus the stories a user would notice. */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { checkModel } from "../common/model-check.testing"
import { makeScript, settle } from "../common/scripted-actors.testing"
import type { DashboardFigures } from "./dashboard-figures"
import { dashboardMachine } from "./dashboard-machine"

const ok = <T>(value: T) => ({ value, failure: null })
const figures: DashboardFigures = {
  boxes: ok({
    total_conversations: 4,
    active_conversations: 2,
    pending_tickets: 1,
    resolved_tickets: 3,
    online_agents: 1,
    total_contacts: 9,
    messages_sent: 5,
    messages_received: 7,
  }),
  messages: ok({ sent: 5, delivered: 5, read: 2, failed: 0, received: 7, series: [{ date: "2026-03-02", sent: 5, received: 7 }] }),
  calls: { value: null, failure: { status: 403, code: "FORBIDDEN", message: "no access" } },
  tickets: ok({ total: 4, status_count: [{ status: "Resolved", count: 3 }] }),
  campaigns: ok([]),
  templates: ok([]),
  territories: ok([]),
}
const input = { today: "2026-03-03" }
const good = { start: "2026-03-01", end: "2026-03-03" }

checkModel({
  name: "dashboard",
  machine: dashboardMachine,
  input,
  sources: ["figures"],
  states: ["loading", "ready", "failed"],
  events: [
    { type: "xstate.done.actor.figures", output: figures },
    { type: "xstate.error.actor.figures", error: new Error("defect") },
    { type: "REFRESH" },
    { type: "RANGE.SET", range: good },
    { type: "RANGE.SET", range: { start: "2026-03-03", end: "2026-03-01" } },
    { type: "RANGE.SET", range: { start: "2016-03-01", end: "2026-03-03" } },
    { type: "RANGE.SET", range: { start: "2026-03-01", end: "" } },
  ],
  key: (s) => [s.value, s.context.range, s.context.rangeProblem, s.context.figures !== null, s.context.failure !== null],
  view: (s) => ({
    value: s.value,
    tags: [...s.tags].sort(),
    range: s.context.range,
    draft: s.context.draft,
    rangeProblem: s.context.rangeProblem,
    figures: s.context.figures,
    failure: s.context.failure,
  }),
})

describe("dashboard machine", () => {
  const start = () => {
    const script = makeScript()
    const actor = createActor(dashboardMachine.provide({ actors: { figures: script.logic } } as never), { input }).start()
    return { actor, script }
  }

  it("reads the last 7 days on open, then the chosen days; a refused range reads nothing and says why", async () => {
    const { actor, script } = start()
    expect(script.calls.map((c) => c.input)).toEqual([{ start: "2026-02-25", end: "2026-03-03" }])
    script.resolve("figures", figures)
    await settle()
    actor.send({ type: "RANGE.SET", range: { start: "2026-03-03", end: "2026-03-01" } })
    expect(actor.getSnapshot().context.rangeProblem).toBe("endBeforeStart")
    expect(actor.getSnapshot().context.figures).toBe(figures)
    expect(script.calls).toHaveLength(1)
    actor.send({ type: "RANGE.SET", range: good })
    expect(script.calls.at(-1)?.input).toEqual(good)
    expect(actor.getSnapshot().context.rangeProblem).toBe(null)
    // While the new days load, the last figures stay on screen.
    expect(actor.getSnapshot().hasTag("loading")).toBe(true)
    expect(actor.getSnapshot().context.figures).toBe(figures)
  })

  it("refreshes on demand and keeps a failure as data until the next read succeeds", async () => {
    const { actor, script } = start()
    script.reject("figures", new Error("boom"))
    await settle()
    expect(actor.getSnapshot().value).toBe("failed")
    expect(actor.getSnapshot().context.failure?.message).toBe("boom")
    actor.send({ type: "REFRESH" })
    expect(actor.getSnapshot().hasTag("loading")).toBe(true)
    script.resolve("figures", figures)
    await settle()
    expect(actor.getSnapshot().value).toBe("ready")
    expect(actor.getSnapshot().context.failure).toBe(null)
  })
})
