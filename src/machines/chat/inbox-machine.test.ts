/**
 * The chat inbox machine, model-based: xstate/graph walks the shortest path to every distinct state (machine state,
 * selection, connection, list error, how many conversations each box shows); each path is replayed on a real actor
 * whose socket and list loads are scripted, and after every step the actor must match the model. Then the rules:
 * events apply once by seq and upsert by id, pushed records land in the right box, events reach the open
 * conversation's actor, a reconnect reloads, only the last few conversations keep an actor, stop forgets the login.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { createActor, fromCallback, fromPromise, initialTransition, transition } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { chatInboxMachine, KEEP_OPEN, type InboxEvent } from "./inbox-machine"
import { conversationMachine } from "./conversation-machine"
import { customerMachine } from "./customer-machine"
import { lookupMachine } from "./lookup-machine"
import { visibleConversations } from "./chat-logic"
import type { ChatSocketEvent } from "./chat-actors"
import type { Conversation, Message } from "../../contract/schemas/chat"
import { completion, makeScript } from "../common/scripted-actors.testing"

const ME = 7
const conv = (id: number, over: Partial<Conversation> = {}): Conversation => ({
  id,
  number: `9055500000${id}`,
  name: `C${id}`,
  channel_type: "whatsapp",
  status: "active",
  agent_id: ME,
  agent_name: "Kerem",
  last_message: "hi",
  last_message_at: `2026-11-22T09:0${id}:00Z`,
  unread: 1,
  labels: [],
  blocked: false,
  started_at: "2026-11-22T09:00:00Z",
  closed_at: null,
  session_expires_at: null,
  ...over,
})
const msg = (id: number, conversationId: number): Message => ({
  id,
  external_id: null,
  conversation_id: conversationId,
  number: conv(conversationId).number,
  channel_type: "whatsapp",
  direction: "inbound",
  type: "text",
  body: `m${id}`,
  attachments: [],
  interactive: null,
  status: "received",
  agent_name: null,
  dt: "2026-11-22T09:30:00Z",
})

type Ev = InboxEvent | { type: string; [key: string]: unknown }
const events: Ev[] = [
  { type: "INBOX.START", userId: ME },
  { type: "INBOX.STOP" },
  { type: "xstate.done.actor.list", output: { items: [conv(1), conv(2)], total: 3 } },
  {
    type: "xstate.error.actor.list",
    error: { status: 501, code: "NOT_IMPLEMENTED", message: "chat.agentConversations is not implemented yet" },
  },
  { type: "LOAD_MORE" },
  {
    type: "xstate.done.actor.more",
    output: { items: [conv(4, { last_message_at: "2026-11-21T09:00:00Z" })], total: 3 },
  },
  { type: "RELOAD" },
  { type: "FILTER", patch: { box: "unassigned" } },
  { type: "FILTER", patch: { box: "mine", search: "C2" } },
  { type: "SELECT", id: 1 },
  { type: "SELECT", id: 2 },
  { type: "NEXT" },
  { type: "PREVIOUS" },
  { type: "DESELECT" },
  { type: "rt.status", status: "connected" },
  { type: "rt.status", status: "disconnected" },
  {
    type: "rt.chat:message",
    seq: 10,
    conversation: conv(3, { agent_id: null, agent_name: null, status: "unassigned" }),
    message: msg(30, 3),
  },
  { type: "rt.chat:message", seq: 5, conversation: conv(5), message: msg(50, 5) },
  { type: "rt.chat:conversation", seq: 11, conversation: conv(1, { status: "closed" }) },
  { type: "rt.chat:message-status", seq: 12, conversation_id: 1, message_id: 30, status: "read" },
  { type: "rt.chat:typing", seq: 13, conversation_id: 1, number: conv(1).number, state: "typing" },
  { type: "conversation.updated", conversation: conv(2, { unread: 0 }) },
]

type Snap = ReturnType<typeof initialTransition<typeof chatInboxMachine>>[0]
const serialize = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.selectedId !== null,
    s.context.connection,
    s.context.error !== null,
    s.context.filters.box,
    visibleConversations(s.context.conversations, s.context.filters, s.context.userId).length,
  ])
const view = (s: Snap) => ({
  value: s.value,
  filters: s.context.filters,
  conversations: s.context.conversations.map((c) => [c.id, c.status, c.unread]),
  selectedId: s.context.selectedId,
  open: Object.keys(s.context.open),
  recent: s.context.recent,
  lastSeq: s.context.lastSeq,
  connection: s.context.connection,
  total: s.context.total,
  page: s.context.page,
  error: s.context.error?.code ?? null,
  customer: s.context.customer !== null,
})

const never = fromPromise(() => new Promise<never>(() => undefined))
const quiet = {
  conversation: conversationMachine.provide({
    actors: { loadMessages: never as never, sendMessage: never as never, runAction: never as never },
  }),
  customer: customerMachine.provide({ actors: { loadProfile: never as never, saveProfile: never as never } }),
  lookup: lookupMachine.provide({ actors: { loadLookup: never as never } }),
}
const model = chatInboxMachine.provide({ actors: { ...quiet, chatSocket: fromCallback(() => undefined) } as never })
const shortest = getShortestPaths(model, {
  events: events as never,
  serializeState: (s) => serialize(s as Snap),
  limit: 20_000,
})
// Events that only lead back to states already reached: whole stories, replayed the same way.
const byType = (type: string, nth = 0) => events.filter((e) => e.type === type)[nth]!
const start = [byType("INBOX.START"), byType("xstate.done.actor.list"), byType("rt.status")]
const stories: Ev[][] = [
  [
    ...start,
    byType("SELECT"),
    byType("SELECT", 1),
    byType("PREVIOUS"),
    byType("rt.chat:message-status"),
    byType("rt.chat:typing"),
    byType("conversation.updated"),
    byType("rt.chat:message", 1),
    byType("DESELECT"),
    byType("INBOX.STOP"),
  ],
  [
    ...start,
    byType("LOAD_MORE"),
    byType("xstate.done.actor.more"),
    byType("FILTER", 1),
    byType("RELOAD"),
    byType("xstate.error.actor.list"),
    byType("rt.status", 1),
    byType("rt.status"),
    byType("xstate.done.actor.list"),
    byType("rt.chat:conversation"),
    byType("NEXT"),
  ],
]
const storyPath = (story: Ev[]) => {
  let snap = initialTransition(model)[0] as Snap
  return {
    state: snap,
    steps: story.map((event) => ({ event, state: (snap = transition(model, snap, event as never)[0] as Snap) })),
  }
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
  const socket: { send: ((e: ChatSocketEvent) => void) | null; running: number } = { send: null, running: 0 }
  const actor = createActor(
    chatInboxMachine.provide({
      actors: {
        ...quiet,
        loadConversations: script.logic,
        chatSocket: fromCallback(({ sendBack }) => {
          socket.send = sendBack as never
          socket.running++
          return () => void socket.running--
        }),
      } as never,
    }),
  )
  actor.start()
  const send = async (event: Ev) => {
    const outcome = completion(event as { type: string })
    if (outcome) {
      if (Object.keys(actor.getSnapshot().children).includes(outcome.id)) script.complete(outcome)
    } else if (event.type.startsWith("rt.") && socket.send && actor.getSnapshot().matches("on")) socket.send(event as ChatSocketEvent)
    else actor.send(event as InboxEvent)
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(0)
    const running = Object.keys(actor.getSnapshot().children)
    script.forget((id) => running.includes(id))
  }
  return { actor, script, socket, send }
}

afterEach(() => vi.useRealTimers())

describe("chat inbox machine (model-based)", () => {
  it("reaches off, loading, ready, loading more and failed", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const value of ['"off"', '{"on":"loading"}', '{"on":"ready"}', '{"on":"loadingMore"}', '{"on":"failed"}'])
      expect(reached).toContain(value)
  })

  it("covers every event on some path", () => {
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    expect(events.map((e) => e.type).filter((t) => !used.has(t))).toEqual([])
  })

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" > ") || "(initial)", p] as const))(
    "replays %s",
    async (_name, path) => {
      vi.useFakeTimers()
      const real = startReal()
      let snap = initialTransition(model)[0] as Snap
      for (const step of path.steps) {
        if ((step.event.type as string) === "xstate.init") continue
        await real.send(step.event as Ev)
        snap = transition(model, snap, step.event as never)[0] as Snap
        expect(view(real.actor.getSnapshot())).toEqual(view(snap))
      }
      // The socket subscription lives exactly while the inbox is on.
      expect(real.socket.running).toBe(real.actor.getSnapshot().matches("on") ? 1 : 0)
    },
  )
})

describe("chat inbox machine (rules)", () => {
  const started = async () => {
    vi.useFakeTimers()
    const r = startReal()
    await r.send({ type: "INBOX.START", userId: ME })
    await r.send({ type: "xstate.done.actor.list", output: { items: [conv(1), conv(2)], total: 2 } })
    await r.send({ type: "rt.status", status: "connected" })
    return r
  }
  const visible = (r: Awaited<ReturnType<typeof started>>) => {
    const c = r.actor.getSnapshot().context
    return visibleConversations(c.conversations, c.filters, c.userId).map((x) => x.id)
  }

  it("applies each event once (by seq) and upserts by id", async () => {
    const r = await started()
    await r.send({ type: "rt.chat:conversation", seq: 20, conversation: conv(1, { unread: 5 }) })
    await r.send({ type: "rt.chat:conversation", seq: 20, conversation: conv(1, { unread: 9 }) })
    await r.send({ type: "rt.chat:conversation", seq: 19, conversation: conv(1, { unread: 9 }) })
    const c = r.actor.getSnapshot().context
    expect(c.conversations.filter((x) => x.id === 1).map((x) => x.unread)).toEqual([5])
    expect(c.lastSeq).toBe(20)
  })

  it("a pushed record lands in the box it belongs to; a closed one leaves the open lists", async () => {
    const r = await started()
    await r.send({
      type: "rt.chat:message",
      seq: 30,
      conversation: conv(3, { agent_id: null, agent_name: null, status: "unassigned" }),
      message: msg(31, 3),
    })
    expect(visible(r)).toEqual([2, 1])
    await r.send({ type: "FILTER", patch: { box: "unassigned" } })
    expect(visible(r)).toEqual([3])
    await r.send({ type: "FILTER", patch: { box: "all" } })
    expect(visible(r)).toEqual([3, 2, 1])
    await r.send({ type: "rt.chat:conversation", seq: 31, conversation: conv(2, { status: "closed" }) })
    expect(visible(r)).toEqual([3, 1])
  })

  it("events reach the open conversation's actor; Alt+↓/↑ move through the visible list", async () => {
    const r = await started()
    await r.send({ type: "NEXT" })
    expect(r.actor.getSnapshot().context.selectedId).toBe(2)
    await r.send({ type: "NEXT" })
    expect(r.actor.getSnapshot().context.selectedId).toBe(1)
    await r.send({ type: "NEXT" })
    expect(r.actor.getSnapshot().context.selectedId).toBe(1)
    await r.send({ type: "rt.chat:message", seq: 40, conversation: conv(1), message: msg(41, 1) })
    await r.send({ type: "rt.chat:typing", seq: 41, conversation_id: 1, number: conv(1).number, state: "typing" })
    const child = r.actor.getSnapshot().context.open[1]!.getSnapshot()
    expect(child.context.messages.map((m) => m.id)).toEqual([41])
    expect(child.matches({ typing: "typing" })).toBe(true)
    expect(child.context.focused).toBe(true)
    expect(r.actor.getSnapshot().context.open[2]!.getSnapshot().context.focused).toBe(false)
  })

  it(`keeps an actor for the last ${KEEP_OPEN} conversations only`, async () => {
    const r = await started()
    const many = Array.from({ length: KEEP_OPEN + 2 }, (_, i) => conv(i + 10))
    await r.send({ type: "RELOAD" })
    await r.send({ type: "xstate.done.actor.list", output: { items: many, total: many.length } })
    for (const c of many) await r.send({ type: "SELECT", id: c.id })
    const c = r.actor.getSnapshot().context
    expect(Object.keys(c.open).map(Number).sort()).toEqual(many.slice(2).map((x) => x.id))
    const children = Object.keys(r.actor.getSnapshot().children)
    expect(children).not.toContain("chat-conversation-10")
    expect(children).toContain(`chat-conversation-${many.at(-1)!.id}`)
  })

  it("after a reconnect the list is read again and the open conversations refresh", async () => {
    const r = await started()
    await r.send({ type: "SELECT", id: 1 })
    await r.send({ type: "rt.status", status: "disconnected" })
    await r.send({ type: "rt.status", status: "connected" })
    expect(r.actor.getSnapshot().matches({ on: "loading" })).toBe(true)
    expect(r.script.calls.filter((x) => x.id === "list")).toHaveLength(2)
  })

  it("stop forgets the login: no conversations, no actors, no socket", async () => {
    const r = await started()
    await r.send({ type: "SELECT", id: 1 })
    await r.send({ type: "INBOX.STOP" })
    const s = r.actor.getSnapshot()
    expect([s.value, s.context.conversations, s.context.open, s.context.customer, r.socket.running]).toEqual(["off", [], {}, null, 0])
    expect(Object.keys(s.children)).toEqual([])
  })
})
