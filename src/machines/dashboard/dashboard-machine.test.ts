/** The dashboard page's machine, model-based (common/model-check.testing.ts), plus the stories a user would notice. */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { checkModel } from "../common/model-check.testing"
import { makeScript, settle } from "../common/scripted-actors.testing"
import { figuresWith, nowAt } from "./dashboard.testing"
import { dashboardMachine } from "./dashboard-machine"

const figures = figuresWith(nowAt("2026-03-03T10:00:00Z", 2))
const input = { today: "2026-03-03" }
const good = { start: "2026-03-01", end: "2026-03-03" }

checkModel({
  name: "dashboard",
  machine: dashboardMachine,
  input,
  sources: ["figures", "socket"],
  states: ["figures.loading", "figures.ready", "figures.failed", "live.connecting", "live.connected", "live.disconnected"],
  events: [
    { type: "xstate.done.actor.figures", output: figures },
    { type: "xstate.error.actor.figures", error: new Error("defect") },
    { type: "REFRESH" },
    { type: "RANGE.SET", range: good },
    { type: "RANGE.SET", range: { start: "2026-03-03", end: "2026-03-01" } },
    { type: "RANGE.SET", range: { start: "2016-03-01", end: "2026-03-03" } },
    { type: "RANGE.SET", range: { start: "2026-03-01", end: "" } },
    { type: "rt.status", status: "connected" },
    { type: "rt.status", status: "disconnected" },
    { type: "rt.dashboard:now", seq: 1, now: nowAt("2026-03-03T10:00:01Z", 3) },
  ],
  key: (s) => [
    s.value,
    s.context.range,
    s.context.rangeProblem,
    s.context.figures !== null,
    s.context.failure !== null,
    s.context.live.seq,
  ],
  view: (s) => ({
    value: s.value,
    tags: [...s.tags].sort(),
    range: s.context.range,
    draft: s.context.draft,
    rangeProblem: s.context.rangeProblem,
    figures: s.context.figures,
    failure: s.context.failure,
    live: s.context.live,
  }),
})

// The super admin's dashboard: nothing is read until a business is picked, and the socket's own-business values are not
// that business's.
checkModel({
  name: "dashboard (super admin)",
  machine: dashboardMachine,
  input: { ...input, picks: true },
  sources: ["figures", "socket"],
  states: ["figures.unpicked", "figures.loading", "figures.ready", "figures.failed", "live.connected", "live.disconnected"],
  events: [
    { type: "BUSINESS.PICK", clientId: 2 },
    { type: "BUSINESS.PICK", clientId: 3 },
    { type: "xstate.done.actor.figures", output: figures },
    { type: "xstate.error.actor.figures", error: new Error("defect") },
    { type: "REFRESH" },
    { type: "RANGE.SET", range: good },
    { type: "rt.status", status: "connected" },
    { type: "rt.status", status: "disconnected" },
    { type: "rt.dashboard:now", seq: 1, now: nowAt("2026-03-03T10:00:01Z", 3) },
  ],
  // The socket's own-business values change nothing, so no shortest path takes them: a story does.
  stories: [
    [
      { type: "BUSINESS.PICK", clientId: 2 },
      { type: "xstate.done.actor.figures", output: figures },
      { type: "rt.dashboard:now", seq: 1, now: nowAt("2026-03-03T10:00:01Z", 3) },
    ],
  ],
  key: (s) => [s.value, s.context.range, s.context.clientId, s.context.figures !== null, s.context.failure !== null, s.context.live.seq],
  view: (s) => ({
    value: s.value,
    tags: [...s.tags].sort(),
    range: s.context.range,
    clientId: s.context.clientId,
    figures: s.context.figures,
    failure: s.context.failure,
    live: s.context.live,
  }),
})

