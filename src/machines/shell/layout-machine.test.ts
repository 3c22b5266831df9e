/**
 * Model-based test of the layout machine: shortest paths over its events (load, change, theme, save outcomes,
 * reset, panel) replayed on a real actor whose invocations are settled by the memory runtime.
 */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { layoutMachine, type LayoutEvent } from "./layout-machine"
import { selectSaveStatus } from "./layout-selectors"
import { applyPatch, defaultLayout, readLayout, readTheme } from "./layout-settings"
import { completion, makeScript, settle } from "../common/scripted-actors.testing"

const saved = { layout: { ...defaultLayout, style: "horizontal" as const }, theme: "dark" as const, exists: true }

type ModelEvent = LayoutEvent | { type: string; output?: unknown; error?: unknown }
const events: ModelEvent[] = [
  { type: "LAYOUT.LOAD" },
  { type: "xstate.done.actor.load", output: saved },
  { type: "xstate.error.actor.load", error: new Error("500") },
  { type: "LAYOUT.CHANGE", patch: { mode: "boxed" } },
  { type: "LAYOUT.CHANGE", patch: { mode: "container" } },
  { type: "xstate.done.actor.save" },
  { type: "xstate.error.actor.save", error: new Error("500") },
  { type: "THEME.SET", theme: "dark" },
  { type: "THEME.SET", theme: "light" },
  { type: "xstate.done.actor.saveTheme" },
  { type: "xstate.error.actor.saveTheme", error: new Error("500") },
  { type: "LAYOUT.RESET" },
  { type: "PANEL.TOGGLE" },
]

const paths = getShortestPaths(layoutMachine, {
  events: events as LayoutEvent[],
  input: undefined,
  serializeState: (snapshot) => {
    const c = snapshot.context
    return JSON.stringify([snapshot.value, c.layout, c.theme, c.exists, c.failed, c.panelOpen, c.pendingLayout, c.pendingTheme])
  },
  limit: 20_000,
})

describe("layout machine (model-based)", () => {
  it("reaches every state", () => {
    const reached = new Set<string>(paths.map((path) => String(path.state.value)))
    for (const state of ["local", "loading", "ready", "saving", "savingTheme"]) expect(reached.has(state), state).toBe(true)
    // Both orders of a layout change and a theme change during the other's save are walked.
    expect(paths.some((path) => path.state.context.pendingTheme)).toBe(true)
    expect(paths.some((path) => path.state.context.pendingLayout)).toBe(true)
  })

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > ") || "(initial)", path] as const))(
    "replays %s on the real actor",
    async (_name, path) => {
      const script = makeScript()
      const actor = createActor(
        layoutMachine.provide({
          actors: {
            load: script.logic as never,
            save: script.logic as never,
            saveTheme: script.logic as never,
            cache: script.logic as never,
          },
        }),
        { input: undefined },
      ).start()
      await settle()
      for (const step of path.steps) {
        const outcome = completion(step.event as ModelEvent)
        if (outcome) {
          if (outcome.ok) script.resolve(outcome.id, outcome.value)
          else script.reject(outcome.id, outcome.value)
        } else actor.send(step.event)
        await settle()
        expect(actor.getSnapshot().value).toEqual(step.state.value)
        expect(actor.getSnapshot().context).toEqual(step.state.context)
        // The panel's status line follows the state: browser-only while logged out, saving while a save is out.
        const value = String(step.state.value)
        const status =
          value === "local" ? "localOnly" : value.startsWith("saving") ? "saving" : step.state.context.failed ? "saveFailed" : "saved"
        expect(selectSaveStatus(actor.getSnapshot())).toBe(status)
        const running = Object.keys(actor.getSnapshot().children)
        script.forget((id) => running.includes(id))
      }
      actor.stop()
    },
  )

  it("saves with create the first time and update afterwards", async () => {
    const script = makeScript()
    const actor = createActor(
      layoutMachine.provide({
        actors: { load: script.logic as never, save: script.logic as never, cache: script.logic as never },
      }),
      { input: undefined },
    ).start()
    actor.send({ type: "LAYOUT.LOAD" })
    await settle()
    script.resolve("load", { layout: defaultLayout, theme: "light", exists: false })
    await settle()
    actor.send({ type: "LAYOUT.CHANGE", patch: { style: "horizontal-container" } })
    await settle()
    expect(script.calls.at(-1)).toMatchObject({
      id: "save",
      input: { exists: false, layout: { style: "horizontal-container" } },
    })
    script.resolve("save", undefined)
    await settle()
    actor.send({ type: "LAYOUT.CHANGE", patch: { footer: { display: false } } })
    await settle()
    expect(script.calls.at(-1)).toMatchObject({
      id: "save",
      input: { exists: true, layout: { footer: { display: false } } },
    })
    actor.stop()
  })

  it("reads any stored value into valid settings", () => {
    expect(readLayout(null)).toEqual(defaultLayout)
    expect(readLayout({ style: "diagonal", mode: "boxed", navbar: { display: false, position: "sideways" } })).toEqual({
      ...defaultLayout,
      mode: "boxed",
      navbar: { display: false, position: defaultLayout.navbar.position },
    })
    expect(applyPatch(defaultLayout, { toolbar: { position: "static" } }).toolbar).toEqual({
      display: true,
      position: "static",
    })
    expect(readTheme({ name: "dark", dark: true })).toBe("dark")
    expect(readTheme({ name: "blue", dark: false })).toBe("light")
    expect(readTheme("nonsense")).toBe("light")
  })
})
