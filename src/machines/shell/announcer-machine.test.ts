/**
 * The announcer: model-based walks over announcing polite and assertive words, repeating a key and forgetting one,
 * replayed on a real actor; and the de-duplication a screen-reader user relies on, on a simulated clock.
 */
import { describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { type AnnouncerEvent, announcerMachine, REMEMBERED } from "./announcer-machine"

const message = { key: "message:1", politeness: "polite", words: { key: "shell.announce.message", values: { name: "Ali" } } } as const
const call = { key: "call:c1", politeness: "assertive", words: { key: "shell.announce.call", values: { name: "Ali" } } } as const
const events: AnnouncerEvent[] = [
  { type: "ANNOUNCE", ...message },
  { type: "ANNOUNCE", ...call },
  { type: "ANNOUNCE", key: "toast:Saved", politeness: "polite", words: { text: "Saved" }, forgetAfterMs: 6000 },
  { type: "FORGET", key: "message:1" },
]

const paths = getShortestPaths(announcerMachine, {
  events,
  serializeState: (snapshot) => JSON.stringify([...snapshot.context.said].sort()),
  limit: 1_000,
})

describe("announcer (model-based)", () => {
  it("reaches every set of keys said, and each walk says each new key once, in its region", () => {
    expect(paths).toHaveLength(8)
    for (const path of paths) {
      const actor = createActor(announcerMachine).start()
      const heard: string[] = []
      actor.subscribe((snapshot) => {
        for (const region of [snapshot.context.polite, snapshot.context.assertive])
          if (region && !heard.includes(`${region.seq}`)) heard.push(`${region.seq}`)
      })
      let expected = 0
      for (const step of path.steps) {
        const before = actor.getSnapshot().context
        actor.send(step.event)
        const after = actor.getSnapshot().context
        if (step.event.type === "ANNOUNCE" && !before.said.includes(step.event.key)) {
          expected++
          expect(after[step.event.politeness]?.words).toEqual(step.event.words)
        }
        if (step.event.type === "ANNOUNCE" && before.said.includes(step.event.key)) expect(after).toBe(before)
      }
      expect(heard).toHaveLength(expected)
      expect(JSON.stringify([...actor.getSnapshot().context.said].sort())).toEqual(JSON.stringify([...path.state.context.said].sort()))
      actor.stop()
    }
  })
})

describe("announcer de-duplication", () => {
  it("never says a key twice: a repeated socket event or a restored call card stays silent", () => {
    const actor = createActor(announcerMachine).start()
    actor.send({ type: "ANNOUNCE", ...message })
    actor.send({ type: "ANNOUNCE", ...call })
    const once = actor.getSnapshot().context
    actor.send({ type: "ANNOUNCE", ...message })
    actor.send({ type: "ANNOUNCE", ...call })
    expect(actor.getSnapshot().context).toBe(once)
    expect(once.seq).toBe(2)
    expect(once.polite).toEqual({ seq: 1, words: message.words })
    expect(once.assertive).toEqual({ seq: 2, words: call.words })
  })

  it("says the same toast words again only after their time has passed", () => {
    const clock = new SimulatedClock()
    const actor = createActor(announcerMachine, { clock }).start()
    const toast = { type: "ANNOUNCE", key: "toast:Saved", politeness: "polite", words: { text: "Saved" }, forgetAfterMs: 6000 } as const
    actor.send(toast)
    actor.send(toast)
    expect(actor.getSnapshot().context.seq).toBe(1)
    clock.increment(5999)
    actor.send(toast)
    expect(actor.getSnapshot().context.seq).toBe(1)
    clock.increment(1)
    actor.send(toast)
    expect(actor.getSnapshot().context.polite).toEqual({ seq: 2, words: { text: "Saved" } })
  })

  it("keeps the last REMEMBERED keys, not an ever-growing list", () => {
    const actor = createActor(announcerMachine).start()
    for (let i = 0; i <= REMEMBERED; i++) actor.send({ type: "ANNOUNCE", ...message, key: `message:${i}` })
    const said = actor.getSnapshot().context.said
    expect(said).toHaveLength(REMEMBERED)
    expect(said[0]).toBe("message:1")
  })
})
