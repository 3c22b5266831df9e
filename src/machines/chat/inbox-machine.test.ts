/**
 * The chat inbox machine, model-based: xstate/graph walks the shortest path to every distinct state (machine state,
 * selection, connection, list failure, how many conversations each box shows); each path is replayed on a real
 * actor whose socket and list loads are scripted (inbox-harness.testing.ts), and after every step the actor must
 * match the model. The rules one by one are inbox-rules.test.ts.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { fromCallback, initialTransition, transition } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { visibleConversations } from "./chat-logic"
import { conv, type Ev, ME, msg, quiet, startInbox } from "./inbox-harness.testing"
import { chatInboxMachine } from "./inbox-machine"

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
  { type: "rt.chat:typing", seq: 0, conversation_id: 1, number: conv(1).number, state: "typing" },
  { type: "conversation.updated", conversation: conv(2, { unread: 0 }) },
  { type: "COUNTS.STALE" },
  { type: "xstate.done.actor.box-counts", output: { mine: 1, unassigned: 1, all: 4 } },
  { type: "xstate.error.actor.box-counts", error: { status: 500, code: "INTERNAL", message: "down" } },
]

type Snap = ReturnType<typeof initialTransition<typeof chatInboxMachine>>[0]
const serialize = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.selectedId !== null,
    s.context.connection,
    s.context.failure !== null,
    s.context.filters.box,
    visibleConversations(s.context.conversations, s.context.filters, s.context.userId).length,
    s.context.counting,
    s.context.boxCounts !== null,
  ])
const view = (s: Snap) => ({
  value: s.value,
  filters: s.context.filters,
  conversations: s.context.conversations.map((c) => [c.id, c.status, c.unread]),
  selectedId: s.context.selectedId,
  open: Object.keys(s.context.open),
  recent: s.context.recent,
  seqs: s.context.seqs,
  connection: s.context.connection,
  total: s.context.total,
  page: s.context.page,
  failure: s.context.failure?.code ?? null,
  tags: [...s.tags].sort(),
  customer: s.context.customer !== null,
  boxCounts: s.context.boxCounts,
  counting: s.context.counting,
})

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
  const start = initialTransition(model)[0] as Snap
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
      const real = startInbox()
      let snap = initialTransition(model)[0] as Snap
      for (const step of path.steps) {
        if ((step.event.type as string) === "xstate.init") continue
        await real.send(step.event as Ev)
        snap = transition(model, snap, step.event as never)[0] as Snap
        expect(view(real.actor.getSnapshot())).toEqual(view(snap))
      }
      // The socket subscription lives exactly while the inbox is on.
      expect(real.socket.running).toBe(real.actor.getSnapshot().hasTag("on") ? 1 : 0)
    },
  )
})
