/**
 * The shared 1 s ticker behind every call actor (call-actors.ts `everySecond`): each subscriber still ticks exactly
 * once per second from its own start (the 60 s countdown stays 60 s), subscribers due close together tick in one
 * timer task, and one timer serves them all.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { everySecond } from "./call-actors"
import { incomingCallMachine } from "./incoming-call-machine"

describe("shared call ticker", () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it("ticks each subscriber once per second from its own start, and stops on unsubscribe", () => {
    const ticks: string[] = []
    const stopA = everySecond(() => ticks.push(`a${Date.now() % 100_000}`))
    vi.advanceTimersByTime(400)
    const stopB = everySecond(() => ticks.push("b"))
    vi.advanceTimersByTime(600)
    expect(ticks.filter((t) => t.startsWith("a"))).toHaveLength(1)
    expect(ticks.filter((t) => t === "b")).toHaveLength(0)
    vi.advanceTimersByTime(400)
    expect(ticks.filter((t) => t === "b")).toHaveLength(1)
    vi.advanceTimersByTime(58_600)
    expect(ticks.filter((t) => t.startsWith("a"))).toHaveLength(60)
    expect(ticks.filter((t) => t === "b")).toHaveLength(59)
    stopA()
    stopB()
    vi.advanceTimersByTime(5_000)
    expect(ticks.filter((t) => t.startsWith("a"))).toHaveLength(60)
    expect(vi.getTimerCount()).toBe(0)
  })

  it("50 subscribers started within 100 ms share one timer and tick together", () => {
    const fired: number[] = []
    const stops = Array.from({ length: 50 }, (_, i) => {
      vi.advanceTimersByTime(i % 2)
      return everySecond(() => fired.push(Date.now()))
    })
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(1_000)
    expect(fired).toHaveLength(50)
    expect(new Set(fired).size).toBe(1)
    for (const stop of stops) stop()
    expect(vi.getTimerCount()).toBe(0)
  })

  it("a ringing call on the real ticker auto-rejects after 60 s, not before", () => {
    // No centre here: the parent notifications become no-ops; the ticker is the real one.
    const machine = incomingCallMachine.provide({
      actions: { tellRejected: () => undefined, finished: () => undefined },
    })
    const actor = createActor(machine, {
      input: { callId: "c1", name: "A", number: "+1", userId: 1, clientId: 1 },
    }).start()
    vi.advanceTimersByTime(59_000)
    expect(actor.getSnapshot().context.countdown).toBe(1)
    expect(actor.getSnapshot().status).toBe("active")
    vi.advanceTimersByTime(1_000)
    expect(actor.getSnapshot().value).toBe("rejected")
    expect(vi.getTimerCount()).toBe(0)
  })
})
