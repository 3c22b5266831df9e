/**
 * The agent workspace's chat in real time over a real server and database: a simulated customer writes, agents of
 * the tenant (and nobody else) get chat:message (how fast is `npm run bench:channels`'s figure, not a timed test's);
 * replies reach the customer's phone, delivery and read come back as chat:message-status; take, shift, close and
 * history; every event in seq order, none twice.
 */
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { DB_KINDS, devFetch, callOf, login, send, as, shaped, useServer } from "../../testing/harness"
import { connect, next, pause, record } from "../../testing/calls-peer"
import { catalogue } from "../../../src/contract/catalogue"
import { CHAT_TO_BROWSER_EVENTS } from "../../../src/contract/chat-events"

process.env.SIM_DELIVER_MS = "150"
// The test files of a worker share one process (the server suite runs them without isolation): give it back.
afterAll(() => {
  delete process.env.SIM_DELIVER_MS
})

const chat = catalogue.chat.calls

describe.each(DB_KINDS)("chat in real time on %s", (kind) => {
  const ctx = useServer(kind)
  const s: Record<string, Socket> = {}
  const token: Record<string, Record<string, string>> = {}
  const ids: Record<string, number> = {}
  const seen: { event: string; seq: number }[] = []

  beforeAll(async () => {
    for (const name of ["admin", "agent1", "agent2", "admin2"]) {
      const session = await login(ctx.url, name)
      ids[name] = session.user_data.id
      token[name] = as(session.user_token)
      s[name] = await connect(ctx.url, session.user_token)
    }
    for (const event of CHAT_TO_BROWSER_EVENTS) s.agent1.on(event, (p: { seq: number }) => void seen.push({ event, seq: p.seq }))
  })
  afterAll(() => {
    for (const socket of Object.values(s)) socket.close()
  })

  const customer = async (number: string, body: Record<string, unknown> = {}) => {
    const response = await devFetch(ctx.server, "/dev/simulator/messages", {
      clientId: 1,
      channel: "whatsapp",
      number,
      text: "Hello, I need help",
      ...body,
    })
    return { status: response.status, body: (await response.json()) as any }
  }
  const phone = async (number: string) =>
    (
      (await (
        await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
      ).json()) as any
    ).data.items as any[]
  const call = (name: keyof typeof chat, payload: Record<string, unknown>, who = "agent1") =>
    send(ctx.url, callOf("chat", name), payload, token[who])

  const NUMBER = "+905557770001"
  let conversationId = 0

  it("a customer writes on WhatsApp: the tenant's chat agents get chat:message, the other tenant nothing", async () => {
    const foreign = record(s.admin2, "chat:message")
    const [event, other, written] = await Promise.all([
      next(s.agent1, "chat:message", (p) => p.message.number === NUMBER),
      next(s.agent2, "chat:message", (p) => p.message.number === NUMBER),
      customer(NUMBER, { name: "Deniz Test" }),
    ])
    expect(written.status).toBe(200)
    conversationId = written.body.data.conversationId
    expect(event.message).toMatchObject({
      id: written.body.data.messageId,
      direction: "inbound",
      type: "text",
      body: "Hello, I need help",
      status: "received",
      channel_type: "whatsapp",
    })
    expect(event.conversation).toMatchObject({
      id: conversationId,
      status: "unassigned",
      agent_id: null,
      unread: 1,
      name: "Deniz Test",
      last_message: "Hello, I need help",
    })
    expect(Date.parse(event.conversation.session_expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000)
    expect(other.seq).toBe(event.seq)
    await pause(200)
    expect(foreign).toEqual([])
    const queue = shaped(chat.agentUnassignedConversations, (await call("agentUnassignedConversations", { limit: 100 })).body)
    expect(queue.data.items[0].id).toBe(conversationId)
  })

  it("agent1 takes it from the queue; a colleague's late take is refused", async () => {
    const announced = next(s.agent2, "chat:conversation", (p) => p.conversation.id === conversationId)
    const taken = await call("chatUpdateByNumber", { number: NUMBER, agent_id: ids.agent1, read: true })
    expect(taken.status).toBe(200)
    expect(shaped(chat.chatUpdateByNumber, taken.body).data).toMatchObject({
      id: conversationId,
      status: "active",
      agent_id: ids.agent1,
      unread: 0,
    })
    expect((await announced).conversation.agent_id).toBe(ids.agent1)
    const late = await call("chatUpdateByNumber", { number: NUMBER, agent_id: ids.agent2 }, "agent2")
    expect(late.status).toBe(409)
    const mine = shaped(chat.agentConversations, (await call("agentConversations", { limit: 100 })).body)
    expect(mine.data.items.map((c: any) => c.id)).toContain(conversationId)
  })

  it("agent replies with text and an image by link: the phone gets both, delivered then read arrive as events", async () => {
    // The console has the conversation open (delivery states go to the consoles that show it: chat-audience.ts).
    await s.agent1.timeout(5000).emitWithAck("chat:watch", { all: false, conversation_ids: [conversationId] })
    const messages = record(s.agent1, "chat:message")
    const statuses = record(s.agent1, "chat:message-status")
    const text = await call("messagesSendText", {
      type: "text",
      text: { to: [NUMBER], message: { text: "Hi Deniz, how can I help?" } },
    })
    expect(text.status).toBe(200)
    const textId = shaped(chat.messagesSendText, text.body).data.message.messages[0].id
    const image = await call("messagesSendByType", {
      type: "image",
      image: { to: [NUMBER], message: { link: "https://example.com/catalogue.jpg", caption: "Our catalogue" } },
    })
    expect(image.status).toBe(200)
    const imageId = shaped(chat.messagesSendByType, image.body).data.message.messages[0].id
    const received = await phone(NUMBER)
    expect(received.map((m) => [m.external_id, m.type, m.body])).toEqual([
      [textId, "text", "Hi Deniz, how can I help?"],
      [imageId, "image", "Our catalogue"],
    ])
    expect(received[1].attachments[0].url).toBe("https://example.com/catalogue.jpg")
    for (const end = Date.now() + 3000; statuses.filter((x) => x.status === "delivered").length < 2 && Date.now() < end; ) await pause(25)
    const delivered = statuses.filter((x) => x.status === "delivered")
    expect(delivered.length).toBe(2)
    const out = messages.map((m) => m.message)
    expect(out.map((m) => m.external_id)).toEqual([textId, imageId])
    expect(out[1]).toMatchObject({
      type: "image",
      direction: "outbound",
      agent_name: "Kerem Agent",
      attachments: [{ url: "https://example.com/catalogue.jpg" }],
    })
    expect(messages[1].conversation.status).toBe("ongoing")
    const read = next(s.agent1, "chat:message-status", (p) => p.status === "read")
    expect((await devFetch(ctx.server, `/dev/simulator/messages/${textId}/read`, undefined, "POST")).status).toBe(200)
    expect(await read).toMatchObject({ conversation_id: conversationId, message_id: out[0].id, status: "read" })
    const page = shaped(chat.agentGetChat, (await call("agentGetChat", { conversation_id: conversationId })).body)
    expect(page.data.items.map((m: any) => m.status)).toEqual(["delivered", "read", "received"])
    expect((await phone(NUMBER)).map((m) => m.status)).toEqual(["read", "delivered"])
  })

  it("shift to agent2: agent2 gets chat:conversation and holds it as active", async () => {
    const announced = next(
      s.agent2,
      "chat:conversation",
      (p) => p.conversation.id === conversationId && p.conversation.agent_id === ids.agent2,
    )
    const shifted = await call("shiftTicket", { conversation_id: conversationId, agent_id: ids.agent2, note: "VIP" })
    expect(shifted.status).toBe(200)
    expect(shaped(chat.shiftTicket, shifted.body).data).toMatchObject({
      status: "active",
      agent_id: ids.agent2,
      agent_name: "Leyla Limited",
    })
    expect((await announced).conversation.status).toBe("active")
    const mine = shaped(chat.agentConversations, (await call("agentConversations", { limit: 100 })).body)
    expect(mine.data.items.map((c: any) => c.id)).not.toContain(conversationId)
  })

  it("close: it leaves the active lists and shows in history; the customer's next message opens a new conversation", async () => {
    const closedEvent = next(
      s.agent1,
      "chat:conversation",
      (p) => p.conversation.id === conversationId && p.conversation.status === "closed",
    )
    const closed = await call("chatClose", { conversation_id: conversationId, resolution: "Answered" }, "agent2")
    expect(closed.status).toBe(200)
    const conversation = shaped(chat.chatClose, closed.body).data
    expect(conversation.closed_at).not.toBeNull()
    await closedEvent
    expect((await call("chatClose", { conversation_id: conversationId }, "agent2")).status).toBe(409)
    const open = shaped(chat.agentConversations, (await call("agentConversations", { limit: 1000 }, "agent2")).body)
    expect(open.data.items.map((c: any) => c.id)).not.toContain(conversationId)
    const ongoing = shaped(chat.agentConversationsOngoing, (await call("agentConversationsOngoing", { limit: 1000 }, "admin")).body)
    expect(ongoing.data.items.map((c: any) => c.id)).not.toContain(conversationId)
    const history = shaped(
      chat.agentHistoryConversations,
      (await call("agentHistoryConversations", { limit: 10, search: NUMBER.slice(1) }, "admin")).body,
    )
    expect(history.data.items[0]).toMatchObject({ id: conversationId, status: "closed", agent_id: ids.agent2 })
    const byClose = await call("agentHistoryChatByNumberByLastClosed", {
      number: NUMBER,
      last_closed: conversation.closed_at,
    })
    expect(byClose.status).toBe(200)
    expect(shaped(chat.agentHistoryChatByNumberByLastClosed, byClose.body).data.map((m: any) => m.direction)).toEqual([
      "inbound",
      "outbound",
      "outbound",
    ])
    const again = await customer(NUMBER, { text: "One more thing" })
    expect(again.body.data.conversationId).not.toBe(conversationId)
    conversationId = again.body.data.conversationId
    const all = shaped(chat.agentHistoryChat, (await call("agentHistoryChat", { number: NUMBER })).body)
    expect(all.data.totalItems).toBe(4)
  })

  it("customer typing reaches the agents with the conversation open unstored (seq 0); every stored event carries its own row's seq, none twice", async () => {
    await s.agent1.timeout(5000).emitWithAck("chat:watch", { all: false, conversation_ids: [conversationId] })
    const typing = next(s.agent1, "chat:typing", (p) => p.number === NUMBER)
    await devFetch(ctx.server, "/dev/simulator/typing", { clientId: 1, channel: "whatsapp", number: NUMBER, state: "typing" })
    expect((await typing).seq).toBe(0)
    const stored = seen.filter((e) => e.seq !== 0)
    expect(stored.length).toBeGreaterThan(8)
    const seqs = stored.map((e) => e.seq)
    expect(new Set(seqs).size).toBe(seqs.length)
    const rows = rowsOf(
      await ctx.server.services.database.db.execute(
        sql`SELECT id FROM chat_events WHERE client_id = 1 AND id IN (SELECT x::bigint FROM jsonb_array_elements_text(${JSON.stringify(seqs)}::jsonb) AS x)`,
      ),
    )
    expect(rows.length).toBe(seqs.length)
  })
})
