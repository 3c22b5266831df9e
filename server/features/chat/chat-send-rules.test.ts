/**
 * The chat's send rules over a real server and database: blocked customers (both call pairs), WhatsApp's 24-hour
 * window (templates only outside it, nothing stored when refused), all-or-nothing sends, and every kind of
 * /messages/send/{type} reaching the customer's phone.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { Socket } from "socket.io-client"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, shaped, useServer } from "../../testing/harness"
import { connect, pause, record } from "../../testing/calls-peer"
import { catalogue } from "../../../src/contract/catalogue"
import { balanceOf } from "../billing/ledger"

const chat = catalogue.chat.calls

describe.each(DB_KINDS)("chat send rules on %s", (kind) => {
  const ctx = useServer(kind)
  let token: Record<string, string> = {}
  let agentSocket: Socket

  beforeAll(async () => {
    const session = await login(ctx.url, "agent1")
    token = as(session.user_token)
    agentSocket = await connect(ctx.url, session.user_token)
  })
  afterAll(() => void agentSocket?.close())

  const customer = (number: string, body: Record<string, unknown> = {}) => customerWrites(ctx.server, number, body)
  const call = (name: keyof typeof chat, payload: Record<string, unknown>) => send(ctx.url, callOf("chat", name), payload, token)
  const text = (to: string[], message = "Hello") => call("messagesSendText", { type: "text", text: { to, message: { text: message } } })
  const count = async (number: string) => (await call("agentHistoryChat", { number })).body.data.totalItems as number
  const sql = (query: string, params: unknown[] = []) => ctx.server.services.database.query(query, params)

  it("a blocked customer's messages are refused with 403 and not stored; sends to them are refused; unblock restores both", async () => {
    const number = "+905557770101"
    expect((await customer(number)).status).toBe(200)
    expect(shaped(chat.customerBlock, (await call("customerBlock", { number, reason: "spam" })).body)).toEqual({
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

  it("a template from the composer follows the templates' rules: approved only, every parameter, no opt-outs, and it is charged", async () => {
    const number = "+905557770301"
    await customer(number, { text: "hi" })
    const db = ctx.server.services.database.db
    const template = (params: string[], to = [number]) =>
      call("messagesSendByType", { type: "template", template: { to, message: { name: "order_update", language: "en", params } } })
    const before = await balanceOf(db, 1)
    expect((await template(["Ali", "A-18"])).status).toBe(200)
    expect(await balanceOf(db, 1)).toBeLessThan(before)
    const short = await template(["Ali"])
    expect(short.status).toBe(400)
    expect(short.body.error.message).toMatch(/parameter/)
    await sql("UPDATE templates SET status = 'PAUSED' WHERE client_id = 1 AND name = 'order_update'")
    try {
      const paused = await template(["Ali", "A-19"])
      expect(paused.status).toBe(409)
      expect(paused.body.error.message).toContain("PAUSED")
    } finally {
      await sql("UPDATE templates SET status = 'APPROVED' WHERE client_id = 1 AND name = 'order_update'")
    }
    // The customer opts out (and is told so: tenant-settings): no template reaches them, and a send with them among others sends nothing.
    const beforeStop = await count(number)
    await customer(number, { text: "STOP" })
    await vi.waitFor(async () => expect(await count(number)).toBe(beforeStop + 2), { timeout: 15_000, interval: 200 })
    const sent = await count(number)
    const optedOut = await template(["Ali", "A-20"], ["+905557770302", number])
    expect(optedOut.status).toBe(409)
    expect(optedOut.body.error.code).toBe("OPTED_OUT")
    expect(await count(number)).toBe(sent)
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
      expect(shaped(chat.messagesSendByType, reply.body).data.message.messages).toHaveLength(1)
    }
    const phone = (
      (await (
        await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
      ).json()) as any
    ).data.items
    expect(phone.map((m: any) => m.type)).toEqual(["text", "image", "video", "audio", "document", "interactive", "email", "template"])
    const stored = shaped(chat.agentHistoryChat, (await call("agentHistoryChat", { number, limit: 20 })).body).data.items.reverse()
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
})
