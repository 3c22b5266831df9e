/**
 * The chat's rules over a real server and database: blocked customers (both call pairs), WhatsApp's 24-hour window
 * (templates only outside it, nothing stored when refused), all-or-nothing sends, tenant isolation, 4xx for bad input,
 * and every chat call answering the contract's exact shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Exit, Schema } from "effect"
import type { Socket } from "socket.io-client"
import { DB_KINDS, callOf, login, send, as, useServer } from "../../testing/harness"
import { connect, pause, record } from "../../testing/calls-peer"
import { catalogue } from "../../../src/contract/catalogue"

const chat = catalogue.chat.calls
const shaped = (name: keyof typeof chat, body: unknown) => {
  const exit = Schema.decodeUnknownExit((chat[name] as { response: Schema.Top }).response as never, {
    onExcessProperty: "error",
  })(body)
  if (Exit.isFailure(exit)) throw new Error(`${name}: ${String(exit.cause)}`)
  return body as any
}

describe.each(DB_KINDS)("chat rules on %s", (kind) => {
  const ctx = useServer(kind)
  const token: Record<string, Record<string, string>> = {}
  const ids: Record<string, number> = {}
  let agentSocket: Socket

  beforeAll(async () => {
    for (const name of ["admin", "agent1", "agent2", "admin2"]) {
      const session = await login(ctx.url, name)
      ids[name] = session.user_data.id
      token[name] = as(session.user_token)
      if (name === "agent1") agentSocket = await connect(ctx.url, session.user_token)
    }
  })
  afterAll(() => void agentSocket?.close())

  const customer = async (number: string, body: Record<string, unknown> = {}) => {
    const response = await fetch(`${ctx.url}/dev/simulator/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientId: 1, channel: "whatsapp", number, text: "Hi", ...body }),
    })
    return { status: response.status, body: (await response.json()) as any }
  }
  const call = (name: keyof typeof chat, payload: Record<string, unknown>, who = "agent1") =>
    send(ctx.url, callOf("chat", name), payload, token[who])
  const text = (to: string[], message = "Hello") => call("messagesSendText", { type: "text", text: { to, message: { text: message } } })
  const count = async (number: string, who = "agent1") => (await call("agentHistoryChat", { number }, who)).body.data.totalItems as number
  const sql = (query: string, params: unknown[] = []) => ctx.server.services.database.query(query, params)

  it("a blocked customer's messages are refused with 403 and not stored; sends to them are refused; unblock restores both", async () => {
    const number = "+905557770101"
    expect((await customer(number)).status).toBe(200)
    expect(shaped("customerBlock", (await call("customerBlock", { number, reason: "spam" })).body)).toEqual({
      data: { ok: true },
    })
    const refused = await customer(number, { text: "let me in" })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe("CUSTOMER_BLOCKED")
    expect(await count(number)).toBe(1)
    const send = await text([number])
    expect(send.status).toBe(403)
    expect(send.body.error.code).toBe("CUSTOMER_BLOCKED")
    const [conv] = (await call("agentUnassignedConversations", { search: number.slice(1) })).body.data.items
    expect(conv.blocked).toBe(true)
    expect((await call("customerUnblock", { number })).status).toBe(200)
    expect((await customer(number, { text: "thanks" })).status).toBe(200)
    expect((await text([number])).status).toBe(200)
    expect(await count(number)).toBe(3)
    // The /backend/toggle pair does the same.
    expect((await call("toggleCustomerBlockByNumber", { number })).status).toBe(200)
    expect((await customer(number)).status).toBe(403)
    expect((await call("toggleCustomerUnblockByNumber", { number })).status).toBe(200)
    expect((await customer(number)).status).toBe(200)
    expect((await call("customerBlock", { number: "+905550000000999" })).status).toBe(404)
  })

  it("WhatsApp's 24-hour window: outside it free-form sends are refused (409 WINDOW_CLOSED, nothing stored), templates go", async () => {
    const number = "+905557770202"
    await customer(number)
    await sql("UPDATE contacts SET last_inbound_at = now() - interval '25 hours' WHERE client_id = 1 AND number = $1", [number])
    const before = await count(number)
    for (const payload of [
      { type: "text", text: { to: [number], message: { text: "late" } } },
      { type: "image", image: { to: [number], message: { link: "https://example.com/a.jpg" } } },
      {
        type: "interactive",
        interactive: {
          to: [number],
          message: {
            header_type: null,
            header_value: null,
            body: "Pick",
            footer: null,
            type: "button",
            actions_list: { buttons: [{ title: "A" }] },
          },
        },
      },
    ]) {
      const reply = await call(payload.type === "text" ? "messagesSendText" : "messagesSendByType", payload)
      expect(reply.status).toBe(409)
      expect(reply.body.error.code).toBe("WINDOW_CLOSED")
      expect(reply.body.error.message).toMatch(/template/)
    }
    expect(await count(number)).toBe(before)
    const [conv] = (await call("agentUnassignedConversations", { search: number.slice(1) })).body.data.items
    expect(Date.parse(conv.session_expires_at)).toBeLessThan(Date.now())
    const template = await call("messagesSendByType", {
      type: "template",
      template: { to: [number], message: { name: "order_update", language: "en", params: ["Ali", "A-17"] } },
    })
    expect(template.status).toBe(200)
    const [last] = (await call("agentHistoryChat", { number, limit: 1 })).body.data.items
    expect(last).toMatchObject({ type: "template", body: "Hello Ali, your order A-17 is on its way." })
    expect(
      (
        await call("messagesSendByType", {
          type: "template",
          template: { to: [number], message: { name: "nope", language: "en" } },
        })
      ).status,
    ).toBe(404)
    // The customer answers: the window opens again.
    await customer(number, { text: "ok" })
    expect((await text([number])).status).toBe(200)
    // Other channels have no such window.
    await customer("fb.557770203", { channel: "facebook" })
    await sql("UPDATE contacts SET last_inbound_at = now() - interval '3 days' WHERE client_id = 1 AND number = 'fb.557770203'")
    expect((await text(["fb.557770203"])).status).toBe(200)
  })

  it("a send to several recipients is all or nothing: one refusal stores and announces nothing", async () => {
    const ok = "+905557770301"
    const blocked = "+905557770302"
    await customer(ok)
    await customer(blocked)
    await call("customerBlock", { number: blocked })
    const before = await count(ok)
    const events = record(agentSocket, "chat:message")
    const reply = await text([ok, blocked])
    expect(reply.status).toBe(403)
    await pause(300)
    expect(events).toEqual([])
    expect(await count(ok)).toBe(before)
  })

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
    const wt = shaped("fetchListWtMessages", (await call("fetchListWtMessages", { limit: 1000 }, "admin2")).body)
    expect(wt.data.items.every((m: any) => m.number !== number)).toBe(true)
    // Shifting to another tenant's agent is refused.
    expect((await call("shiftTicket", { conversation_id: conversationId, agent_id: ids.admin2 })).status).toBe(404)
  })

  it("sends all nine kinds of /messages/send/{type}; the phone receives every message kind, typing is shown, not stored", async () => {
    const number = "+905557770701"
    await customer(number)
    await sql("UPDATE contacts SET email = 'nine@mail.example' WHERE client_id = 1 AND number = $1", [number])
    const media = (link: string) => ({ to: [number], message: { link, caption: "see", filename: "f.bin" } })
    const payloads: Record<string, unknown>[] = [
      { type: "text", text: { to: [number], message: { text: "one" } } },
      { type: "image", image: media("https://example.com/i.jpg") },
      { type: "video", video: media("https://example.com/v.mp4") },
      { type: "audio", audio: { to: [number], message: { link: "https://example.com/a.ogg" } } },
      { type: "document", document: media("https://example.com/d.pdf") },
      {
        type: "interactive",
        interactive: {
          to: [number],
          message: {
            header_type: "text",
            header_value: "Q",
            body: "Pick one",
            footer: null,
            type: "button",
            actions_list: { buttons: [{ reply: { title: "Yes" } }] },
          },
        },
      },
      {
        type: "email",
        email: { to: ["nine@mail.example"], message: { subject: "Your order", text: "Details inside" } },
      },
      { type: "template", template: { to: [number], message: { name: "welcome", language: "en", params: ["Ali"] } } },
      { type: "typing_indicator", typing_indicator: { to: [number], message: { state: "typing" } } },
    ]
    for (const payload of payloads) {
      const reply = await call("messagesSendByType", payload)
      expect(reply.status, `${String(payload.type)} ${JSON.stringify(reply.body)}`).toBe(200)
      expect(shaped("messagesSendByType", reply.body).data.message.messages).toHaveLength(1)
    }
    const phone = (
      (await (
        await fetch(`${ctx.url}/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
      ).json()) as any
    ).data.items
    expect(phone.map((m: any) => m.type)).toEqual(["text", "image", "video", "audio", "document", "interactive", "email", "template"])
    const stored = shaped("agentHistoryChat", (await call("agentHistoryChat", { number, limit: 20 })).body).data.items.reverse()
    expect(stored.map((m: any) => m.type)).toEqual([
      "text",
      "text",
      "image",
      "video",
      "audio",
      "document",
      "interactive",
      "email",
      "template",
    ])
    expect(stored[6].interactive).toMatchObject({ body: "Pick one", type: "button" })
    expect(stored[8].body).toBe("Welcome to our service, Ali!")
    expect(stored[4].attachments[0]).toMatchObject({ url: "https://example.com/a.ogg", mime_type: "audio/ogg" })
  })

  it("forward, release to the queue and take again: who holds it and the status follow", async () => {
    const number = "+905557770801"
    const { body } = await customer(number)
    const id = body.data.conversationId
    const forwarded = await call("forwardAgentById", { id: ids.agent2, conversation_id: id, note: "yours" }, "admin")
    expect(shaped("forwardAgentById", forwarded.body).data).toMatchObject({ agent_id: ids.agent2, status: "active" })
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
    const hook = await fetch(`${ctx.url}/dev/simulator/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ channel: "telegram", number: "+90555" }),
    })
    expect(hook.status).toBe(400)
    expect((await fetch(`${ctx.url}/dev/simulator/messages/nope/read`, { method: "POST" })).status).toBe(404)
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
      shaped(name, reply.body)
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
    expect(Number(rows[0].types)).toBeGreaterThanOrEqual(7)
    const open = (await call("agentConversationsOngoing", { limit: 1000 }, "admin")).body.data.items as any[]
    expect([...open, ...queue.items].some((c) => c.channel_type === "whatsapp" && Date.parse(c.session_expires_at) < Date.now())).toBe(true)
  })
})
