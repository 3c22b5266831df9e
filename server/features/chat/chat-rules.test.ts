/**
 * The chat's rules over a real server and database: tenant isolation, who holds a conversation (forward, release,
 * take), 4xx for bad input, every chat read call answering the contract's exact shape, and the seeded inbox.
 * The send rules are in chat-send-rules.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, shaped, useServer } from "../../testing/harness"
import { catalogue } from "../../../src/contract/catalogue"

const chat = catalogue.chat.calls

describe.each(DB_KINDS)("chat rules on %s", (kind) => {
  const ctx = useServer(kind)
  const token: Record<string, Record<string, string>> = {}
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    for (const name of ["admin", "agent1", "agent2", "admin2"]) {
      const session = await login(ctx.url, name)
      ids[name] = session.user_data.id
      token[name] = as(session.user_token)
    }
  })

  const customer = (number: string, body: Record<string, unknown> = {}) => customerWrites(ctx.server, number, body)
  const call = (name: keyof typeof chat, payload: Record<string, unknown>, who = "agent1") =>
    send(ctx.url, callOf("chat", name), payload, token[who])
  const count = async (number: string, who = "agent1") => (await call("agentHistoryChat", { number }, who)).body.data.totalItems as number
  const sql = (query: string, params: unknown[] = []) => ctx.server.services.database.query(query, params)

  it("tenants never see each other's chats", async () => {
    const number = "+905557770401"
    const { body } = await customer(number)
    const conversationId = body.data.conversationId
    expect((await call("agentGetChat", { conversation_id: conversationId }, "admin2")).status).toBe(404)
    expect((await call("shiftTicket", { conversation_id: conversationId, agent_id: ids.admin2 }, "admin2")).status).toBe(404)
    expect((await call("chatClose", { conversation_id: conversationId }, "admin2")).status).toBe(404)
    expect((await call("chatUpdateByNumber", { number, agent_id: ids.admin2 }, "admin2")).status).toBe(404)
    expect((await call("customerBlock", { number }, "admin2")).status).toBe(404)
    expect(await count(number, "admin2")).toBe(0)
    expect((await call("searchCustomer", { search: number }, "admin2")).body.data).toEqual([])
    const lists = [
      "agentUnassignedConversations",
      "agentConversationsOngoing",
      "agentHistoryConversations",
      "fetchCustomersAgents",
    ] as const
    for (const name of lists) {
      const reply = await call(name, { limit: 1000 }, "admin2")
      expect(reply.status).toBe(200)
      expect(reply.body.data.items.every((c: any) => c.number !== number)).toBe(true)
    }
    const wt = shaped(chat.fetchListWtMessages, (await call("fetchListWtMessages", { limit: 1000 }, "admin2")).body)
    expect(wt.data.items.every((m: any) => m.number !== number)).toBe(true)
    // Shifting to another tenant's agent is refused.
    expect((await call("shiftTicket", { conversation_id: conversationId, agent_id: ids.admin2 })).status).toBe(404)
  })

  it("forward, release to the queue and take again: who holds it and the status follow", async () => {
    const number = "+905557770801"
    const { body } = await customer(number)
    const id = body.data.conversationId
    const forwarded = await call("forwardAgentById", { id: ids.agent2, conversation_id: id, note: "yours" }, "admin")
    expect(shaped(chat.forwardAgentById, forwarded.body).data).toMatchObject({ agent_id: ids.agent2, status: "active" })
    const released = await call("chatUpdateByNumber", { number, agent_id: null }, "agent2")
    expect(released.body.data).toMatchObject({ agent_id: null, status: "unassigned" })
    const taken = await call("chatUpdateByNumber", { number, status: "ongoing" })
    expect(taken.body.data).toMatchObject({ agent_id: ids.agent1, status: "ongoing" })
    expect((await call("messagesReset", { number })).status).toBe(200)
    expect((await call("agentConversations", { search: number.slice(1) })).body.data.items[0]).toMatchObject({
      id,
      unread: 0,
    })
    const closed = await call("chatUpdateByNumber", { number, status: "closed" })
    expect(closed.body.data.closed_at).not.toBeNull()
    expect((await call("chatUpdateByNumber", { number, read: true })).status).toBe(404)
  })

  it("bad input answers 4xx, never 5xx", async () => {
    expect((await call("agentGetChat", { conversation_id: 2_000_000_000 })).status).toBe(404)
    expect((await call("agentGetChat", { conversation_id: "x" })).status).toBe(400)
    expect((await call("messagesSendText", { type: "text", text: { to: [], message: { text: "x" } } })).status).toBe(400)
    expect((await call("messagesSendText", { type: "text", text: { to: ["+905550001"], message: { text: "" } } })).status).toBe(400)
    expect(
      (
        await call("messagesSendByType", {
          type: "image",
          image: { to: ["+905550001"], message: { link: "not a url" } },
        })
      ).status,
    ).toBe(400)
    expect((await call("agentHistoryConversations", { start_date: "2026-13-45" })).status).toBe(400)
    expect((await call("chatUpdateByNumber", { number: "+905559999999", read: true })).status).toBe(404)
    expect((await call("messagesResetGroupByGroupId", { group_id: 999999 })).status).toBe(404)
    const hook = await devFetch(ctx.server, "/dev/simulator/messages", { channel: "telegram", number: "+90555" })
    expect(hook.status).toBe(400)
    expect((await devFetch(ctx.server, "/dev/simulator/messages/nope/read", undefined, "POST")).status).toBe(404)
    expect((await call("agentConversations", {}, "nobody")).status).toBe(401)
  })

  it("every read call of the group answers the contract's shape", async () => {
    const number = "+905557770601"
    await customer(number, { type: "image", link: "https://example.com/p.png", text: "look" })
    const cases: [keyof typeof chat, Record<string, unknown>][] = [
      ["agentConversations", { channel_type: "whatsapp" }],
      ["agentUnassignedConversations", { search: "a" }],
      ["agentConversationsOngoing", { status: "ongoing" }],
      ["agentHistoryConversations", { agent_id: ids.agent1 }],
      ["agentHistoryChat", { number }],
      ["listAgentlist", {}],
      ["listAgentadminlist", {}],
      ["listAgents", { online: false }],
      ["listOngoingagentlist", {}],
      ["fetchCustomersAgents", {}],
      ["searchCustomer", { search: "+90" }],
      ["fetchKeywordMessages", { keyword: "order" }],
      ["fetchAgentCustomers", {}],
      ["fetchListInbound", { channel_type: "whatsapp" }],
      ["fetchListOutbound", {}],
      ["fetchListInboundMessages", { number }],
      ["fetchListWtMessages", { direction: "outbound" }],
      ["messagesReset", { number }],
    ]
    for (const [name, payload] of cases) {
      const reply = await call(name, payload, "admin")
      expect(reply.status, name).toBe(200)
      shaped(chat[name], reply.body)
    }
    const inbound = (await call("fetchListInboundMessages", { number }, "admin")).body.data.items[0]
    expect(inbound).toMatchObject({
      type: "image",
      body: "look",
      attachments: [{ url: "https://example.com/p.png", mime_type: "image/jpeg" }],
    })
    const keyword = (await call("fetchKeywordMessages", { keyword: "order" }, "admin")).body.data.items
    expect(keyword.length).toBeGreaterThan(0)
    expect(keyword.every((m: any) => /order/i.test(m.body))).toBe(true)
    const agents = (await call("listAgentlist", {}, "admin")).body.data.items.map((a: any) => a.username)
    expect(agents).toEqual(expect.arrayContaining(["agent1", "agent2"]))
    expect(agents).not.toContain("admin")
    const ongoing = (await call("listOngoingagentlist", {}, "admin")).body.data.items
    expect(ongoing.every((a: any) => a.active_chats > 0)).toBe(true)
  })

  it("the seeded inbox is lively: queue, chats of agent1 and agent2, history, every channel, WhatsApp outside the window", async () => {
    const queue = (await call("agentUnassignedConversations", { limit: 1000 })).body.data
    expect(queue.totalItems).toBeGreaterThan(5)
    for (const who of ["agent1", "agent2"])
      expect((await call("agentConversations", { limit: 100 }, who)).body.data.totalItems).toBeGreaterThan(2)
    expect((await call("agentHistoryConversations", { limit: 1 })).body.data.totalItems).toBeGreaterThan(10)
    const { rows } = await sql(
      `SELECT count(DISTINCT channel)::int AS channels, count(DISTINCT type)::int AS types FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.client_id = 1`,
    )
    expect(rows[0]).toMatchObject({ channels: 5 })
    expect(Number(rows[0].types)).toBeGreaterThanOrEqual(6)
    const open = (await call("agentConversationsOngoing", { limit: 1000 }, "admin")).body.data.items as any[]
    expect([...open, ...queue.items].some((c) => c.channel_type === "whatsapp" && Date.parse(c.session_expires_at) < Date.now())).toBe(true)
  })
})
