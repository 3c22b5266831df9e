/**
 * WhatsApp Cloud API, Messenger and Instagram against the server's fake Meta (GRAPH_BASE_URL=self), through the
 * production adapters: connecting, the webhook's verification and signature, every message type of Meta's examples,
 * de-duplication, statuses, Graph errors as clear answers, tenant isolation.
 */
import { describe, expect, it } from "vitest"
import { as, callOf, DB_KINDS, login, send, shaped, useServer } from "../../testing/harness"
import {
  MESSAGES,
  SHOWN,
  failedStatus,
  inbound,
  reaction,
  status,
  identityChanged,
  unsupported,
  valueErrors,
} from "../../channels/whatsapp-cloud/fixtures.testing"
import { type ConnectedNumber, channels, connectNumber, dev, eventually, postSigned } from "./channels.testing"

const CUSTOMER = "+16505551234"

describe.each(DB_KINDS)("Meta channels (%s)", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  const tokens: Record<string, Record<string, string>> = {}
  let one: ConnectedNumber
  const history = async (number: string, who = "admin") => {
    const reply = await send(ctx.url, callOf("chat", "agentHistoryChat"), { number, limit: 500 }, tokens[who])
    expect(reply.status).toBe(200)
    return shaped(callOf("chat", "agentHistoryChat"), reply.body).data.items as any[]
  }
  /** What the customer sent (the tenant's automatic answers to a shared location or an order are outbound). */
  const inboundOf = (items: any[]) => items.filter((m) => m.direction === "inbound")
  const db = (sql: string, params: unknown[] = []) => ctx.server.services.database.query(sql, params).then((r) => r.rows)

  it("a tenant connects a WhatsApp number: the token is stored sealed and answered masked, with the webhook URL and verify token", async () => {
    tokens.admin = as((await login(ctx.url, "admin")).user_token)
    tokens.admin2 = as((await login(ctx.url, "admin2")).user_token)
    one = await connectNumber(ctx.server, tokens.admin, 1, "106540352242922", "one")
    expect(one.account).toMatchObject({
      channel_type: "whatsapp",
      status: "connected",
      display_name: "Shop one",
      external_id: "106540352242922",
    })
    expect(one.account.secret_hint).toBe(`••••${one.accessToken.slice(-2)}`)
    expect(one.webhookUrl).toMatch(/\/hooks\/meta\/[A-Za-z0-9_-]+$/)
    expect(JSON.stringify(one.account)).not.toContain(one.accessToken)
    expect(JSON.stringify(one.account)).not.toContain(one.appSecret)
    const [row] = await db("SELECT secrets FROM channel_accounts WHERE external_id = $1", [one.phoneNumberId])
    expect(String(row.secrets)).toMatch(/^v1:/)
    expect(String(row.secrets)).not.toContain(one.accessToken)
    const checked = await send(ctx.url, channels("onboardingWhatsappStatus"), {}, tokens.admin)
    expect(checked.body.data).toMatchObject({ status: "connected", webhook_url: one.webhookUrl })
  })

  it("the status reports Meta's refusal of a revoked token, and a reconnect keeps the webhook URL", async () => {
    await dev(ctx.server, "/dev/meta/numbers", { clientId: 1, phone_number_id: one.phoneNumberId, access_token: "EAAGrotatedToken0001" })
    const failing = await send(ctx.url, channels("onboardingWhatsappStatus"), {}, tokens.admin)
    expect(failing.body.data).toMatchObject({
      status: "failed",
      error: expect.stringContaining("Meta refused the access token (Meta 190)"),
    })
    const again = await send(
      ctx.url,
      channels("onboardingWhatsapp"),
      {
        waba_id: "102290129340398",
        phone_number_id: one.phoneNumberId,
        display_number: "+15550783881",
        access_token: "EAAGrotatedToken0001",
        app_secret: one.appSecret,
      },
      tokens.admin,
    )
    expect(again.body.data).toMatchObject({
      status: "connected",
      webhook_url: one.webhookUrl,
      verify_token: one.verifyToken,
      secret_hint: "••••01",
    })
    one = { ...one, accessToken: "EAAGrotatedToken0001" }
  })

  it("Meta's verification: the right verify token gets the challenge back, a wrong one 403", async () => {
    const url = new URL(one.webhookUrl)
    url.search = new URLSearchParams({
      "hub.mode": "subscribe",
      "hub.verify_token": one.verifyToken,
      "hub.challenge": "1158201444",
    }).toString()
    const ok = await fetch(url)
    expect([ok.status, await ok.text()]).toEqual([200, "1158201444"])
    url.searchParams.set("hub.verify_token", "guess")
    expect((await fetch(url)).status).toBe(403)
  })

  it("a bad signature is refused with 401 and nothing reaches the inbox", async () => {
    const payload = inbound({ ...MESSAGES.text(), text: { body: "forged" } }, one.phoneNumberId, "16505550000")
    expect((await postSigned(one.webhookUrl, "not-the-app-secret", payload)).status).toBe(401)
    expect((await postSigned(one.webhookUrl, one.appSecret, payload, "sha256=00")).status).toBe(401)
    // Signed over a re-serialised body instead of the bytes sent:
    const raw = JSON.stringify(payload).replace("forged", "forg\\u00e9d")
    expect(
      (
        await postSigned(
          one.webhookUrl,
          one.appSecret,
          raw,
          (await import("../../channels/meta/signature")).signatureOf(one.appSecret, JSON.stringify(payload)),
        )
      ).status,
    ).toBe(401)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await history("+16505550000")).toEqual([])
  })

  it("every message type of Meta's examples reaches the inbox once, retried webhooks included; noise never becomes a message", async () => {
    const sent = Object.entries(MESSAGES).map(([name, make]) => ({ name, message: make() }))
    for (const { message } of sent) {
      const payload = inbound(message, one.phoneNumberId)
      expect((await postSigned(one.webhookUrl, one.appSecret, payload)).status).toBe(200)
      // Meta delivers at least once: the same webhook again.
      expect((await postSigned(one.webhookUrl, one.appSecret, payload)).status).toBe(200)
    }
    // A kind the Cloud API does not deliver is no noise: the agent sees that the customer wrote.
    const notDelivered = unsupported()
    expect((await postSigned(one.webhookUrl, one.appSecret, inbound(notDelivered, one.phoneNumberId))).status).toBe(200)
    for (const noise of [inbound(identityChanged(), one.phoneNumberId), valueErrors(), status("wamid.unknown", "deleted")])
      expect((await postSigned(one.webhookUrl, one.appSecret, noise)).status).toBe(200)
    const items = await eventually(async () => {
      const all = inboundOf(await history(CUSTOMER))
      return all.length >= sent.length + 1 ? all : null
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const final = inboundOf(await history(CUSTOMER))
    expect(final).toHaveLength(sent.length + 1)
    expect(final.find((m) => m.external_id === notDelivered.id)?.type).toBe("unsupported")
    for (const { name, message } of sent) {
      const stored = items.find((m) => m.external_id === message.id)
      expect(stored, name).toMatchObject({ direction: "inbound", channel_type: "whatsapp", type: SHOWN[name].type, body: SHOWN[name].body })
    }
  })

  it("escaped bytes as Meta sends them (\\u00e9, \\/) pass the signature and arrive as written", async () => {
    const message = MESSAGES.text()
    const raw = JSON.stringify(inbound({ ...message, text: { body: "PLACEHOLDER" } }, one.phoneNumberId, "16505551235")).replace(
      "PLACEHOLDER",
      "caf\\u00e9 \\/ cr\\u00e8me",
    )
    expect((await postSigned(one.webhookUrl, one.appSecret, raw)).status).toBe(200)
    const [stored] = await eventually(() => history("+16505551235").then((items) => (items.length ? items : null)))
    expect(stored.body).toBe("café / crème")
  })

  it("a reaction marks the message it points at and is no new message; its removal clears it", async () => {
    const target = (await history(CUSTOMER)).find((m) => m.type === "text")
    await postSigned(one.webhookUrl, one.appSecret, inbound(reaction(target.external_id, "👍"), one.phoneNumberId))
    await eventually(async () => {
      const [row] = await db("SELECT payload FROM messages WHERE external_id = $1", [target.external_id])
      const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload
      return payload.reaction?.emoji === "👍"
    })
    await postSigned(one.webhookUrl, one.appSecret, inbound(reaction(target.external_id), one.phoneNumberId))
    await eventually(async () => {
      const [row] = await db("SELECT payload FROM messages WHERE external_id = $1", [target.external_id])
      const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload
      return payload.reaction === undefined
    })
    expect(inboundOf(await history(CUSTOMER))).toHaveLength(Object.keys(MESSAGES).length + 1)
  })

  it("an agent's reply goes out through the Graph API; Meta's statuses move it forward only, out of order or not", async () => {
    const reply = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [CUSTOMER], message: { text: "Yes, in blue" } } },
      tokens.admin,
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const wamid = reply.body.data.message.messages[0].id as string
    expect(wamid).toMatch(/^wamid\./)
    const sent = await dev(ctx.server, `/dev/meta/sent?id=${one.phoneNumberId}`)
    expect(sent.body.data.items.at(-1)).toMatchObject({
      id: wamid,
      to: "16505551234",
      message: { type: "text", text: { body: "Yes, in blue" } },
    })
    // The fake Meta plays sent + delivered as a signed webhook.
    await eventually(async () => (await history(CUSTOMER)).find((m) => m.external_id === wamid && m.status === "delivered"))
    expect((await dev(ctx.server, "/dev/meta/read", { id: wamid })).status).toBe(200)
    await eventually(async () => (await history(CUSTOMER)).find((m) => m.external_id === wamid && m.status === "read"))
    // A late "delivered" and an unknown status never move it back.
    await postSigned(one.webhookUrl, one.appSecret, status(wamid, "delivered", {}, one.phoneNumberId))
    await postSigned(one.webhookUrl, one.appSecret, status(wamid, "warning", {}, one.phoneNumberId))
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect((await history(CUSTOMER)).find((m) => m.external_id === wamid).status).toBe("read")
  })

  it("Meta's refusals are clear answers: rate limit, closed 24-hour window, invalid number; a failed status keeps the reason", async () => {
    const sendText = () =>
      send(
        ctx.url,
        callOf("chat", "messagesSendText"),
        { type: "text", text: { to: [CUSTOMER], message: { text: "Still there?" } } },
        tokens.admin,
      )
    for (const [code, httpStatus, errorCode, words] of [
      [131056, 429, "RATE_LIMITED", "Too many messages to +16505551234"],
      [131047, 409, "WINDOW_CLOSED", "24-hour window with +16505551234 is closed (Meta 131047)"],
      [131026, 422, "INVALID_NUMBER", "+16505551234 cannot receive WhatsApp messages (Meta 131026)"],
    ] as const) {
      await dev(ctx.server, "/dev/meta/fail-next", { id: one.phoneNumberId, code })
      const refused = await sendText()
      expect(refused.status).toBe(httpStatus)
      expect(refused.body.error).toMatchObject({ code: errorCode, message: expect.stringContaining(words) })
    }
    const accepted = await sendText()
    const wamid = accepted.body.data.message.messages[0].id as string
    // The fixtures' phone number id is the one connected here.
    await postSigned(one.webhookUrl, one.appSecret, failedStatus(wamid, 131047, "Re-engagement message"))
    const failed = await eventually(async () => (await history(CUSTOMER)).find((m) => m.external_id === wamid && m.status === "failed"))
    // The chat reads the reason with the message, to show it under the failed bubble.
    expect(failed.error).toContain("24-hour window with +16505551234 is closed (Meta 131047)")
    const [row] = await db("SELECT payload FROM messages WHERE external_id = $1", [wamid])
    const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload
    expect(payload.error).toContain("24-hour window with +16505551234 is closed (Meta 131047)")
  })

  it("the simulator page's customer writes as Meta for a connected tenant: a signed webhook through the production adapter", async () => {
    const wrote = await dev(ctx.server, "/dev/simulator/messages", {
      clientId: 1,
      channel: "whatsapp",
      number: "+16505551299",
      text: "Via Meta",
    })
    expect(wrote.status, JSON.stringify(wrote.body)).toBe(200)
    const [stored] = await history("+16505551299")
    expect(stored).toMatchObject({ id: wrote.body.data.messageId, body: "Via Meta", external_id: expect.stringMatching(/^wamid\./) })
  })

  it("tenants are isolated: another tenant cannot take the number, nor reach it through its own webhook URL", async () => {
    const taken = await send(
      ctx.url,
      channels("onboardingWhatsapp"),
      {
        waba_id: "1",
        phone_number_id: one.phoneNumberId,
        display_number: "+15550000000",
        access_token: "EAAGsomeoneElse01",
        app_secret: "abcdef0123456789abcdef0123456789",
      },
      tokens.admin2,
    )
    expect(taken.status).toBe(409)
    const two = await connectNumber(ctx.server, tokens.admin2, 2, "200000000000002", "two")
    // Tenant two's URL and secret, tenant one's phone number id: nothing reaches tenant one.
    await postSigned(
      two.webhookUrl,
      two.appSecret,
      inbound({ ...MESSAGES.text(), text: { body: "cross-tenant" } }, one.phoneNumberId, "16505559999"),
    )
    await postSigned(
      two.webhookUrl,
      two.appSecret,
      inbound({ ...MESSAGES.text(), text: { body: "own" } }, two.phoneNumberId, "16505559999"),
    )
    await eventually(() => history("+16505559999", "admin2").then((items) => items.length > 0))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await history("+16505559999", "admin2")).map((m) => m.body)).toEqual(["own"])
    expect(await history("+16505559999")).toEqual([])
    const mine = await send(ctx.url, channels("onboardingWhatsappStatus"), {}, tokens.admin2)
    expect(mine.body.data.external_id).toBe("200000000000002")
  })

  it("Messenger and Instagram: a login lists its pages, chosen ones are subscribed, customers write in and agents answer through the Send API", async () => {
    const appSecret = "fbfbfbfbfbfbfbfbfbfbfbfbfbfbfbfb"
    const userToken = "EAAGuserLoginToken01"
    const connected = await send(ctx.url, channels("onboardingFb"), { access_token: userToken, app_secret: appSecret }, tokens.admin)
    // Meta does not know the token yet: refused with its reason.
    expect([connected.status, connected.body.error?.code]).toEqual([424, "CHANNEL_AUTH_FAILED"])
    const metaLogin = (channel: string, who = "admin") => send(ctx.url, callOf("metaLogins", "metaLogin"), { channel }, tokens[who])
    expect(shaped(callOf("metaLogins", "metaLogin"), (await metaLogin("facebook")).body).data).toMatchObject({
      status: "not_connected",
      webhook_url: null,
    })
    const created = await dev(ctx.server, "/dev/meta/logins", {
      clientId: 1,
      user_id: "3000001",
      name: "Ada Owner",
      access_token: userToken,
      app_secret: appSecret,
      pages: [
        {
          id: "4000001",
          name: "Lucky Shrub",
          access_token: "EAAGpageToken4000001",
          instagram: { id: "17841400000000001", username: "luckyshrub" },
        },
        { id: "4000002", name: "Other page", access_token: "EAAGpageToken4000002" },
      ],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const fb = await send(ctx.url, channels("onboardingFb"), { access_token: userToken, app_secret: appSecret }, tokens.admin)
    expect(fb.body.data).toMatchObject({ channel_type: "facebook", status: "connected", display_name: "Ada Owner" })
    // Read back later (the console after a reload): the same webhook URL and verify token; another tenant sees none of it.
    expect((await metaLogin("facebook")).body.data).toMatchObject({
      status: "connected",
      display_name: "Ada Owner",
      webhook_url: fb.body.data.webhook_url,
      verify_token: fb.body.data.verify_token,
    })
    expect((await metaLogin("facebook", "admin2")).body.data.status).toBe("not_connected")
    expect((await metaLogin("instagram")).body.data.status).toBe("not_connected")
    expect((await send(ctx.url, callOf("metaLogins", "metaLogin"), { channel: "sms" }, tokens.admin)).status).toBe(400)
    const hooked = await dev(ctx.server, "/dev/meta/logins", {
      clientId: 1,
      user_id: "3000001",
      name: "Ada Owner",
      access_token: userToken,
      app_secret: appSecret,
      callback_url: fb.body.data.webhook_url,
      verify_token: fb.body.data.verify_token,
      pages: [
        {
          id: "4000001",
          name: "Lucky Shrub",
          access_token: "EAAGpageToken4000001",
          instagram: { id: "17841400000000001", username: "luckyshrub" },
        },
        { id: "4000002", name: "Other page", access_token: "EAAGpageToken4000002" },
      ],
    })
    expect(hooked.status, JSON.stringify(hooked.body)).toBe(200)
    const pages = await send(ctx.url, channels("fbPages"), {}, tokens.admin)
    expect(shaped(channels("fbPages"), pages.body).data).toMatchObject([
      { id: "4000001", name: "Lucky Shrub", subscribed: false },
      { id: "4000002", subscribed: false },
    ])
    const chosen = await send(
      ctx.url,
      channels("onboardingFbPages"),
      { pages: [{ id: "4000001", name: "Lucky Shrub", access_token: "EAAGpageToken4000001" }] },
      tokens.admin,
    )
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
    expect(shaped(channels("onboardingFbPages"), chosen.body).data).toMatchObject([{ id: "4000001", subscribed: true }])
    expect(shaped(channels("fbPages"), (await send(ctx.url, channels("fbPages"), {}, tokens.admin)).body).data[0].subscribed).toBe(true)

    const wrote = await dev(ctx.server, "/dev/meta/page-writes", {
      page_id: "4000001",
      from: "7000000000000001",
      text: "Is the shop open?",
    })
    expect(wrote.body.data.status).toBe(200)
    const [inboundMessage] = await eventually(() => history("7000000000000001").then((items) => (items.length ? items : null)))
    expect(inboundMessage).toMatchObject({ channel_type: "facebook", body: "Is the shop open?", external_id: wrote.body.data.id })
    const answered = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: ["7000000000000001"], message: { text: "Until 6 pm" } } },
      tokens.admin,
    )
    expect(answered.status, JSON.stringify(answered.body)).toBe(200)
    const mid = answered.body.data.message.messages[0].id
    expect((await dev(ctx.server, "/dev/meta/sent?id=4000001")).body.data.items.at(-1)).toMatchObject({
      id: mid,
      message: { recipient: { id: "7000000000000001" }, message: { text: "Until 6 pm" } },
    })
    await eventually(async () => (await history("7000000000000001")).find((m) => m.external_id === mid && m.status === "delivered"))
    // The simulator page's Messenger customer goes in the same way: a signed page webhook through the production adapter.
    const simulated = await dev(ctx.server, "/dev/simulator/messages", {
      clientId: 1,
      channel: "facebook",
      number: "7000000000000002",
      text: "Do you ship abroad?",
    })
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200)
    expect(await history("7000000000000002")).toMatchObject([
      { channel_type: "facebook", body: "Do you ship abroad?", external_id: expect.stringMatching(/^m_/) },
    ])

    const gone = await send(ctx.url, channels("unsubscribeFb"), { page_id: "4000001" }, tokens.admin)
    expect(gone.status).toBe(200)
    expect(shaped(channels("fbPages"), (await send(ctx.url, channels("fbPages"), {}, tokens.admin)).body).data[0].subscribed).toBe(false)
    await dev(ctx.server, "/dev/meta/page-writes", { page_id: "4000001", from: "7000000000000001", text: "Hello?" })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await history("7000000000000001")).toHaveLength(2)

    // The console subscribes without page tokens: the login's token for the page is used; a page it does not manage is 400.
    const again = await send(ctx.url, channels("onboardingFbPages"), { pages: [{ id: "4000002", name: "Other page" }] }, tokens.admin)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(shaped(channels("fbPages"), (await send(ctx.url, channels("fbPages"), {}, tokens.admin)).body).data[1].subscribed).toBe(true)
    const stranger = await send(ctx.url, channels("onboardingFbPages"), { pages: [{ id: "4999999", name: "Not mine" }] }, tokens.admin)
    expect([stranger.status, stranger.body.error?.field]).toEqual([400, "pages"])
  })
})