describe("dashboard machine", () => {
  const start = (picks = false) => {
    const script = makeScript()
    const actor = createActor(dashboardMachine.provide({ actors: { figures: script.logic, socket: script.logic } } as never), {
      input: { ...input, picks },
    }).start()
    const reads = () =>
      script.calls.filter((c) => c.id === "figures").map((c) => (c.input as { range: unknown; clientId: number | null }).range)
    return { actor, script, reads }
  }

  it("reads the last 30 days on open, then the chosen days; a refused range reads nothing and says why", async () => {
    const { actor, script, reads } = start()
    expect(reads()).toEqual([{ start: "2026-02-02", end: "2026-03-03" }])
    script.resolve("figures", figures)
    await settle()
    actor.send({ type: "RANGE.SET", range: { start: "2026-03-03", end: "2026-03-01" } })
    expect(actor.getSnapshot().context.rangeProblem).toBe("endBeforeStart")
    expect(actor.getSnapshot().context.figures).toBe(figures)
    expect(reads()).toHaveLength(1)
    actor.send({ type: "RANGE.SET", range: good })
    expect(reads().at(-1)).toEqual(good)
    expect(actor.getSnapshot().context.rangeProblem).toBe(null)
    // While the new days load, the last figures stay on screen.
    expect(actor.getSnapshot().hasTag("loading")).toBe(true)
    expect(actor.getSnapshot().context.figures).toBe(figures)
  })

  it("refreshes on demand without dropping the socket, and keeps a failure as data until the next read succeeds", async () => {
    const { actor, script, reads } = start()
    script.reject("figures", new Error("boom"))
    await settle()
    expect(actor.getSnapshot().value).toEqual({ figures: "failed", live: "connecting" })
    expect(actor.getSnapshot().context.failure?.message).toBe("boom")
    actor.send({ type: "REFRESH" })
    expect(actor.getSnapshot().hasTag("loading")).toBe(true)
    script.resolve("figures", figures)
    await settle()
    expect(actor.getSnapshot().value).toEqual({ figures: "ready", live: "connecting" })
    expect(actor.getSnapshot().context.failure).toBe(null)
    expect(reads()).toHaveLength(2)
    expect(script.calls.filter((c) => c.id === "socket")).toHaveLength(1)
  })

  it("moves the now boxes with the socket's events in seq order, and the latest reading wins over an older read", async () => {
    const { actor, script } = start()
    actor.send({ type: "rt.status", status: "connected" })
    expect(actor.getSnapshot().hasTag("live")).toBe(true)
    actor.send({ type: "rt.dashboard:now", seq: 2, now: nowAt("2026-03-03T10:00:02Z", 5) })
    actor.send({ type: "rt.dashboard:now", seq: 1, now: nowAt("2026-03-03T10:00:01Z", 4) })
    expect(actor.getSnapshot().context.live).toEqual({ seq: 2, now: nowAt("2026-03-03T10:00:02Z", 5) })
    // A read that started before the last event answers with an older `now`: the event's values stay.
    script.resolve("figures", figures)
    await settle()
    expect(actor.getSnapshot().context.live.now?.open).toBe(5)
    actor.send({ type: "rt.dashboard:now", seq: 3, now: nowAt("2026-03-03T10:00:03Z", 0) })
    expect(actor.getSnapshot().context.live.now?.open).toBe(0)
  })

  it("reads nothing for a super admin until a business is picked, then that business's figures", async () => {
    const { actor, script } = start(true)
    const asked = () => script.calls.filter((c) => c.id === "figures").map((c) => c.input)
    actor.send({ type: "RANGE.SET", range: good })
    actor.send({ type: "REFRESH" })
    actor.send({ type: "rt.status", status: "connected" })
    expect(asked()).toEqual([])
    expect(actor.getSnapshot().value).toEqual({ figures: "unpicked", live: "connected" })
    actor.send({ type: "BUSINESS.PICK", clientId: 2 })
    expect(asked()).toEqual([{ range: good, clientId: 2 }])
    script.resolve("figures", figures)
    await settle()
    // The socket speaks for the super admin's own business: its values never replace the picked one's.
    actor.send({ type: "rt.dashboard:now", seq: 9, now: nowAt("2026-03-03T10:00:09Z", 0) })
    expect(actor.getSnapshot().context.live.now?.open).toBe(2)
    actor.send({ type: "BUSINESS.PICK", clientId: 3 })
    expect(asked().at(-1)).toEqual({ range: good, clientId: 3 })
    expect(actor.getSnapshot().context.figures).toBe(null)
  })

  it("reads the figures again when the socket comes back after a gap", async () => {
    const { actor, script, reads } = start()
    script.resolve("figures", figures)
    await settle()
    actor.send({ type: "rt.status", status: "connected" })
    expect(reads()).toHaveLength(1)
    actor.send({ type: "rt.status", status: "disconnected" })
    expect(actor.getSnapshot().hasTag("live")).toBe(false)
    actor.send({ type: "rt.status", status: "connected" })
    expect(reads()).toHaveLength(2)
    expect(actor.getSnapshot().hasTag("live")).toBe(true)
  })
})
