/**
 * The root's page actors, kept reports and login lifetime, model-based: xstate/graph walks the shortest path to every
 * set of open pages and reports, every simple path and two whole stories; each path is replayed on a running root
 * whose page and report actors are probes, and after each step exactly the pages and reports the model holds run
 * under their systemIds (pages with the input of their last open; a report is the same actor from its first open to
 * the login's end), while every actor the root replaced, closed or dropped has stopped. Every event is on some path.
 */
import { describe, expect, it } from "vitest"
import { type AnyActorRef, assign, createActor, createMachine, setup } from "xstate"
import { getPathsFromEvents, getShortestPaths, getSimplePaths } from "xstate/graph"
import { createRootMachine, type RootContext, type RootEvent } from "./root-machine"

/** A page actor that keeps its input, so a step can tell which open it came from. */
const page = createMachine({ types: {} as { context: { input: unknown } }, context: ({ input }) => ({ input }) })
/** A report that counts how often its screen opened it (what a kept report must not forget). */
const report = setup({ types: { context: {} as { opens: number }, events: {} as { type: "REPORT.OPEN" } } }).createMachine({
  context: { opens: 0 },
  on: { "REPORT.OPEN": { actions: assign({ opens: ({ context }) => context.opens + 1 }) } },
})
/** The session as the login watcher sees it: `loggedIn` or not. */
const session = createMachine({
  initial: "loggedOut",
  states: { loggedOut: { on: { LOGIN: "loggedIn" } }, loggedIn: { on: { LOGOUT: "loggedOut" } } },
})

const PAGES = ["alpha", "beta"]
const REPORTS = ["report-one", "report-two"]
const root = createRootMachine({
  actors: [{ id: "session", systemId: "session", logic: session }],
  pageLogic: (id) => (PAGES.includes(id) ? page : undefined),
  reportLogic: (id) => (REPORTS.includes(id) ? report : undefined),
})

const events: RootEvent[] = [
  { type: "page.open", id: "alpha", input: { n: 1 } },
  { type: "page.open", id: "alpha", input: { n: 2 } },
  { type: "page.open", id: "beta" },
  { type: "page.open", id: "nobody-declared" },
  { type: "page.close", id: "alpha" },
  { type: "page.close", id: "beta" },
  { type: "report.open", id: "report-one" },
  { type: "report.open", id: "report-two" },
  { type: "report.open", id: "report-nobody-declared" },
  { type: "login.ended" },
]

type Snap = { context: RootContext; value: unknown }
const serialize = (s: Snap) => JSON.stringify([s.value, [...s.context.pages].sort(), [...s.context.reports].sort()])
// xstate/graph's walk has no live actor system (a stop never frees a systemId there): the model keeps the root's
// guards and bookkeeping and leaves the spawning to the replay.
const model = root.provide({ actions: { spawnPage: () => {}, spawnReport: () => {} } })
const options = { events, input: {}, serializeState: (s: unknown) => serialize(s as Snap) }
const [alpha1, alpha2, beta, nobody, closeAlpha, closeBeta, one, two, noReport, ended] = events
// Whole stories for what the state identity cannot show: a reopen while open, an undeclared id, a close after logout,
// a report opened again (the same actor) and after a logout (a new one).
const stories: RootEvent[][] = [
  [alpha1, alpha2, beta, nobody, alpha2, ended, closeAlpha, alpha1, closeAlpha, closeBeta],
  [beta, closeAlpha, ended, ended, beta, alpha1, closeBeta, alpha2, closeAlpha],
  [one, alpha1, one, closeAlpha, two, one, noReport, ended, one, one, two],
]
const paths = [
  ...getShortestPaths(model, options),
  ...getSimplePaths(model, options),
  ...stories.flatMap((story) => getPathsFromEvents(model, story, options)),
]

