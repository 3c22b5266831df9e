/**
 * The web chat end to end on both databases: the tenant configures its widget; a visitor on an allowed site starts a
 * conversation, writes into the agents' inbox (channel webchat), sees the agent's typing, reply and read state on its
 * socket, and resumes after a reload with its signed token. Forged, expired and foreign tokens, sites not allowed and
 * other tenants are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { connect, next, pause, record } from "../../testing/calls-peer"
import { signVisitorToken, VISITOR_TOKEN_TTL_S } from "./visitor-token"
import { enableWidget, visitorCall, visitorSocket } from "./webchat.testing"

const SITE = "https://shop.example.com"
const OTHER_SITE = "https://evil.example.net"
const SITE2 = "https://tenant-two.example.org"
// A 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

describe.each(DB_KINDS)("web chat on %s", (kind) => {
  const ctx = useServer(kind)
  const sockets: Socket[] = []
  let key = ""
  let key2 = ""
  let agent: Socket
  let agentHeaders: Record<string, string>
  let admin2: Socket
  let token = ""
  let visitorId = ""

  beforeAll(async () => {
    const agent1 = await login(ctx.url, "agent1")
    agentHeaders = as(agent1.user_token)
    agent = await connect(ctx.url, agent1.user_token)
    admin2 = await connect(ctx.url, (await login(ctx.url, "admin2")).user_token)
    sockets.push(agent, admin2)
  })
  afterAll(() => {
    for (const socket of sockets) socket.close()
  })

  it("the configuration refuses an origin that is not exactly https://host[:port], and keeps its key", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const first = await send(ctx.url, callOf("webchat", "webchatSettings"), {}, admin)
    expect(first.status).toBe(200)
    expect(first.body.data.enabled).toBe(false)
    expect(first.body.data.script_url).toMatch(/\/webchat\/widget\.js$/)
    const settings = { ...first.body.data, widget_key: undefined, script_url: undefined }
    for (const bad of [
      "http://shop.example.com",
      "https://shop.example.com/",
      "https://shop.example.com/path",
      "shop.example.com",
      "https://a b",
    ]) {
      const refused = await send(ctx.url, callOf("webchat", "webchatUpdate"), { ...settings, allowed_origins: [bad] }, admin)
      expect(refused.status, bad).toBe(400)
      expect(refused.body.error.field).toMatch(/allowed_origins/)
    }
    // The session of a widget that is still off: refused, nothing started.
    const off = await visitorCall(ctx.url, "session", SITE, { key: first.body.data.widget_key })
    expect(off.status).toBe(403)
    expect(off.body.error.code).toBe("WIDGET_OFF")
    key = (await enableWidget(ctx.url, "admin", [SITE, "http://127.0.0.1:4444"])).key
    expect(key).toBe(first.body.data.widget_key)
    key2 = (await enableWidget(ctx.url, "admin2", [SITE2])).key
  })

  it("a page on a site not allowed gets a clear refusal on the calls and the socket, and no conversation", async () => {
    for (const origin of [OTHER_SITE, "https://shop.example.com:8443", null]) {
      const refused = await visitorCall(ctx.url, "session", origin, { key, visitor: { name: "Mallory" } })
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe("ORIGIN_NOT_ALLOWED")
    }
    const unknown = await visitorCall(ctx.url, "session", SITE, { key: `${key.slice(0, -2)}xx` })
    expect(unknown.status).toBe(404)
    const started = await visitorCall(ctx.url, "session", SITE, { key, visitor: { name: "Ada" } })
    const refused = await visitorSocket(ctx.url, OTHER_SITE, { key, token: started.body.token }).catch(
      (error: Error & { data?: any }) => error,
    )
    expect(refused).toBeInstanceOf(Error)
    expect((refused as Error & { data?: any }).data.error.code).toBe("ORIGIN_NOT_ALLOWED")
  })

  it("the pre-chat form's required field is enforced, then the visitor gets a token and the widget's look", async () => {
    const missing = await visitorCall(ctx.url, "session", SITE, { key, visitor: { email: "ada@example.com" } })
    expect(missing.status).toBe(400)
    expect(missing.body.error.field).toBe("name")
    const badEmail = await visitorCall(ctx.url, "session", SITE, { key, visitor: { name: "Ada", email: "ada" } })
    expect(badEmail.body.error.field).toBe("email")
    const look = await visitorCall(ctx.url, "session", SITE, { key })
    expect(look.status).toBe(200)
    expect(look.body.token).toBeNull()
    expect(look.body.widget.prechat.name).toBe("required")
    expect(look.headers.get("access-control-allow-origin")).toBe(SITE)
    const started = await visitorCall(ctx.url, "session", SITE, { key, visitor: { name: "Ada Lovelace", email: "ada@example.com" } })
    expect(started.status).toBe(200)
    token = started.body.token
    visitorId = token.split(".")[2]
    expect(visitorId).toMatch(/^wv_/)
    expect(started.body.messages).toEqual([])
  })

  it("forged, expired and other tenants' tokens are refused on the calls and the socket", async () => {
    const secret = ctx.server.services.config.jwtSecret
    const forged = `${token.slice(0, -3)}${token.endsWith("A") ? "BBB" : "AAA"}`
    const expired = signVisitorToken(secret, 1, visitorId, Date.now() - (VISITOR_TOKEN_TTL_S + 60) * 1000)
    const otherSecret = signVisitorToken("not-the-server-secret", 1, visitorId)
    for (const bad of [forged, expired, otherSecret, "v1.1.wv_x.1.y"]) {
      const refused = await visitorCall(ctx.url, "session", SITE, { key, token: bad })
      expect(refused.status).toBe(401)
      expect(refused.body.error.code).toBe("VISITOR_TOKEN_INVALID")
    }
    // Tenant one's visitor on tenant two's widget (from tenant two's own site).
    const foreign = await visitorCall(ctx.url, "session", SITE2, { key: key2, token })
    expect(foreign.status).toBe(401)
    const handshake = await visitorSocket(ctx.url, SITE, { key, token: forged }).catch((error: Error & { data?: any }) => error)
    expect((handshake as Error & { data?: any }).data.error.code).toBe("VISITOR_TOKEN_INVALID")
  })

  it("a visitor's message reaches the tenant's inbox as webchat; the agent's typing, reply and read reach the visitor", async () => {
    const visitor = await visitorSocket(ctx.url, SITE, { key, token })
    sockets.push(visitor)
    const foreign = record(admin2, "chat:message")
    const inbox = next<any>(agent, "chat:message", (p) => p.message.number === visitorId)
    const ack = await visitor.timeout(5000).emitWithAck("message", { text: "Is my order on its way?" })
    expect(ack.message.text).toBe("Is my order on its way?")
    const arrived = await inbox
    expect(arrived.message.channel_type).toBe("webchat")
    expect(arrived.message.body).toBe("Is my order on its way?")
    expect(arrived.conversation.name).toBe("Ada Lovelace")
    // The agent opens it (delivery states go to the consoles that show it: chat/chat-audience.ts).
    await agent.timeout(5000).emitWithAck("chat:watch", { all: false, conversation_ids: [arrived.conversation.id] })

    const typing = next<any>(visitor, "typing")
    await send(
      ctx.url,
      callOf("chat", "messagesSendByType"),
      { type: "typing_indicator", typing_indicator: { to: [visitorId], message: { state: "typing" } } },
      agentHeaders,
    )
    expect((await typing).state).toBe("typing")

    const reply = next<any>(visitor, "message", (m) => m.from === "agent")
    const delivered = next<any>(agent, "chat:message-status", (p) => p.status === "delivered")
    const sent = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [visitorId], message: { text: "Yes, it ships today" } } },
      agentHeaders,
    )
    expect(sent.status).toBe(200)
    const got = await reply
    expect(got.text).toBe("Yes, it ships today")
    expect((await delivered).message_id).toBeGreaterThan(0)

    const read = next<any>(visitor, "read")
    expect((await send(ctx.url, callOf("chat", "messagesReset"), { number: visitorId }, agentHeaders)).status).toBe(200)
    await read

    const readByVisitor = next<any>(agent, "chat:message-status", (p) => p.status === "read")
    visitor.emit("read", {})
    await readByVisitor
    await pause(200)
    expect(foreign).toEqual([])
  })

  it("after a reload the visitor keeps the conversation and sees it read", async () => {
    const again = await visitorCall(ctx.url, "session", SITE, { key, token })
    expect(again.status).toBe(200)
    expect(again.body.messages.map((m: any) => [m.from, m.text])).toEqual([
      ["visitor", "Is my order on its way?"],
      ["agent", "Yes, it ships today"],
    ])
    expect(again.body.agent_read).toBe(true)
    expect(again.body.token.split(".")[2]).toBe(visitorId)
  })

  it("a visitor sends a picture through the chat's uploads; a type the chat refuses is a 415 and nothing is sent", async () => {
    const inbox = next<any>(agent, "chat:message", (p) => p.message.number === visitorId && p.message.type === "image")
    const ok = await visitorCall(ctx.url, "upload", SITE, {
      key,
      token,
      file_name: "receipt.png",
      mime_type: "image/png",
      data_base64: PNG,
    })
    expect(ok.status).toBe(200)
    expect(ok.body.files[0].name).toBe("receipt.png")
    const arrived = await inbox
    expect(arrived.message.attachments[0].name).toBe("receipt.png")
    const html = Buffer.from("<script>alert(1)</script>").toString("base64")
    const refused = await visitorCall(ctx.url, "upload", SITE, {
      key,
      token,
      file_name: "x.html",
      mime_type: "text/html",
      data_base64: html,
    })
    expect(refused.status).toBe(415)
    const lying = await visitorCall(ctx.url, "upload", SITE, { key, token, file_name: "x.png", mime_type: "image/png", data_base64: html })
    expect(lying.status).toBe(400)
    const history = await visitorCall(ctx.url, "session", SITE, { key, token })
    expect(history.body.messages).toHaveLength(3)
  })
})
