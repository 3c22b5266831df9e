/** Which targets a conversation's messages start, how the resolution clock pauses, and which policy wins. */
import { describe, expect, it } from "vitest"
import type { SlaPolicy } from "../../../src/contract/groups/sla"
import { assess, choosePolicy, mostUrgent, startedTargets } from "./sla-targets"

const MIN = 60_000
const always = { hours: [], zone: "UTC" }
const c = (at: number) => ({ at: at * MIN, from: "customer" as const })
const a = (at: number) => ({ at: at * MIN, from: "agent" as const })

describe("SLA targets", () => {
  it("starts a first response at the customer's message, a next response after each answered turn, and pauses resolution while the agent replied last", () => {
    const targets = startedTargets({ messages: [c(0), c(1), a(5), c(20), a(22), a(23)], closedAt: null })
    expect(targets).toEqual([
      { metric: "first_response", startedAt: 0, metAt: 5 * MIN, pauses: [] },
      { metric: "next_response", startedAt: 20 * MIN, metAt: 22 * MIN, pauses: [] },
      {
        metric: "resolution",
        startedAt: 0,
        metAt: null,
        pauses: [
          { start: 5 * MIN, end: 20 * MIN },
          { start: 22 * MIN, end: Number.POSITIVE_INFINITY },
        ],
      },
    ])
    // Resolution: 5 + 2 minutes ran; paused now, so it has no due instant.
    const resolution = assess(always, targets[2], 60 * MIN, 80, 100 * MIN)
    expect(resolution).toMatchObject({ remainingMs: 53 * MIN, dueAt: null, breached: false, ticking: false })
    // A reply after the due instant is a breach; one at it is not.
    expect(assess(always, targets[0], 4 * MIN, 80, 100 * MIN).breached).toBe(true)
    expect(assess(always, targets[0], 5 * MIN, 80, 100 * MIN).breached).toBe(false)
  })

  it("keeps an unanswered customer's clock running, near breach and then breached, and shows the most urgent", () => {
    const [first, resolution] = startedTargets({ messages: [c(0)], closedAt: null })
    expect(assess(always, first, 10 * MIN, 50, 4 * MIN)).toMatchObject({ near: false, breached: false, ticking: true, dueAt: 10 * MIN })
    expect(assess(always, first, 10 * MIN, 50, 5 * MIN)).toMatchObject({ near: true, breached: false })
    const late = assess(always, first, 10 * MIN, 50, 10 * MIN)
    expect(late).toMatchObject({ near: false, breached: true, remainingMs: 0 })
    expect(mostUrgent([assess(always, resolution, 60 * MIN, 50, 10 * MIN), late])).toBe(late)
    // A close ends a waiting response target, decided by when it came.
    expect(startedTargets({ messages: [c(0)], closedAt: 3 * MIN })[0]).toMatchObject({ metAt: 3 * MIN })
  })

  it("chooses the most specific matching policy: more conditions, then segment over channel over priority, then the oldest", () => {
    const base: SlaPolicy = {
      id: 1,
      name: "any",
      priority: null,
      channel: null,
      segment_id: null,
      first_response_seconds: 60,
      next_response_seconds: null,
      resolution_seconds: null,
      near_percent: 80,
      near_actions: [],
      breach_actions: [],
      enabled: true,
      created_at: "",
    }
    const policies: SlaPolicy[] = [
      base,
      { ...base, id: 2, priority: "high" },
      { ...base, id: 3, channel: "sms" },
      { ...base, id: 4, segment_id: 9 },
      { ...base, id: 5, channel: "sms", priority: "high" },
      { ...base, id: 6, channel: "sms", priority: "urgent", enabled: false },
    ]
    const facts = (priority: "normal" | "high" | "urgent", channel: string, segments: number[] = []) => ({
      priority,
      channel,
      segmentIds: new Set(segments),
    })
    expect(choosePolicy(policies, facts("normal", "whatsapp"))?.id).toBe(1)
    expect(choosePolicy(policies, facts("high", "whatsapp"))?.id).toBe(2)
    expect(choosePolicy(policies, facts("high", "sms"))?.id).toBe(5)
    expect(choosePolicy(policies, facts("normal", "sms", [9]))?.id).toBe(4)
    expect(choosePolicy(policies, facts("urgent", "sms"))?.id).toBe(3)
    expect(choosePolicy([], facts("normal", "sms"))).toBeNull()
  })
})
