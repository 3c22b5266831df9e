/**
 * The chat inbox's rules on a real actor: events apply once by seq and upsert by id, pushed records land in the
 * right box, events reach the open conversation's actor, a reconnect reloads, only the last few conversations keep
 * an actor, stop forgets the login. The model-based walk is inbox-machine.test.ts.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { visibleConversations } from "./chat-logic"
import { KEEP_OPEN } from "./inbox-machine"
import { conv, ME, msg, startInbox } from "./inbox-harness.testing"

afterEach(() => vi.useRealTimers())

describe("chat inbox machine (rules)", () => {
  const started = async () => {
    vi.useFakeTimers()
    const r = startInbox()
    await r.send({ type: "INBOX.START", userId: ME })
    await r.send({ type: "xstate.done.actor.list", output: { items: [conv(1), conv(2)], total: 2 } })
    await r.send({ type: "rt.status", status: "connected" })
    return r
  }
  const visible = (r: Awaited<ReturnType<typeof started>>) => {
    const c = r.actor.getSnapshot().context
    return visibleConversations(c.conversations, c.filters, c.userId).map((x) => x.id)
  }

  it("tells the server what it shows (chat:watch): the all box and the open conversations, again after a reconnect", async () => {
    const r = await started()
    const watch = (all: boolean, conversation_ids: number[]) => ({
      type: "socket.emit",
      event: "chat:watch",
      payload: { all, conversation_ids },
    })
    await r.send({ type: "FILTER", patch: { box: "all" } })
    await r.send({ type: "xstate.done.actor.list", output: { items: [conv(1), conv(2)], total: 2 } })
    await r.send({ type: "SELECT", id: 2 })
    await r.send({ type: "FILTER", patch: { box: "mine" } })
    await r.send({ type: "rt.status", status: "disconnected" })
    await r.send({ type: "rt.status", status: "connected" })
    expect(r.socket.commands).toEqual([watch(false, []), watch(true, []), watch(true, [2]), watch(false, [2]), watch(false, [2])])
  })

  it("applies each event once (by seq) and upserts by id", async () => {
    const r = await started()
    await r.send({ type: "rt.chat:conversation", seq: 20, conversation: conv(1, { unread: 5 }) })
    await r.send({ type: "rt.chat:conversation", seq: 20, conversation: conv(1, { unread: 9 }) })
    const c = r.actor.getSnapshot().context
    expect(c.conversations.filter((x) => x.id === 1).map((x) => x.unread)).toEqual([5])
    expect(c.seqs.recent).toEqual([20])
  })

  it("an older-seq event arriving after a newer one (another node's) is applied, once", async () => {
    const r = await started()
    await r.send({ type: "rt.chat:conversation", seq: 20, conversation: conv(1, { unread: 5 }) })
    await r.send({ type: "rt.chat:message", seq: 19, conversation: conv(3, { agent_id: null, status: "unassigned" }), message: msg(31, 3) })
    await r.send({ type: "rt.chat:message", seq: 19, conversation: conv(3, { agent_id: null, status: "closed" }), message: msg(31, 3) })
    const c = r.actor.getSnapshot().context
    expect(c.conversations.filter((x) => x.id === 3).map((x) => x.status)).toEqual(["unassigned"])
    expect(c.seqs.recent).toEqual([19, 20])
  })

  it("after the list is read again, a straggler numbered below what was applied no longer applies; newer ones do", async () => {
    const r = await started()
    await r.send({ type: "rt.chat:conversation", seq: 20, conversation: conv(1, { unread: 5 }) })
    await r.send({ type: "RELOAD" })
    await r.send({ type: "xstate.done.actor.list", output: { items: [conv(1, { unread: 7 }), conv(2)], total: 2 } })
    await r.send({ type: "rt.chat:conversation", seq: 18, conversation: conv(1, { unread: 1 }) })
    await r.send({ type: "rt.chat:conversation", seq: 20, conversation: conv(1, { unread: 2 }) })
    expect(r.actor.getSnapshot().context.conversations.find((x) => x.id === 1)?.unread).toBe(7)
    await r.send({ type: "rt.chat:conversation", seq: 21, conversation: conv(1, { unread: 8 }) })
    expect(r.actor.getSnapshot().context.conversations.find((x) => x.id === 1)?.unread).toBe(8)
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
    expect(child.hasTag("typing")).toBe(true)
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
    expect(r.actor.getSnapshot().hasTag("loading")).toBe(true)
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
