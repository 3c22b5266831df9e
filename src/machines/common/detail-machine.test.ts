/**
 * The detail loader, model-based (model-check.testing.ts) on two machines made from it: one keyed by what OPEN
 * names (the complaint's and transcript's kind), one keyed by its input (the customer's and pick lists' kind). Then
 * its rules: a later OPEN drops the earlier load, a success clears the failure, CLOSE forgets what was shown.
 */
import { describe, expect, it } from "vitest"
import { createActor, fromPromise } from "xstate"
import { detailMachine } from "./detail-machine"
import type { Failure } from "./failure"
import { checkModel } from "./model-check.testing"
import { makeScript, settle } from "./scripted-actors.testing"

interface Ctx {
  readonly key: string
  readonly shown: string | null
  readonly failure: Failure | null
}

const load = fromPromise<string, string>(async ({ input }) => `record ${input}`)

const byOpen = detailMachine({
  types: { context: {} as Ctx, events: {} as { type: "OPEN"; key: string } },
  load,
  loadInput: (context) => context.key,
  stored: (context, shown) => ({ ...context, shown }),
  closed: () => ({ key: "", shown: null, failure: null }),
  opened: (_, event) => ({ key: event.key, shown: null, failure: null }),
})
const openKeyed = byOpen.kit.createMachine({
  id: "openKeyed",
  context: { key: "", shown: null, failure: null },
  initial: "closed",
  on: { ...byOpen.on, OPEN: byOpen.open },
  states: byOpen.states,
})

const byInput = detailMachine({
  types: { context: {} as Ctx, events: {} as { type: "NEED" }, input: {} as { key: string } },
  load,
  loadInput: (context) => context.key,
  stored: (context, shown) => ({ ...context, shown }),
  closed: (context) => ({ ...context, shown: null, failure: null }),
})
const inputKeyed = byInput.kit.createMachine({
  id: "inputKeyed",
  context: ({ input }) => ({ key: input.key, shown: null, failure: null }),
  initial: "closed",
  on: byInput.on,
  states: { ...byInput.states, closed: { ...byInput.states.closed, on: { NEED: "loading" } } },
})

const STATES = ["closed", "loading", "ready", "failed"]
const done = (output: string) => ({ type: "xstate.done.actor.load", output })
const failed = { type: "xstate.error.actor.load", error: { status: 501, code: "NOT_IMPLEMENTED", message: "x.y is not implemented yet" } }
const key = (s: { value: unknown; context: Ctx }) => [s.value, s.context.key, s.context.shown !== null, s.context.failure !== null]
const view = (s: { value: unknown; tags: Set<string>; context: Ctx }) => ({ value: s.value, tags: [...s.tags], context: s.context })

checkModel({
  name: "detail loader keyed by OPEN",
  machine: openKeyed,
  sources: ["load"],
  states: STATES,
  events: [{ type: "OPEN", key: "a" }, { type: "OPEN", key: "b" }, { type: "CLOSE" }, { type: "RETRY" }, done("record a"), failed],
  stories: [
    [{ type: "OPEN", key: "a" }, { type: "CLOSE" }],
    [{ type: "OPEN", key: "a" }, done("record a"), { type: "CLOSE" }],
    [{ type: "OPEN", key: "a" }, failed, { type: "CLOSE" }],
  ],
  key,
  view,
})

checkModel({
  name: "detail loader keyed by its input",
  machine: inputKeyed,
  input: { key: "k" },
  sources: ["load"],
  states: STATES,
  events: [{ type: "NEED" }, { type: "CLOSE" }, { type: "RETRY" }, done("record k"), failed],
  stories: [
    [{ type: "NEED" }, done("record k"), { type: "CLOSE" }],
    [{ type: "NEED" }, failed, { type: "CLOSE" }],
  ],
  key,
  view,
})

describe("detail loader rules", () => {
  const started = () => {
    const script = makeScript()
    const actor = createActor(openKeyed.provide({ actors: { load: script.logic as typeof load } })).start()
    return { actor, script }
  }

  it("a later OPEN drops the earlier load: only the last key's record is shown", async () => {
    const { actor, script } = started()
    actor.send({ type: "OPEN", key: "a" })
    actor.send({ type: "OPEN", key: "b" })
    await settle()
    expect(script.calls.map((c) => c.input)).toEqual(["a", "b"])
    script.resolve("load", "record b")
    await settle()
    expect([actor.getSnapshot().value, actor.getSnapshot().context]).toEqual(["ready", { key: "b", shown: "record b", failure: null }])
  })

  it("keeps a failure as data until a retry succeeds", async () => {
    const { actor, script } = started()
    actor.send({ type: "OPEN", key: "a" })
    await settle()
    script.reject("load", { status: 404, code: "NOT_FOUND", message: "no such thing" })
    await settle()
    expect(actor.getSnapshot().context.failure).toEqual({ status: 404, code: "NOT_FOUND", message: "no such thing" })
    expect(actor.getSnapshot().hasTag("failed")).toBe(true)
    actor.send({ type: "RETRY" })
    await settle()
    script.resolve("load", "record a")
    await settle()
    expect([actor.getSnapshot().hasTag("ready"), actor.getSnapshot().context.failure]).toEqual([true, null])
  })

  it("CLOSE forgets what was shown, and keeps an input key", async () => {
    const { actor, script } = started()
    actor.send({ type: "OPEN", key: "a" })
    await settle()
    script.resolve("load", "record a")
    await settle()
    actor.send({ type: "CLOSE" })
    expect([actor.getSnapshot().value, actor.getSnapshot().context]).toEqual(["closed", { key: "", shown: null, failure: null }])

    const keyed = createActor(inputKeyed, { input: { key: "k" } }).start()
    keyed.send({ type: "NEED" })
    await settle()
    keyed.send({ type: "CLOSE" })
    expect(keyed.getSnapshot().context).toEqual({ key: "k", shown: null, failure: null })
  })
})
