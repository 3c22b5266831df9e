/**
 * Chat events reach the agents whose screens show them (chat-audience.ts), over a real server and database: the queue
 * and one's own chats, not a colleague's; every chat while the "all" box is watched; a transfer reaches both holders;
 * an open conversation's statuses and typing reach the consoles that have it open, never another tenant's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { CHAT_BATCH, type ChatBatch, MAX_WATCHED_CONVERSATIONS } from "../../../src/contract/chat-events"
import { DB_KINDS, callOf, customerWrites, devFetch, send, useServer } from "../../testing/harness"
import { connectUsers, next, pause, record } from "../../testing/calls-peer"

describe.each(DB_KINDS)("chat audiences on %s", (kind) => {
  const ctx = useServer(kind)
  const s: Record<string, Socket> = {}
  const token: Record<string, Record<string, string>> = {}
  const ids: Record<string, number> = {}
  const NUMBER = "+905557780001"
  let conversationId = 0

  beforeAll(async () => {
    for (const [name, user] of Object.entries(await connectUsers(ctx.url, ["admin", "agent1", "agent2", "admin2"]))) {
      s[name] = user.socket
      token[name] = user.headers
      ids[name] = user.id
    }
  })
  afterAll(() => {
    for (const socket of Object.values(s)) socket.close()
  })

  const customer = async (text: string) => {
    const written = await customerWrites(ctx.server, NUMBER, { text })
    expect(written.status).toBe(200)
    return written.body.data as { conversationId: number; messageId: number }
  }
  const call = (name: string, payload: Record<string, unknown>, who: string) =>
    send(ctx.url, callOf("chat", name as never), payload, token[who])
  const watch = async (who: string, all: boolean, conversation_ids: number[] = []) =>
    (await s[who].timeout(5000).emitWithAck("chat:watch", { all, conversation_ids })) as { ok: boolean }
  /** The bodies of the chat:message events `who` heard while `run` ran (and a moment after). */
  const heard = async (who: string[], run: () => Promise<unknown>) => {
    const logs = who.map((name) => record<{ message: { body: string } }>(s[name], "chat:message"))
    await run()
    await pause(300)
    for (const name of who) s[name].off("chat:message")
    return Object.fromEntries(who.map((name, i) => [name, logs[i].map((p) => p.message.body)]))
  }

  it("a queue message reaches every chat agent; once taken, only its holder hears its messages", async () => {
    const [one, two] = await Promise.all([
      next(s.agent1, "chat:message", (p) => p.message.body === "in the queue"),
      next(s.agent2, "chat:message", (p) => p.message.body === "in the queue"),
      customer("in the queue"),
    ])
    conversationId = one.conversation.id
    expect(two.conversation).toMatchObject({ id: conversationId, agent_id: null })
    // Taking it is a change of the list: the colleague hears it too, so it leaves their queue.
    const left = next(s.agent2, "chat:conversation", (p) => p.conversation.id === conversationId && p.conversation.agent_id === ids.agent1)
    expect((await call("chatUpdateByNumber", { number: NUMBER, agent_id: ids.agent1 }, "agent1")).status).toBe(200)
    await left
    const got = await heard(["agent1", "agent2", "admin"], () => customer("for agent1 only"))
    expect(got.agent1).toEqual(["for agent1 only"])
    expect(got.agent2).toEqual([])
    expect(got.admin).toEqual([])
  })

  it("watching the all box hears every chat of the tenant, until it stops; another tenant hears nothing", async () => {
    expect(await watch("admin", true)).toEqual({ ok: true })
    expect(await watch("admin2", true, [conversationId])).toEqual({ ok: true })
    const watching = await heard(["admin", "agent2", "admin2"], () => customer("seen in all"))
    expect(watching).toEqual({ admin: ["seen in all"], agent2: [], admin2: [] })
    expect(await watch("admin", false)).toEqual({ ok: true })
    const stopped = await heard(["admin", "agent1"], () => customer("all box closed"))
    expect(stopped).toEqual({ admin: [], agent1: ["all box closed"] })
  })

  it("a supervisor with a colleague's conversation open hears it, its delivery states and the customer typing", async () => {
    expect(await watch("admin", false, [conversationId])).toEqual({ ok: true })
    const got = await heard(["admin", "agent2"], () => customer("read by the supervisor"))
    expect(got).toEqual({ admin: ["read by the supervisor"], agent2: [] })
    const typingAgent2 = record(s.agent2, "chat:typing")
    const typing = next(s.admin, "chat:typing", (p) => p.conversation_id === conversationId)
    await devFetch(ctx.server, "/dev/simulator/typing", { clientId: 1, channel: "whatsapp", number: NUMBER, state: "typing" })
    expect((await typing).state).toBe("typing")
    const delivered = next(s.admin, "chat:message-status", (p) => p.conversation_id === conversationId && p.status === "delivered")
    const reply = await call("messagesSendText", { type: "text", text: { to: [NUMBER], message: { text: "On it" } } }, "agent1")
    expect(reply.status).toBe(200)
    await delivered
    expect(typingAgent2).toEqual([])
    s.agent2.off("chat:typing")
  })

  it("a transfer reaches the previous and the new holder; then only the new holder hears the messages", async () => {
    await watch("admin", false)
    const matches = (p: any) => p.conversation.id === conversationId && p.conversation.agent_id === ids.agent2
    const [previous, nextHolder] = [next(s.agent1, "chat:conversation", matches), next(s.agent2, "chat:conversation", matches)]
    expect((await call("shiftTicket", { conversation_id: conversationId, agent_id: ids.agent2 }, "agent1")).status).toBe(200)
    await Promise.all([previous, nextHolder])
    const got = await heard(["agent1", "agent2"], () => customer("for agent2 now"))
    expect(got).toEqual({ agent1: [], agent2: ["for agent2 now"] })
  })

  it("a malformed or oversized watch is refused and changes nothing", async () => {
    expect(await watch("agent1", false, [conversationId])).toEqual({ ok: true })
    const tooMany = Array.from({ length: MAX_WATCHED_CONVERSATIONS + 1 }, (_, i) => i + 1)
    expect(await watch("agent1", true, tooMany)).toEqual({ ok: false })
    expect(await s.agent1.timeout(5000).emitWithAck("chat:watch", { all: "yes", conversation_ids: ["1"] })).toEqual({ ok: false })
    const got = await heard(["agent1"], () => customer("still watched"))
    expect(got.agent1).toEqual(["still watched"])
  })

  it("conversations handed out together reach every chat console in one frame, in order", async () => {
    const admin = token.admin
    const waiting: number[] = []
    for (const n of [3, 4, 5]) {
      const written = await customerWrites(ctx.server, `+90555778000${n}`, { text: "waiting" })
      expect(written.status).toBe(200)
      waiting.push((written.body.data as { conversationId: number }).conversationId)
    }
    const frames: { event: string; payload: any }[] = []
    const onFrame = (event: string, payload: unknown) => void frames.push({ event, payload })
    s.agent2.onAny(onFrame)
    try {
      // Auto-assign turned on hands the waiting customers out in one transaction: one frame to each console.
      const handedOut = next<ChatBatch>(s.agent2, CHAT_BATCH, (b) =>
        waiting.every((id) => b.events.some((e) => e.payload.seq > 0 && "conversation" in e.payload && e.payload.conversation.id === id)),
      )
      expect(
        (await send(ctx.url, callOf("onboarding", "updateAllsettings"), { auto_assign: true, max_chats_per_agent: 100 }, admin)).status,
      ).toBe(200)
      const batch = await handedOut
      expect(batch.events.every((e) => e.event === "chat:conversation")).toBe(true)
      const seqs = batch.events.map((e) => e.payload.seq)
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
      for (const e of batch.events) if (e.event === "chat:conversation") expect(e.payload.conversation.agent_id).not.toBeNull()
      await pause(300)
      // None of them came alone as well.
      expect(frames.filter((f) => f.event === "chat:conversation" && waiting.includes(f.payload.conversation.id))).toEqual([])
    } finally {
      s.agent2.offAny(onFrame)
      await send(ctx.url, callOf("onboarding", "updateAllsettings"), { auto_assign: false }, admin)
    }
  })
})
