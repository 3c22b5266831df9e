/**
 * The agents' queue, model-based: reading, re-reading on chat and call events (also during a read) and when the socket
 * connects, taking next, routing.
 */
import { createActor, fromCallback, fromPromise, waitFor } from "xstate"
import { describe, expect, it } from "vitest"
import type { RoutingQueue } from "../../contract/groups/routing"
import { checkModel } from "../common/model-check.testing"
import { mayTakeNext, REFRESH_MS, routingQueueMachine, waitedSeconds } from "./routing-queue"

const queue = (admin: boolean): RoutingQueue => ({
  admin,
  mine: admin ? [] : [{ kind: "chat", held: 0, cap: 5 }],
  entries: [
    {
      conversation_id: 7,
      kind: "chat",
      channel: "whatsapp",
      customer: "Ada",
      number: "+905550000001",
      position: 1,
      wait_minutes: 3,
      queued_at: "2026-11-29T10:00:00Z",
      priority: 0,
      rule: null,
      group: null,
    },
  ],
  calls: [{ call_id: "wacid.1", caller: "Bora", number: "+905550000002", position: 1, queued_at: "2026-11-29T10:00:30Z", ringing: false }],
  agents: [],
  groups: admin ? [{ id: 2, name: "Billing" }] : [],
  at: "2026-11-29T10:01:00Z",
})
const after = "xstate.after.30000.routing-queue.ready"
const changed = { type: "rt.chat:conversation", conversation: { id: 7 } }
const callEnded = { type: "rt.call-ended", callId: "wacid.1" }
const callQueued = { type: "rt.call-queue-changed", callId: "wacid.2" }
const connected = { type: "rt.status", status: "connected" }

checkModel({
  name: "routing queue",
  machine: routingQueueMachine,
  sources: ["socket", "calls", "ticker", "read", "take", "route"],
  states: ["loading", "ready", "taking", "routing"],
  events: [
    { type: "xstate.done.actor.read", output: { queue: queue(false), readAt: 1000 } },
    { type: "xstate.done.actor.read", output: { queue: queue(true), readAt: 2000 } },
    { type: "xstate.error.actor.read", error: new Error("offline") },
    changed,
    callEnded,
    callQueued,
    connected,
    { type: "rt.status", status: "disconnected" },
    { type: "TAKE_NEXT" },
    { type: "xstate.done.actor.take", output: 7 },
    { type: "xstate.error.actor.take", error: { status: 409, code: "AT_CAPACITY", message: "full" } },
    { type: "ROUTE", conversationId: 7, groupId: 2 },
    { type: "xstate.done.actor.route", output: { data: { ok: true } } },
    { type: "xstate.error.actor.route", error: new Error("offline") },
    { type: "TICK", at: 5000 },
    { type: "DISMISS" },
    { type: "RETRY" },
    { type: after },
  ],
  after: { type: after, ms: REFRESH_MS },
  stories: [
    [changed, { type: "xstate.done.actor.read", output: { queue: queue(false), readAt: 1 } }, { type: "TICK", at: 9 }],
    [callEnded, { type: "xstate.done.actor.read", output: { queue: queue(true), readAt: 1 } }, callEnded],
    [callQueued, { type: "xstate.done.actor.read", output: { queue: queue(false), readAt: 1 } }, callQueued],
    // The socket joins during the first read and again after a drop: each time the queue is read again.
    [connected, { type: "xstate.done.actor.read", output: { queue: queue(false), readAt: 1 } }, connected],
    [
      { type: "xstate.done.actor.read", output: { queue: queue(false), readAt: 1 } },
      { type: "ROUTE", conversationId: 7, groupId: null },
    ],
    [{ type: "xstate.done.actor.read", output: { queue: queue(true), readAt: 1 } }, { type: "TAKE_NEXT" }, { type: "DISMISS" }],
    [
      { type: "xstate.done.actor.read", output: { queue: queue(true), readAt: 1 } },
      { type: "ROUTE", conversationId: 7, groupId: 2 },
      { type: "xstate.done.actor.route", output: { data: { ok: true } } },
    ],
    [
      { type: "xstate.done.actor.read", output: { queue: queue(true), readAt: 1 } },
      { type: "ROUTE", conversationId: 7, groupId: 2 },
      { type: "xstate.error.actor.route", error: new Error("offline") },
      { type: "RETRY" },
    ],
    [{ type: "xstate.done.actor.read", output: { queue: queue(false), readAt: 1 } }, { type: after }],
  ],
  key: (s) => [s.value, s.context.queue?.admin ?? null, s.context.stale, s.context.notice?.kind ?? null, s.context.failure !== null],
  view: (s) => ({ value: s.value, queue: s.context.queue, stale: s.context.stale, notice: s.context.notice, failure: s.context.failure }),
})

describe("take next", () => {
  it("is for an agent with a free place of a kind that waits", () => {
    expect(mayTakeNext(queue(false))).toBe(true)
    expect(mayTakeNext(queue(true))).toBe(false)
    expect(
      mayTakeNext({
        ...queue(false),
        mine: [
          { kind: "chat", held: 5, cap: 5 },
          { kind: "sms", held: 0, cap: 20 },
        ],
      }),
    ).toBe(false)
    expect(mayTakeNext({ ...queue(false), entries: [] })).toBe(false)
    expect(mayTakeNext(null)).toBe(false)
  })
})

describe("a waiting time", () => {
  it("counts from the server's clock at the read and runs on with this browser's", () => {
    expect(waitedSeconds("2026-11-29T10:00:00Z", "2026-11-29T10:01:00Z", 1000, 1000)).toBe(60)
    expect(waitedSeconds("2026-11-29T10:00:00Z", "2026-11-29T10:01:00Z", 1000, 6500)).toBe(65)
    expect(waitedSeconds("2026-11-29T10:02:00Z", "2026-11-29T10:01:00Z", 1000, 1000)).toBe(0)
  })
})

describe("the socket connecting", () => {
  it("reads the queue again, as what changed before the socket joined reached no one; a drop reads nothing", async () => {
    let reads = 0
    const quiet = fromCallback(() => undefined)
    const machine = routingQueueMachine.provide({
      actors: {
        read: fromPromise(async () => ({ queue: queue(false), readAt: ++reads })),
        socket: quiet,
        calls: quiet,
        ticker: quiet,
      } as never,
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches("ready"))
    expect(reads).toBe(1)
    actor.send({ type: "rt.status", status: "connected" })
    await waitFor(actor, (s) => s.matches("ready") && s.context.readAt === 2, { timeout: 2_000 })
    actor.send({ type: "rt.status", status: "disconnected" })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    expect(reads).toBe(2)
    actor.stop()
  })
})
