/**
 * Model-based test of the folded sidebar groups: shortest paths over naming a person, the stored groups read or
 * failing, and folds, replayed on a real actor; each fold writes the person's whole folded list.
 */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { completion, makeScript, settle } from "../common/scripted-actors.testing"
import { type NavGroupsEvent, navGroupsMachine, toggled } from "./nav-groups-machine"

type ModelEvent = NavGroupsEvent | { type: string; output?: unknown; error?: unknown }
const events: ModelEvent[] = [
  { type: "NAV.USER", user: "7" },
  { type: "NAV.USER", user: "9" },
  { type: "xstate.done.actor.read", output: ["reports"] },
  { type: "xstate.error.actor.read", error: new Error("storage") },
  { type: "NAV.TOGGLE", group: "reports" },
  { type: "NAV.TOGGLE", group: "settings" },
]

const paths = getShortestPaths(navGroupsMachine, {
  events: events as NavGroupsEvent[],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  limit: 5_000,
})

describe("sidebar groups machine (model-based)", () => {
  it("reaches every state, folded and unfolded", () => {
    const reached = new Set(paths.map((path) => String(path.state.value)))
    expect([...reached].sort()).toEqual(["anonymous", "reading", "ready"])
    expect(paths.some((path) => path.state.context.collapsed.length === 2)).toBe(true)
  })

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > ") || "(initial)", path] as const))(
    "replays %s on the real actor",
    async (_name, path) => {
      const script = makeScript()
      const actor = createActor(navGroupsMachine.provide({ actors: { read: script.logic as never, save: script.logic as never } })).start()
      for (const step of path.steps) {
        const before = actor.getSnapshot().context
        const outcome = completion(step.event as ModelEvent)
        if (outcome) script.complete(outcome)
        else actor.send(step.event)
        await settle()
        expect(actor.getSnapshot().value).toEqual(step.state.value)
        expect(actor.getSnapshot().context).toEqual(step.state.context)
        if (step.event.type === "NAV.TOGGLE" && actor.getSnapshot().matches("ready")) {
          const group = (step.event as { group: string }).group
          expect(script.calls.at(-1)?.input).toEqual({ user: before.user, value: toggled(before.collapsed, group) })
        }
      }
    },
  )
})
