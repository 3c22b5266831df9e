/** The business picker on its own (a form with no edits of its own), model-based (model-check.testing.ts). */
import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { type BusinessPickerContext, businessPicker } from "./business-picker"
import { checkModel } from "./model-check.testing"

interface FiguresContext extends BusinessPickerContext {
  readonly figures: readonly number[]
}

type FiguresEvent = { type: "BUSINESS.SET"; clientId: number } | { type: "RETRY" }

const picker = businessPicker({
  types: { context: {} as FiguresContext, events: {} as FiguresEvent },
  loadId: "figures",
  load: fromPromise<readonly number[], number>(async () => []),
  stored: (_, figures: readonly number[]) => ({ figures }),
  chosen: () => ({ figures: [] }),
})

const figuresMachine = picker.kit.createMachine({
  id: "figures",
  context: { businesses: [], clientId: null, figures: [], failure: null },
  initial: "businesses",
  states: { ...picker.states, ready: { on: picker.on } },
})

const businesses = [
  { id: 1, name: "Acme Retail" },
  { id: 2, name: "Globex Foods" },
]

checkModel({
  name: "business picker",
  machine: figuresMachine,
  sources: ["businesses", "figures"],
  states: ["businesses", "loading", "ready", "failed"],
  events: [
    { type: "xstate.done.actor.businesses", output: businesses },
    { type: "xstate.done.actor.businesses", output: [] },
    { type: "xstate.error.actor.businesses", error: new Error("403") },
    { type: "xstate.done.actor.figures", output: [5, 7] },
    { type: "xstate.error.actor.figures", error: new Error("offline") },
    { type: "BUSINESS.SET", clientId: 2 },
    { type: "RETRY" },
  ],
  key: (s) => [s.value, s.context.clientId, s.context.figures.length, s.context.failure !== null],
  view: (s) => ({
    value: s.value,
    tags: [...s.tags].sort(),
    businesses: s.context.businesses,
    clientId: s.context.clientId,
    figures: s.context.figures,
    failure: s.context.failure,
  }),
})

describe("choosing while a business is read", () => {
  it("drops the earlier read: its late answer never shows under the business chosen since", async () => {
    const answers = new Map<number, (figures: readonly number[]) => void>()
    const slow = figuresMachine.provide({
      actors: {
        businesses: fromPromise(async () => businesses) as never,
        figures: fromPromise<readonly number[], number>(({ input }) => new Promise((resolve) => answers.set(input, resolve))) as never,
      },
    })
    const actor = createActor(slow).start()
    await vi.waitFor(() => expect(answers.has(1)).toBe(true))
    actor.send({ type: "BUSINESS.SET", clientId: 2 })
    await vi.waitFor(() => expect(answers.has(2)).toBe(true))
    answers.get(1)?.([1, 1, 1])
    answers.get(2)?.([2])
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ clientId: 2, figures: [2] })
    actor.stop()
  })
})
