/**
 * The conversation machine, model-based: xstate/graph walks the shortest path to every distinct state of its four
 * regions (history, outbox, typing, action) with the outbox's states, the notice and the focus in the state's
 * identity; each path is replayed on a real actor whose loads, sends and actions are settled by the test (and the
 * typing timeout fired by fake timers), and after every step the actor must match the model. Then the rules that
 * matter to the agent, one by one: optimistic send -> sent -> replaced by the real message, a refused send (409)
 * keeps the server's reason and retries, statuses never go backwards, typing ends by itself, read once per focus.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { createActor, initialTransition, setup, transition } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { conversationMachine, type ConversationEvent } from "./conversation-machine"
import type { Conversation, Message } from "../../contract/schemas/chat"
import { completion, makeScript } from "../common/scripted-actors.testing"

const NOW = Date.parse("2026-11-22T10:00:00Z")
const conversation: Conversation = {
  id: 5,
  number: "905551112233",
  name: "Ayşe",
  channel_type: "whatsapp",
  status: "active",
  agent_id: 7,
  agent_name: "Kerem",
  last_message: "hi",
  last_message_at: "2026-11-22T09:59:00Z",
  unread: 2,
  labels: [],
  blocked: false,
  started_at: "2026-11-22T09:00:00Z",
  closed_at: null,
  session_expires_at: "2026-11-23T09:59:00Z",
}
const message = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  external_id: null,
  conversation_id: 5,
  number: conversation.number,
  channel_type: "whatsapp",
  direction: "inbound",
  type: "text",
  body: `m${id}`,
  attachments: [],
  interactive: null,
  status: "received",
  agent_name: null,
  dt: new Date(NOW - (100 - id) * 1000).toISOString(),
  ...over,
})
const input = { conversation, userId: 7 }
const TYPING_AFTER = "xstate.after.typingTimeout.conversation.typing.typing"

type Ev = ConversationEvent | { type: string; [key: string]: unknown }
const events: Ev[] = [
  { type: "xstate.done.actor.latest", output: { items: [message(1), message(2)], total: 3 } },
  { type: "xstate.error.actor.latest", error: { status: 500, code: "INTERNAL", message: "boom" } },
  { type: "LOAD_OLDER" },
  { type: "xstate.done.actor.older", output: { items: [message(0)], total: 3 } },
  { type: "RELOAD" },
  { type: "REFRESH" },
  { type: "xstate.done.actor.refresh", output: { items: [message(1), message(2)], total: 3 } },
  { type: "SEND", request: { kind: "text", text: "hello" } },
  { type: "xstate.done.actor.send", output: ["wamid.1"] },
  {
    type: "xstate.error.actor.send",
    error: { status: 409, code: "WINDOW_CLOSED", message: "The 24-hour window has closed" },
  },
  { type: "RETRY", localId: 1 },
  { type: "DISCARD", localId: 1 },
  { type: "ACT", action: { op: "take" } },
  { type: "xstate.done.actor.action", output: { patch: { unread: 0 } } },
  {
    type: "xstate.error.actor.action",
    error: { status: 501, code: "NOT_IMPLEMENTED", message: "chat.chatClose is not implemented yet" },
  },
  { type: "NOTICE.DISMISS" },
  { type: "FOCUS" },
  { type: "BLUR" },
  { type: "chat.message", conversation, message: message(3) },
  {
    type: "chat.message",
    conversation,
    message: message(4, { direction: "outbound", external_id: "wamid.1", status: "sent", agent_name: "Kerem" }),
  },
  { type: "chat.status", messageId: 4, status: "read" },
  { type: "chat.conversation", conversation: { ...conversation, status: "closed" } },
  { type: "chat.typing", state: "typing" },
  { type: "chat.typing", state: "paused" },
  { type: TYPING_AFTER },
]

// A parent that receives what the conversation tells the inbox (sendParent needs one); the model has none.
const parent = (child: typeof conversationMachine) =>
  setup({ actors: { conversation: child } }).createMachine({ invoke: { id: "c", src: "conversation", input } })
const model = conversationMachine.provide({ actions: { tellInbox: () => undefined } })

type Snap = ReturnType<typeof initialTransition<typeof conversationMachine>>[0]
const serialize = (s: Snap) =>
  JSON.stringify([s.value, [...new Set(s.context.outbox.map((o) => o.state))].sort(), s.context.notice?.kind ?? null, s.context.focused])
const view = (s: Snap) => ({
  value: s.value,
  messages: s.context.messages.map((m) => [m.id, m.status]),
  outbox: s.context.outbox.map((o) => [o.localId, o.state, o.failure?.message ?? null]),
  notice: s.context.notice && { kind: s.context.notice.kind, op: s.context.notice.op },
  unread: s.context.conversation.unread,
  status: s.context.conversation.status,
  focused: s.context.focused,
  total: s.context.total,
  tags: [...s.tags].sort(),
})

const options = { events: events as never, input, serializeState: (s: unknown) => serialize(s as Snap) }
const shortest = getShortestPaths(model, options)
// Events that only lead back to states already reached: whole stories, replayed the same way.
const byType = (type: string, nth = 0) => events.filter((e) => e.type === type)[nth]!
const stories: Ev[][] = [
  ["xstate.done.actor.latest", "LOAD_OLDER", "xstate.done.actor.older", "REFRESH", "xstate.done.actor.refresh"]
    .map((t) => byType(t))
    .concat([byType("chat.message", 1), byType("chat.status")]),
  ["SEND", "xstate.error.actor.send", "RETRY", "xstate.error.actor.send", "DISCARD"].map((t) => byType(t)),
  ["ACT", "xstate.error.actor.action", "NOTICE.DISMISS", "FOCUS", "BLUR"].map((t) => byType(t)),
  [byType("chat.typing"), byType(TYPING_AFTER)],
  ["xstate.error.actor.latest", "RELOAD", "xstate.done.actor.latest", "chat.conversation"].map((t) => byType(t)),
]
const storyPath = (story: Ev[]) => {
  const start = initialTransition(model, input)[0] as Snap
  const steps: { event: Ev; state: Snap }[] = []
  let snap = start
  for (const event of story) {
    snap = transition(model, snap, event as never)[0] as Snap
    steps.push({ event, state: snap })
  }
  return { state: start, steps }
}
const paths = [
  ...shortest.map((p) => ({
    state: p.state as Snap,
    steps: p.steps.map((s) => ({ event: s.event as Ev, state: s.state as Snap })),
  })),
  ...stories.map(storyPath),
]

const startReal = () => {
  const script = makeScript()
  const machine = conversationMachine.provide({
    actors: {
      loadMessages: script.logic as never,
      sendMessage: script.logic as never,
      runAction: script.logic as never,
    },
  })
  const root = createActor(parent(machine))
  root.start()
  const actor = root.getSnapshot().children.c!
  const send = async (event: Ev) => {
    const outcome = completion(event as { type: string })
    if (outcome) {
      if (Object.keys(actor.getSnapshot().children).includes(outcome.id)) script.complete(outcome)
    } else if (event.type === TYPING_AFTER) {
      await vi.advanceTimersByTimeAsync(8000)
    } else actor.send(event as ConversationEvent)
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(0)
    const running = Object.keys(actor.getSnapshot().children)
    script.forget((id) => running.includes(id))
  }
  return { actor, script, send }
}

afterEach(() => vi.useRealTimers())

describe("conversation machine (model-based)", () => {
  it("reaches every state of the four regions", () => {
    const reached = new Set(shortest.map((p) => JSON.stringify(p.state.value)))
    const leaves = [...reached].join(" ")
    for (const leaf of [
      '"history":"loading"',
      '"history":"ready"',
      '"history":"older"',
      '"history":"refreshing"',
      '"history":"failed"',
      '"outbox":"idle"',
      '"outbox":"sending"',
      '"typing":"typing"',
      '"action":"running"',
    ])
      expect(leaves).toContain(leaf)
  })

  it("covers every event on some path", () => {
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    const missing = events.filter((e) => !used.has(e.type)).map((e) => e.type)
    expect(missing).toEqual([])
  })

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" > ") || "(initial)", p] as const))(
    "replays %s",
    async (_name, path) => {
      vi.useFakeTimers({ now: NOW })
      const real = startReal()
      let modelSnap = initialTransition(model, input)[0] as Snap
      for (const step of path.steps) {
        if ((step.event.type as string) === "xstate.init") continue
        await real.send(step.event as Ev)
        modelSnap = transition(model, modelSnap, step.event as never)[0] as Snap
        expect(view(real.actor.getSnapshot())).toEqual(view(modelSnap))
      }
    },
  )
})

describe("conversation machine (rules)", () => {
  it("optimistic send: queued -> sending -> sent; the real message replaces it", async () => {
    vi.useFakeTimers({ now: NOW })
    const r = startReal()
    await r.send({ type: "xstate.done.actor.latest", output: { items: [message(1)], total: 1 } })
    await r.send({ type: "SEND", request: { kind: "text", text: "hello" } })
    expect(r.actor.getSnapshot().context.outbox.map((o) => o.state)).toEqual(["sending"])
    expect(r.script.calls.at(-1)).toEqual({
      id: "send",
      input: { number: conversation.number, request: { kind: "text", text: "hello" } },
    })
    await r.send({ type: "xstate.done.actor.send", output: ["wamid.9"] })
    // Sent, and the latest page is read again (it may beat the real-time event).
    expect(r.actor.getSnapshot().hasTag("refreshing")).toBe(true)
    await r.send({
      type: "chat.message",
      conversation,
      message: message(2, { direction: "outbound", external_id: "wamid.9", status: "sent" }),
    })
    expect(r.actor.getSnapshot().context.outbox).toEqual([])
    expect(r.actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([1, 2])
  })

  it("a refused send keeps the server's reason; retry sends it again, discard drops it", async () => {
    vi.useFakeTimers({ now: NOW })
    const r = startReal()
    await r.send({ type: "SEND", request: { kind: "text", text: "late" } })
    await r.send({
      type: "xstate.error.actor.send",
      error: { status: 409, code: "WINDOW_CLOSED", message: "Outside the 24-hour window" },
    })
    const failed = r.actor.getSnapshot().context.outbox[0]!
    expect([failed.state, failed.failure]).toEqual([
      "failed",
      { status: 409, code: "WINDOW_CLOSED", message: "Outside the 24-hour window" },
    ])
    await r.send({ type: "RETRY", localId: failed.localId })
    expect(r.actor.getSnapshot().context.outbox[0]!.state).toBe("sending")
    await r.send({ type: "xstate.error.actor.send", error: { status: 409, code: "WINDOW_CLOSED", message: "again" } })
    await r.send({ type: "DISCARD", localId: failed.localId })
    expect(r.actor.getSnapshot().context.outbox).toEqual([])
  })

  it("delivery statuses never go backwards; a replayed message is not counted twice", async () => {
    vi.useFakeTimers({ now: NOW })
    const r = startReal()
    await r.send({
      type: "xstate.done.actor.latest",
      output: { items: [message(1, { direction: "outbound", status: "sent" })], total: 1 },
    })
    await r.send({ type: "chat.status", messageId: 1, status: "read" })
    await r.send({ type: "chat.status", messageId: 1, status: "delivered" })
    expect(r.actor.getSnapshot().context.messages[0]!.status).toBe("read")
    await r.send({ type: "chat.message", conversation, message: message(3) })
    await r.send({ type: "chat.message", conversation, message: message(3) })
    expect(r.actor.getSnapshot().context.total).toBe(2)
  })

  it("typing stops by itself after 8 s, at once on paused or on the customer's message", async () => {
    vi.useFakeTimers({ now: NOW })
    const r = startReal()
    await r.send({ type: "chat.typing", state: "typing" })
    expect(r.actor.getSnapshot().matches({ typing: "typing" })).toBe(true)
    await vi.advanceTimersByTimeAsync(7000)
    await r.send({ type: "chat.typing", state: "typing" })
    await vi.advanceTimersByTimeAsync(7000)
    expect(r.actor.getSnapshot().matches({ typing: "typing" })).toBe(true)
    await vi.advanceTimersByTimeAsync(1000)
    expect(r.actor.getSnapshot().matches({ typing: "idle" })).toBe(true)
    await r.send({ type: "chat.typing", state: "typing" })
    await r.send({ type: "chat.message", conversation, message: message(5) })
    expect(r.actor.getSnapshot().matches({ typing: "idle" })).toBe(true)
  })

  it("marks the chat read once per focus, and not in a loop when that fails", async () => {
    vi.useFakeTimers({ now: NOW })
    const r = startReal()
    await r.send({ type: "FOCUS" })
    expect(r.script.calls.filter((c) => c.id === "action").map((c) => (c.input as { action: unknown }).action)).toEqual([{ op: "read" }])
    await r.send({ type: "xstate.error.actor.action", error: { status: 500, code: "X", message: "x" } })
    expect(r.actor.getSnapshot().matches({ action: "idle" })).toBe(true)
    expect(r.script.calls.filter((c) => c.id === "action")).toHaveLength(1)
    // No notice for the background read.
    expect(r.actor.getSnapshot().context.notice).toBeNull()
    await r.send({ type: "chat.message", conversation: { ...conversation, unread: 3 }, message: message(6) })
    expect(r.script.calls.filter((c) => c.id === "action")).toHaveLength(2)
  })
})