const replay = (steps: readonly { event: RootEvent; state: Snap }[]) => {
  const actor = createActor(root, { input: {} })
  actor.start()
  const handed: AnyActorRef[] = []
  const lastInput = new Map<string, unknown>()
  /** The report actors of the current login, by systemId: each must stay the same actor until the login ends. */
  const kept = new Map<string, AnyActorRef>()
  for (const { event, state } of steps) {
    actor.send(event)
    expect([...actor.getSnapshot().context.pages].sort()).toEqual([...state.context.pages].sort())
    expect([...actor.getSnapshot().context.reports].sort()).toEqual([...state.context.reports].sort())
    if (event.type === "page.open" && PAGES.includes(event.id)) lastInput.set(event.id, event.input)
    if (event.type === "login.ended") {
      for (const ref of kept.values()) handed.push(ref)
      kept.clear()
    }
    for (const id of REPORTS) {
      const ref = actor.system.get(id) as AnyActorRef | undefined
      if (actor.getSnapshot().context.reports.includes(id)) {
        expect(ref?.getSnapshot().status, id).toBe("active")
        if (kept.has(id)) expect(ref, id).toBe(kept.get(id))
        else kept.set(id, ref!)
      } else expect(ref, id).toBeUndefined()
    }
    const open = actor.getSnapshot().context.pages
    for (const id of PAGES) {
      const ref = actor.system.get(id) as AnyActorRef | undefined
      if (open.includes(id)) {
        expect(ref?.getSnapshot().status, id).toBe("active")
        expect(ref?.getSnapshot().context.input, id).toEqual(lastInput.get(id))
        if (ref && !handed.includes(ref)) handed.push(ref)
      } else expect(ref, id).toBeUndefined()
    }
    const running = new Set([...open.map((id) => actor.system.get(id)), ...kept.values()])
    for (const ref of handed) if (!running.has(ref)) expect(ref.getSnapshot().status).toBe("stopped")
    expect(actor.system.get("nobody-declared")).toBeUndefined()
    expect(actor.system.get("report-nobody-declared")).toBeUndefined()
  }
  actor.stop()
}

describe("root machine: page actors and kept reports (model-based)", () => {
  it("reaches every set of open pages and running reports", () => {
    const reached = new Set(getShortestPaths(model, options).map((path) => serialize(path.state as Snap)))
    expect(reached.size).toBe(16)
  })

  it.each(
    paths.map(
      (path) => [path.steps.map((step) => `${step.event.type}:${(step.event as { id?: string }).id ?? ""}`).join(" > "), path] as const,
    ),
  )("%s", (_name, path) => replay(path.steps as unknown as { event: RootEvent; state: Snap }[]))

  it("covers every event on some path", () => {
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))))
    for (const event of events) expect(used, JSON.stringify(event)).toContain(JSON.stringify(event))
  })
})

describe("root machine: login lifetime", () => {
  it("keeps a report across navigation, and stops it and the page actors when the session leaves loggedIn", () => {
    const actor = createActor(root, { input: {} })
    actor.start()
    const sessionRef = actor.system.get("session") as AnyActorRef
    const opens = () => (actor.system.get("report-one") as AnyActorRef).getSnapshot().context.opens
    sessionRef.send({ type: "LOGIN" })
    actor.send({ type: "report.open", id: "report-one" })
    const report = actor.system.get("report-one") as AnyActorRef
    report.send({ type: "REPORT.OPEN" })
    actor.send({ type: "page.open", id: "alpha" })
    actor.send({ type: "page.close", id: "alpha" })
    actor.send({ type: "report.open", id: "report-one" })
    expect(actor.system.get("report-one")).toBe(report)
    expect(opens()).toBe(1)
    actor.send({ type: "page.open", id: "alpha" })
    const alpha = actor.system.get("alpha") as AnyActorRef
    sessionRef.send({ type: "LOGOUT" })
    expect(report.getSnapshot().status).toBe("stopped")
    expect(actor.system.get("report-one")).toBeUndefined()
    expect(alpha.getSnapshot().status).toBe("stopped")
    expect(actor.system.get("alpha")).toBeUndefined()
    // The view that opened it unmounts afterwards: its close finds nothing and changes nothing.
    actor.send({ type: "page.close", id: "alpha" })
    expect(actor.getSnapshot().context.pages).toEqual([])
    // The next login's first screen starts the report afresh.
    sessionRef.send({ type: "LOGIN" })
    actor.send({ type: "report.open", id: "report-one" })
    expect(actor.system.get("report-one")).not.toBe(report)
    expect(opens()).toBe(0)
    actor.stop()
  })

  it("gives each root actor its start input by id", () => {
    const echo = createMachine({ types: {} as { context: { input: unknown } }, context: ({ input }) => ({ input }) })
    const withInput = createRootMachine({
      actors: [{ id: "echo", systemId: "echo", logic: echo }],
      pageLogic: () => undefined,
      reportLogic: () => undefined,
    })
    const actor = createActor(withInput, { input: { inputs: { echo: { cached: 1 } } } })
    actor.start()
    expect((actor.system.get("echo") as AnyActorRef).getSnapshot().context.input).toEqual({ cached: 1 })
    actor.stop()
  })
})
