/**
 * The business picker, model-based: the list read once, typing filters and opens, the arrows move the highlight
 * round the matches, Enter or a click chooses (emitted), Escape closes; a failed read and retry. Plus the filter rule.
 */
import { createActor } from "xstate"
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { businessPickerMachine, matchesOf } from "./business-picker"

const businesses = [
  { id: 2, name: "Acme Trading", active: true },
  { id: 3, name: "Beta Foods", active: false },
  { id: 14, name: "Acme Logistics", active: true },
]
const refused = { status: 403, code: "FORBIDDEN", message: "Super admin access is required" }

checkModel({
  name: "business picker",
  machine: businessPickerMachine,
  input: { clientId: 3 },
  sources: ["loadPickable"],
  states: ["loading", "ready.closed", "ready.open", "failed"],
  events: [
    { type: "xstate.done.actor.loadPickable", output: businesses },
    { type: "xstate.error.actor.loadPickable", error: refused },
    { type: "RETRY" },
    { type: "OPEN" },
    { type: "CLOSE" },
    { type: "QUERY", text: "acme" },
    { type: "QUERY", text: "zzz" },
    { type: "HIGHLIGHT.MOVE", by: 1 },
    { type: "HIGHLIGHT.MOVE", by: -1 },
    { type: "HIGHLIGHT.SET", index: 1 },
    { type: "CHOOSE", id: 14 },
    { type: "CHOOSE", id: 99 },
    { type: "CHOOSE.HIGHLIGHTED" },
    { type: "SHOW", id: 2 },
    { type: "SHOW", id: null },
  ],
  stories: [
    [
      { type: "xstate.done.actor.loadPickable", output: businesses },
      { type: "QUERY", text: "acme" },
      { type: "HIGHLIGHT.MOVE", by: 1 },
      { type: "HIGHLIGHT.MOVE", by: 1 },
      { type: "HIGHLIGHT.MOVE", by: -1 },
      { type: "CHOOSE.HIGHLIGHTED" },
      { type: "OPEN" },
      { type: "QUERY", text: "zzz" },
      { type: "CHOOSE.HIGHLIGHTED" },
      { type: "CLOSE" },
      { type: "SHOW", id: 2 },
    ],
  ],
  key: (s) => [s.value, s.context.query, s.context.highlighted, s.context.chosen?.id ?? null, s.context.failure !== null],
  view: (s) => ({
    value: s.value,
    query: s.context.query,
    highlighted: s.context.highlighted,
    chosen: s.context.chosen,
    businesses: s.context.businesses,
  }),
})

describe("business picker rules", () => {
  it("matches a name in any case, or an exact number, and all when nothing is typed", () => {
    expect(matchesOf(businesses, " ACME ").map((b) => b.id)).toEqual([2, 14])
    expect(matchesOf(businesses, "14").map((b) => b.id)).toEqual([14])
    expect(matchesOf(businesses, "1").map((b) => b.id)).toEqual([])
    expect(matchesOf(businesses, "")).toHaveLength(3)
  })

  it("emits the business chosen with Enter after the arrows, the screen's current one shown first", async () => {
    const actor = createActor(
      businessPickerMachine.provide({ actors: { loadPickable: (await import("xstate")).fromPromise(async () => businesses) } }),
      { input: { clientId: 3 } },
    )
    const chosen: number[] = []
    actor.on("chosen", (e) => chosen.push(e.business.id))
    actor.start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().context.chosen?.id).toBe(3)
    actor.send({ type: "QUERY", text: "acme" })
    actor.send({ type: "HIGHLIGHT.MOVE", by: 1 })
    actor.send({ type: "CHOOSE.HIGHLIGHTED" })
    expect(chosen).toEqual([14])
    expect(actor.getSnapshot().matches({ ready: "closed" })).toBe(true)
    actor.send({ type: "SHOW", id: 2 })
    expect(actor.getSnapshot().context.chosen?.id).toBe(2)
    expect(chosen).toEqual([14])
    actor.stop()
  })
})
