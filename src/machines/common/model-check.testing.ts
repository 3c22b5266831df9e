/**
 * Model-based tests for a machine whose effects are invoked actors: xstate/graph walks the chart with the events the
 * views and the invoked effects send; every shortest path is then replayed on a real actor whose invocations are
 * scripted (scripted-actors.testing.ts) and settled by the test, and after every step the actor must hold the state
 * and context the model's pure transition gives.
 */
import { describe, expect, it, vi } from "vitest"
import { createActor, initialTransition, transition, type AnyStateMachine } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { completion, makeScript } from "./scripted-actors.testing"

export type ModelEvent = { type: string; [key: string]: unknown }
// A snapshot of whichever machine is walked: each model reads the fields it knows.
export type Snap = any

export interface Model {
  readonly name: string
  readonly machine: AnyStateMachine
  readonly input?: unknown
  /** Invoked actor sources to script. */
  readonly sources: readonly string[]
  readonly events: readonly ModelEvent[]
  /** The state identity of the walk (coarse, so the number of paths stays small). */
  readonly key: (s: Snap) => unknown
  /** What must agree between the real actor and the model after each step. */
  readonly view: (s: Snap) => unknown
  /** Leaf states every walk must reach (`a.b` for nested ones). */
  readonly states: readonly string[]
  /** A delayed transition: the event the model sees and the time the real actor waits for it. */
  readonly after?: { readonly type: string; readonly ms: number }
  /** Event sequences replayed besides the shortest paths: events that only lead back to states already reached. */
  readonly stories?: readonly (readonly ModelEvent[])[]
}

const leaves = (value: unknown, prefix = ""): string[] =>
  typeof value === "string"
    ? [`${prefix}${value}`]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, `${prefix}${k}.`))

interface Path {
  readonly state: Snap
  readonly steps: readonly { readonly event: ModelEvent; readonly state: Snap }[]
}

export const checkModel = (model: Model) => {
  const shortest: readonly Path[] = getShortestPaths(model.machine, {
    events: model.events as never,
    serializeState: (s: unknown) => JSON.stringify(model.key(s as Snap)),
    ...(model.input === undefined ? {} : { input: model.input }),
  } as never)
  const story = (events: readonly ModelEvent[]): Path => {
    let state = initialTransition(model.machine, model.input as never)[0] as Snap
    const steps: Path["steps"][number][] = []
    for (const event of events) {
      state = transition(model.machine, state, event as never)[0] as Snap
      steps.push({ event, state })
    }
    return { state, steps }
  }
  const paths = [...shortest, ...(model.stories ?? []).map(story)]

  const startReal = () => {
    const script = makeScript()
    const actors = Object.fromEntries(model.sources.map((id) => [id, script.logic]))
    const actor = createActor(
      model.machine.provide({ actors } as never),
      model.input === undefined ? {} : ({ input: model.input } as never),
    )
    actor.start()
    const send = async (event: ModelEvent) => {
      const outcome = completion(event)
      if (outcome) {
        if (!script.complete(outcome)) actor.send(event as never)
      } else if (model.after && event.type === model.after.type) {
        await vi.advanceTimersByTimeAsync(model.after.ms)
      } else actor.send(event as never)
      await vi.advanceTimersByTimeAsync(0)
      await vi.advanceTimersByTimeAsync(0)
      const running = Object.keys(actor.getSnapshot().children)
      script.forget((id) => running.includes(id))
    }
    return { actor, send, script }
  }

  describe(`${model.name} (model-based)`, () => {
    it("reaches every state", () => {
      const reached = new Set(paths.flatMap((p) => leaves(p.state.value)))
      for (const state of model.states) expect(reached.has(state), state).toBe(true)
    })

    it("covers every event on some path", () => {
      const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
      expect(model.events.map((e) => e.type).filter((type) => !used.has(type))).toEqual([])
    })

    it.each(paths.map((p) => [p.steps.map((s) => s.event.type.replace("xstate.", "")).join(" > ") || "(initial)", p] as const))(
      "replays %s",
      async (_name, path) => {
        vi.useFakeTimers()
        try {
          const real = startReal()
          let expected = initialTransition(model.machine, model.input as never)[0] as Snap
          for (const step of path.steps) {
            if (step.event.type === "xstate.init") continue
            await real.send(step.event as ModelEvent)
            expected = transition(model.machine, expected, step.event as never)[0] as Snap
            expect(expected.value).toEqual(step.state.value)
            expect(model.view(real.actor.getSnapshot()), step.event.type).toEqual(model.view(expected))
          }
          real.actor.stop()
        } finally {
          vi.useRealTimers()
        }
      },
    )
  })
}
