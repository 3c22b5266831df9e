/** The agent's typing indicator, model-based (common/model-check.testing.ts): throttled "typing", then "paused". */
import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { checkModel } from "../common/model-check.testing"
import { agentTypingMachine, type TypingState, WINDOW_MS } from "./agent-typing"

const AFTER = "xstate.after.window.agent-typing.quiet"
const announced = { type: "xstate.done.actor.announce" }
const announceRefused = { type: "xstate.error.actor.announce", error: { status: 404, code: "NOT_FOUND", message: "Customer" } }
const paused = { type: "xstate.done.actor.pause" }
const pauseRefused = { type: "xstate.error.actor.pause", error: { status: 0, code: "NETWORK", message: "offline" } }

checkModel({
  name: "agent typing indicator",
  machine: agentTypingMachine,
  input: { number: "+905551112233" },
  sources: ["sendTyping"],
  states: ["idle", "announcing", "quiet", "pausing"],
  after: { type: AFTER, ms: WINDOW_MS },
  events: [{ type: "KEY" }, { type: "SENT" }, announced, announceRefused, paused, pauseRefused, { type: AFTER }],
  stories: [
    // Typing on through a quiet window announces again; a key while "paused" goes out announces once it is done.
    [{ type: "KEY" }, announced, { type: "KEY" }, { type: AFTER }, announced, { type: AFTER }, { type: "KEY" }, paused],
    [{ type: "KEY" }, { type: "KEY" }, announced, { type: "SENT" }],
    // Refusals lose only the hint: the walk goes on as if they were answered.
    [{ type: "KEY" }, announceRefused, { type: AFTER }, pauseRefused],
    [{ type: "KEY" }, announced, { type: AFTER }, { type: "KEY" }, pauseRefused, { type: "SENT" }],
  ],
  key: (s) => [s.value, s.context.keyed],
  view: (s) => ({ value: s.value, context: s.context }),
})

describe("what the customer is told", () => {
  it("says typing once per window while the agent types, then paused one window after the last key", async () => {
    vi.useFakeTimers()
    try {
      const told: TypingState[] = []
      const actor = createActor(
        agentTypingMachine.provide({
          actors: {
            sendTyping: fromPromise<void, { number: string; state: TypingState }>(async ({ input }) => {
              told.push(input.state)
            }),
          },
        }),
        { input: { number: "+905551112233" } },
      ).start()
      // Keys every 500 ms for 10 s: "typing" at 0, 4 and 8 s (each window with keys in it), never in between; the keys
      // of the last window bring one more at 12 s, then "paused" at 16 s.
      for (let ms = 0; ms < 10_000; ms += 500) {
        actor.send({ type: "KEY" })
        await vi.advanceTimersByTimeAsync(500)
      }
      expect(told).toEqual(["typing", "typing", "typing"])
      await vi.advanceTimersByTimeAsync(2 * WINDOW_MS)
      expect(told).toEqual(["typing", "typing", "typing", "typing", "paused"])
      expect(actor.getSnapshot().value).toBe("idle")
      // A sent reply ends the indicator without a "paused".
      actor.send({ type: "KEY" })
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: "SENT" })
      await vi.advanceTimersByTimeAsync(3 * WINDOW_MS)
      expect(told).toEqual(["typing", "typing", "typing", "typing", "paused", "typing"])
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
