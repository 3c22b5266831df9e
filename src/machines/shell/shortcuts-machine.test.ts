/**
 * Model-based test of the keyboard shortcut choices (WCAG 2.1.4): shortest paths over naming a person, their stored
 * choices read or failing, and changes, replayed on a real actor; each change writes the person's whole choices.
 */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { completion, makeScript, settle } from "../common/scripted-actors.testing"
import { DEFAULT_CHOICES, opensHelp, type ShortcutsEvent, shortcutsMachine } from "./shortcuts-machine"

type ModelEvent = ShortcutsEvent | { type: string; output?: unknown; error?: unknown }
const events: ModelEvent[] = [
  { type: "KEYS.USER", user: "7" },
  { type: "KEYS.USER", user: "9" },
  { type: "xstate.done.actor.read", output: { singleKeys: false, helpKey: "?" } },
  { type: "xstate.error.actor.read", error: new Error("storage") },
  { type: "KEYS.SET", choices: { singleKeys: false } },
  { type: "KEYS.SET", choices: { helpKey: "h" } },
]

const paths = getShortestPaths(shortcutsMachine, {
  events: events as ShortcutsEvent[],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  limit: 5_000,
})

describe("keyboard shortcut choices (model-based)", () => {
  it("reaches every state, with single keys on and off", () => {
    expect([...new Set(paths.map((path) => String(path.state.value)))].sort()).toEqual(["anonymous", "reading", "ready"])
    expect(paths.some((path) => !path.state.context.singleKeys)).toBe(true)
  })

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > ") || "(initial)", path] as const))(
    "replays %s on the real actor",
    async (_name, path) => {
      const script = makeScript()
      const actor = createActor(shortcutsMachine.provide({ actors: { read: script.logic as never, save: script.logic as never } })).start()
      for (const step of path.steps) {
        const outcome = completion(step.event as ModelEvent)
        if (outcome) script.complete(outcome)
        else actor.send(step.event)
        await settle()
        const after = actor.getSnapshot()
        expect(after.value).toEqual(step.state.value)
        expect(after.context).toEqual(step.state.context)
        if (step.event.type === "KEYS.SET" && after.matches("ready"))
          expect(script.calls.at(-1)?.input).toEqual({
            user: after.context.user,
            value: { singleKeys: after.context.singleKeys, helpKey: after.context.helpKey },
          })
      }
    },
  )

  it("opens the list by the chosen key; with single keys off only F1 still does", () => {
    expect(opensHelp(DEFAULT_CHOICES, "?")).toBe(true)
    expect(opensHelp(DEFAULT_CHOICES, "h")).toBe(false)
    expect(opensHelp({ singleKeys: true, helpKey: "h" }, "h")).toBe(true)
    expect(opensHelp({ singleKeys: true, helpKey: "h" }, "?")).toBe(false)
    expect(opensHelp({ singleKeys: false, helpKey: "?" }, "?")).toBe(false)
    expect(opensHelp({ singleKeys: false, helpKey: "?" }, "F1")).toBe(true)
  })
})
