/**
 * The webhook kinds a real Meta account sends beyond customers' texts and files, in the shapes of Meta's documentation,
 * signed with the app secret and posted to the real webhook route: echoes (the WhatsApp Business app's
 * `smb_message_echoes`, Messenger's and Instagram's `is_echo`) are outgoing messages of the conversation, never twice;
 * Instagram's shares, reels, story mentions, story replies, unsupported messages and `standby` entries are none
 * dropped; a customer's number change moves their conversation; referrals, Flow replies, reactions, read marks up to a
 * message and Meta's own timestamps are kept. The simulator sends the same kinds.
 */
import { describe, expect, it } from "vitest"
import { baseMime } from "../../channels/whatsapp-cloud/media-api"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { recipientOf } from "../../dev/meta/recipients"
import { unsupportedMessage } from "../../dev/meta/webhook-payloads"
import { channels, connectNumber, connectPage, dev, eventually, postSigned } from "./channels.testing"

const NUMBER_ID = "320000000000001"
const PAGE = "4700001"
const INSTAGRAM = "17841470000000001"
const T = 1764374400

/** One change of `field` for our number, as Meta's documentation shows it. */
const whatsapp = (field: string, value: Record<string, unknown>) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "102290129340398",
      changes: [
        {
          field,
          value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550783881", phone_number_id: NUMBER_ID }, ...value },
        },
      ],
    },
  ],
})

const page = (object: "page" | "instagram", id: string, events: Record<string, unknown>[], key: "messaging" | "standby" = "messaging") => ({
  object,
  entry: [{ id, time: Date.now(), [key]: events }],
})

describe.each(DB_KINDS)("Meta's other webhook kinds (%s)", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  const history = async (admin: Record<string, string>, number: string) =>
    (await send(ctx.url, callOf("chat", "agentHistoryChat"), { number, limit: 50 }, admin)).body.data.items as any[]
  const payloadOf = async (externalId: string) =>
    (await ctx.server.services.database.query("SELECT payload FROM messages WHERE client_id = 1 AND external_id = $1", [externalId]))
      .rows[0]?.payload as Record<string, any> | undefined
  const count = async (externalId: string) =>
    Number(
      (
        await ctx.server.services.database.query("SELECT count(*)::int AS n FROM messages WHERE client_id = 1 AND external_id = $1", [
          externalId,
        ])
      ).rows[0].n,
    )

  it("WhatsApp: a Business app echo is outgoing and stored once; referral, Flow reply, timestamp and number change kept", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const number = await connectNumber(ctx.server, admin, 1, NUMBER_ID, "kinds")
    const post = async (body: unknown) => expect((await postSigned(number.webhookUrl, number.appSecret, body)).status).toBe(200)
    const contacts = [{ profile: { name: "Sheena Nelson" }, wa_id: "16505551234" }]

    await post(
      whatsapp("messages", {
        contacts,
        messages: [
          {
            from: "16505551234",
            id: "wamid.kinds.ad",
            timestamp: String(T),
            type: "text",
            text: { body: "Is this still on sale?" },
            referral: {
              source_url: "https://fb.me/3cr4Wqqkv",
              source_id: "6593472820578",
              source_type: "ad",
              headline: "Winter sale",
              body: "Everything at half price",
              media_type: "image",
              image_url: "https://scontent.xx.fbcdn.net/sale.jpg",
              ctwa_clid: "ARAkLkA8rmlFeiCktEJQ-QTwRiyYHAFDLMNDBH0CD3qpjd0HR4irJ6LEkR7JwFF4XvnO2E4Nx0-eM-ZABe",
            },
          },
          {
            from: "16505551234",
            id: "wamid.kinds.flow",
            timestamp: String(T + 1),
            type: "interactive",
            interactive: {
              type: "nfm_reply",
              nfm_reply: {
                name: "flow",
                body: "Sent",
                response_json: '{"flow_token":"AQAAAAACS5FpgQ_cAAAAAD0QI3s","size":"M","colour":"Blue"}',
              },
            },
          },
        ],
      }),
    )
    await eventually(async () => (await history(admin, "+16505551234")).length === 2)
    const ad = await payloadOf("wamid.kinds.ad")
    expect(ad?.referral).toMatchObject({ source_type: "ad", headline: "Winter sale", ctwa_clid: expect.stringMatching(/^ARAkLk/) })
    expect(ad?.meta_at).toBe(new Date(T * 1000).toISOString())
    expect((await payloadOf("wamid.kinds.flow"))?.reply.fields).toEqual({
      flow_token: "AQAAAAACS5FpgQ_cAAAAAD0QI3s",
      size: "M",
      colour: "Blue",
    })

    // The business answered from the WhatsApp Business app on its coexistence number.
    const echo = whatsapp("smb_message_echoes", {
      message_echoes: [
        {
          from: "15550783881",
          to: "16505551234",
          id: "wamid.kinds.echo",
          timestamp: String(T + 5),
          type: "text",
          text: { body: "Yes, until Sunday" },
        },
      ],
    })
    await post(echo)
    await post(echo)
    const thread = await eventually(async () => {
      const items = await history(admin, "+16505551234")
      return items.length === 3 && items
    })
    expect(thread.find((m) => m.external_id === "wamid.kinds.echo")).toMatchObject({
      direction: "outbound",
      body: "Yes, until Sunday",
      echo: true,
    })
    // What the agent reads of the ad and the Flow.
    expect(thread.find((m) => m.external_id === "wamid.kinds.ad")).toMatchObject({
      referral: { source_type: "ad", headline: "Winter sale" },
      sent_at: new Date(T * 1000).toISOString(),
    })
    expect(thread.find((m) => m.external_id === "wamid.kinds.flow")?.flow_fields).toEqual({ size: "M", colour: "Blue" })
    expect(new Set(thread.map((m) => m.conversation_id)).size).toBe(1)
    expect(await count("wamid.kinds.echo")).toBe(1)

    // The customer's new number takes their conversation; the old number has none.
    await post(
      whatsapp("messages", {
        messages: [
          {
            from: "16505551234",
            id: "wamid.kinds.system",
            timestamp: String(T + 9),
            type: "system",
            system: { body: "Sheena changed from 16505551234 to 16505559999", new_wa_id: "16505559999", type: "user_changed_number" },
          },
        ],
      }),
    )
    const moved = await eventually(async () => {
      const items = await history(admin, "+16505559999")
      return items.length === 3 && items
    })
    expect(new Set(moved.map((m) => m.conversation_id))).toEqual(new Set(thread.map((m) => m.conversation_id)))
    expect(await history(admin, "+16505551234")).toEqual([])

    // A customer known only by their business-scoped user id has a contact and a conversation; when their phone
    // number arrives with it, it is one contact.
    const bsuid = "US.13491208655302741918"
    const fromUser = (id: string, withPhone: boolean) =>
      whatsapp("messages", {
        contacts: [{ profile: { name: "Kai", username: "@kai" }, user_id: bsuid, ...(withPhone ? { wa_id: "16505550777" } : {}) }],
        messages: [
          {
            ...(withPhone ? { from: "16505550777" } : {}),
            from_user_id: bsuid,
            id,
            timestamp: String(T + 20),
            type: "text",
            text: { body: id },
          },
        ],
      })
    await post(fromUser("wamid.kinds.bsuid1", false))
    const known = await eventually(async () => {
      const items = await history(admin, bsuid)
      return items.length === 1 && items
    })
    await post(fromUser("wamid.kinds.bsuid2", true))
    const linked = await eventually(async () => {
      const items = await history(admin, "+16505550777")
      return items.length === 2 && items
    })
    expect(new Set(linked.map((m) => m.conversation_id))).toEqual(new Set([known[0].conversation_id]))
    await post(fromUser("wamid.kinds.bsuid3", false))
    await eventually(async () => (await history(admin, "+16505550777")).length === 3)
    expect(await history(admin, bsuid)).toEqual([])

    // The simulator's Business app sends the same kind.
    const simulated = await dev(ctx.server, "/dev/meta/business-app-sends", {
      phone_number_id: NUMBER_ID,
      to: "16505559999",
      text: "See you",
    })
    expect(simulated.body.data.status).toBe(200)
    await eventually(async () =>
      (await history(admin, "+16505559999")).some((m) => m.external_id === simulated.body.data.id && m.direction === "outbound"),
    )
  })

  it("Messenger and Instagram: echoes, shares, reels, story mentions and replies, unsupported, standby, reactions, reads", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const { appSecret, webhookUrl } = await connectPage(ctx.server, admin, 1, PAGE, INSTAGRAM)
    const post = async (body: unknown) => expect((await postSigned(webhookUrl, appSecret, body)).status).toBe(200)
    const customer = "7470000000000001"
    const from = (message: Record<string, unknown>, at: number) => ({
      sender: { id: customer },
      recipient: { id: INSTAGRAM },
      timestamp: at,
      message,
    })
    const now = Date.now()

    await post(
      page("instagram", INSTAGRAM, [
        from({ mid: "m_share", attachments: [{ type: "share", payload: { url: "https://www.instagram.com/p/C1share/" } }] }, now),
        from(
          {
            mid: "m_reel",
            attachments: [
              { type: "ig_reel", payload: { reel_video_id: "1786", title: "New boots", url: "https://lookaside.fbsbx.com/reel" } },
            ],
          },
          now + 1,
        ),
        from(
          {
            mid: "m_mention",
            attachments: [{ type: "story_mention", payload: { url: "https://lookaside.fbsbx.com/ig_messaging_cdn/story" } }],
          },
          now + 2,
        ),
        from(
          { mid: "m_story_reply", text: "Love these!", reply_to: { story: { url: "https://lookaside.fbsbx.com/story2", id: "1790" } } },
          now + 3,
        ),
        from({ mid: "m_unsupported", is_unsupported: true }, now + 4),
      ]),
    )
    // Delivered while another app (a page inbox) owns the thread.
    await post(page("instagram", INSTAGRAM, [from({ mid: "m_standby", text: "Hello?" }, now + 5)], "standby"))
    const items = await eventually(async () => {
      const got = await history(admin, customer)
      return got.length === 6 && got
    })
    const byId = new Map(items.map((m) => [m.external_id, m]))
    expect(["m_share", "m_reel", "m_mention", "m_story_reply", "m_unsupported", "m_standby"].map((id) => byId.get(id)?.type)).toEqual([
      "share",
      "reel",
      "story_mention",
      "text",
      "unsupported",
      "text",
    ])
    expect(items.every((m) => m.direction === "inbound")).toBe(true)
    expect((await payloadOf("m_reel"))?.shared).toMatchObject({
      url: "https://lookaside.fbsbx.com/reel",
      title: "New boots",
      reel_video_id: "1786",
    })
    expect(byId.get("m_reel")?.shared).toEqual({ kind: "ig_reel", url: "https://lookaside.fbsbx.com/reel", title: "New boots" })
    expect(byId.get("m_story_reply")?.shared).toEqual({ kind: "story_reply", url: "https://lookaside.fbsbx.com/story2" })
    expect((await payloadOf("m_mention"))?.shared.url).toBe("https://lookaside.fbsbx.com/ig_messaging_cdn/story")
    expect((await payloadOf("m_story_reply"))?.story).toEqual({ url: "https://lookaside.fbsbx.com/story2", id: "1790" })

    // Our own reply echoes back with the mid our send stored: still one message. Another app's reply is stored as ours.
    const sent = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [customer], message: { text: "Which size?" } } },
      admin,
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const ours = await eventually(async () => (await history(admin, customer)).find((m) => m.body === "Which size?" && m.external_id))
    const echo = (mid: string, text: string) => ({
      sender: { id: INSTAGRAM },
      recipient: { id: customer },
      timestamp: Date.now(),
      message: { mid, text, is_echo: true },
    })
    await post(page("instagram", INSTAGRAM, [echo(ours.external_id, "Which size?"), echo("m_other_app", "Sent from the Instagram app")]))
    await eventually(async () => (await history(admin, customer)).some((m) => m.external_id === "m_other_app"), 10_000)
    await eventually(async () => {
      const jobs = await ctx.server.services.database.query(
        "SELECT count(*)::int AS n FROM jobs WHERE kind = 'channels.echo' AND status <> 'done'",
      )
      return Number(jobs.rows[0].n) === 0
    }, 10_000)
    const after = await history(admin, customer)
    expect(after.filter((m) => m.body === "Which size?")).toHaveLength(1)
    expect(after.find((m) => m.external_id === "m_other_app")).toMatchObject({ direction: "outbound", body: "Sent from the Instagram app" })

    // A reaction to the customer's story reply, taken back; Instagram's read up to our reply.
    const react = (action: string, emoji?: string) => ({
      sender: { id: customer },
      recipient: { id: INSTAGRAM },
      timestamp: Date.now(),
      reaction: { mid: ours.external_id, action, ...(emoji ? { reaction: "love", emoji } : {}) },
    })
    await post(page("instagram", INSTAGRAM, [react("react", "❤")]))
    await eventually(async () => (await history(admin, customer)).find((m) => m.external_id === ours.external_id)?.reaction?.emoji === "❤")
    await post(
      page("instagram", INSTAGRAM, [
        { sender: { id: customer }, recipient: { id: INSTAGRAM }, timestamp: Date.now(), read: { mid: ours.external_id } },
      ]),
    )
    await eventually(async () => (await history(admin, customer)).find((m) => m.external_id === ours.external_id)?.status === "read")
    // The other app's later message is not read by a mark on an earlier one.
    expect((await history(admin, customer)).find((m) => m.external_id === "m_other_app")?.status).toBe("sent")
    await post(page("instagram", INSTAGRAM, [react("unreact")]))
    await eventually(async () => (await payloadOf(ours.external_id))?.reaction === undefined)

    // The simulator sends the same kinds.
    for (const shared of ["share", "reel", "story_mention"]) {
      const simulated = await dev(ctx.server, "/dev/meta/page-events", {
        page_id: INSTAGRAM,
        customer,
        kind: shared,
        url: "https://www.instagram.com/p/sim/",
        standby: shared === "share",
      })
      expect(simulated.body.data.status, JSON.stringify(simulated.body)).toBe(200)
      await eventually(async () =>
        (await history(admin, customer)).some((m) => m.external_id === simulated.body.data.id && m.type === shared),
      )
    }
  })

  /** The name the agent's conversation list shows for `number` (null: the customer is shown by their id). */
  const shownName = async (headers: Record<string, string>, number: string) => {
    for (const call of ["agentUnassignedConversations", "agentConversations"] as const) {
      const body = (await send(ctx.url, callOf("chat", call), { limit: 100 }, headers)).body
      const found = (body.data.items as any[]).find((c) => c.number === number)
      if (found) return found.name as string | null
    }
    return undefined
  }
  const profileJob = async (channel: string, customer: string) =>
    (
      await ctx.server.services.database.query("SELECT status, attempts FROM jobs WHERE idempotency_key = $1", [
        `meta-profile:1:${channel}:${customer}`,
      ])
    ).rows[0] as { status: string; attempts: number } | undefined

  it("names come from Meta's profiles once, never over the agent's; Instagram through Facebook Login replies from its page", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const [page3, instagram3] = ["4700003", "17841470000000003"]
    const { appSecret, webhookUrl } = await connectPage(ctx.server, admin, 1, page3, instagram3)
    const [psid, igsid, stranger] = ["7480000000000001", "7480000000000002", "7480000000000003"]

    const wrote = async (pageId: string, from: string, text: string, profile?: Record<string, string>) =>
      expect((await dev(ctx.server, "/dev/meta/page-writes", { page_id: pageId, from, text, profile })).body.data.status).toBe(200)
    await wrote(page3, psid, "Do you ship to Izmir?", { first_name: "Ayşe", last_name: "Yılmaz" })
    await wrote(instagram3, igsid, "Price?", { name: "", username: "kai.designs" })
    expect(await eventually(async () => (await shownName(admin, psid)) ?? false, 10_000)).toBe("Ayşe Yılmaz")
    expect(await eventually(async () => (await shownName(admin, igsid)) ?? false, 10_000)).toBe("kai.designs")

    // Someone Meta gives no profile for (no consent): shown by their id, asked once, not again.
    const post = async (body: unknown) => expect((await postSigned(webhookUrl, appSecret, body)).status).toBe(200)
    await post(
      page("page", page3, [
        { sender: { id: stranger }, recipient: { id: page3 }, timestamp: Date.now(), message: { mid: "m_stranger", text: "Hi" } },
      ]),
    )
    expect(
      await eventually(
        async () => (await profileJob("facebook", stranger))?.status === "done" && (await profileJob("facebook", stranger)),
        10_000,
      ),
    ).toMatchObject({ attempts: 1 })
    expect(await shownName(admin, stranger)).toBeNull()

    // The agent's name for a customer stays, whatever Meta says later.
    const renamed = await send(ctx.url, callOf("contacts", "updateCustomerAttributes"), { number: psid, name: "Ayşe (wholesale)" }, admin)
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    await wrote(page3, psid, "Any news?", { first_name: "A.", last_name: "Y." })
    await eventually(async () => (await history(admin, psid)).length === 2)
    expect(await shownName(admin, psid)).toBe("Ayşe (wholesale)")

    // A reply to the Instagram customer leaves through the linked page, with the page's token.
    const replied = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [igsid], message: { text: "42 euros" } } },
      admin,
    )
    expect(replied.status, JSON.stringify(replied.body)).toBe(200)
    const fromPage = (await dev(ctx.server, `/dev/meta/sent?id=${page3}`)).body.data.items as any[]
    expect(fromPage.at(-1)).toMatchObject({ to: igsid, message: { recipient: { id: igsid }, message: { text: "42 euros" } } })
    expect((await dev(ctx.server, `/dev/meta/sent?id=${instagram3}`)).body.data.items).toEqual([])
  })

  it("Instagram Login: the account is connected as itself, replies through graph.instagram.com, names from its profiles", async () => {
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    const account = "17841470000000009"
    const igLogin = {
      clientId: 2,
      instagram_login: true,
      user_id: account,
      username: "shop.two",
      name: "Shop Two",
      access_token: "IGAAshopTwoInstagramLoginToken",
      app_secret: "ig0123456789abcdef0123456789abcd",
    }
    expect((await dev(ctx.server, "/dev/meta/logins", igLogin)).status).toBe(200)
    const connected = await send(
      ctx.url,
      channels("onboardingInstagram"),
      { access_token: igLogin.access_token, app_secret: igLogin.app_secret },
      admin2,
    )
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    expect(connected.body.data).toMatchObject({ connection: "instagram_login", display_name: "Shop Two" })
    const { webhook_url, verify_token } = connected.body.data
    expect((await dev(ctx.server, "/dev/meta/logins", { ...igLogin, callback_url: webhook_url, verify_token })).status).toBe(200)
    const listed = await send(ctx.url, channels("instagramPages"), {}, admin2)
    expect(listed.body.data).toEqual([{ id: account, name: "shop.two", picture_url: null, subscribed: false }])
    const chosen = await send(ctx.url, channels("onboardingFbPages"), { pages: [{ id: account, name: "shop.two" }] }, admin2)
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
    expect((await send(ctx.url, channels("instagramPages"), {}, admin2)).body.data[0].subscribed).toBe(true)

    const customer = "7490000000000001"
    const wrote = await dev(ctx.server, "/dev/meta/page-writes", {
      page_id: account,
      from: customer,
      text: "Open on Sunday?",
      profile: { name: "Deniz Kaya", username: "deniz.k" },
    })
    expect(wrote.body.data.status).toBe(200)
    expect(await eventually(async () => (await shownName(admin2, customer)) ?? false, 10_000)).toBe("Deniz Kaya")
    const replied = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [customer], message: { text: "Yes, 10 to 4" } } },
      admin2,
    )
    expect(replied.status, JSON.stringify(replied.body)).toBe(200)
    // The fake Meta takes an Instagram Login token only at graph.instagram.com: the send was recorded there.
    expect(((await dev(ctx.server, `/dev/meta/sent?id=${account}`)).body.data.items as any[]).at(-1)).toMatchObject({
      to: customer,
      message: { recipient: { id: customer }, message: { text: "Yes, 10 to 4" } },
    })
  })

  it("WhatsApp: an unsupported message is shown as one; a customer known only by their BSUID is answered by it", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const number = await connectNumber(ctx.server, admin, 1, "320000000000002", "bsuid")
    const post = async (body: unknown) => expect((await postSigned(number.webhookUrl, number.appSecret, body)).status).toBe(200)
    await post(
      whatsapp("messages", {
        metadata: { display_phone_number: "15550783881", phone_number_id: number.phoneNumberId },
        contacts: [{ profile: { name: "Lale" }, wa_id: "16505550888" }],
        messages: [{ from: "16505550888", id: "wamid.kinds.unsupported", timestamp: String(T + 30), ...unsupportedMessage() }],
      }),
    )
    const simulated = await dev(ctx.server, "/dev/meta/unsupported-messages", {
      phone_number_id: number.phoneNumberId,
      from: "16505550888",
    })
    expect(simulated.body.data.status).toBe(200)
    const shown = await eventually(async () => {
      const items = await history(admin, "+16505550888")
      return items.length === 2 && items
    })
    expect(shown.map((m) => [m.type, m.direction])).toEqual([
      ["unsupported", "inbound"],
      ["unsupported", "inbound"],
    ])

    const bsuid = "TR.48120395571234098"
    await post(
      whatsapp("messages", {
        metadata: { display_phone_number: "15550783881", phone_number_id: number.phoneNumberId },
        contacts: [{ profile: { name: "Ece", username: "@ece" }, user_id: bsuid }],
        messages: [
          { from_user_id: bsuid, id: "wamid.kinds.bsuid-only", timestamp: String(T + 40), type: "text", text: { body: "Still open?" } },
        ],
      }),
    )
    await eventually(async () => (await history(admin, bsuid)).length === 1)
    const reply = (text: string) =>
      send(ctx.url, callOf("chat", "messagesSendText"), { type: "text", text: { to: [bsuid], message: { text } } }, admin)
    const answered = await reply("Yes, until 8")
    expect(answered.status, JSON.stringify(answered.body)).toBe(200)
    const last = ((await dev(ctx.server, `/dev/meta/sent?id=${number.phoneNumberId}`)).body.data.items as any[]).at(-1)
    expect(last).toMatchObject({ to: bsuid, message: { recipient: bsuid, type: "text", text: { body: "Yes, until 8" } } })
    expect(last.message.to).toBeUndefined()

    // A message Meta does not deliver to a username-only customer answers the agent clearly.
    await dev(ctx.server, "/dev/meta/fail-next", {
      id: number.phoneNumberId,
      code: 131062,
      message: "Business-scoped User ID recipients are not supported for this message.",
    })
    const refused = await reply("Your code is 123456")
    expect([refused.status, refused.body.error?.code]).toEqual([422, "RECIPIENT_UNSUPPORTED"])
    expect(refused.body.error.message).toMatch(/known only by their WhatsApp username/)
    // The fake Meta refuses an authentication template to a BSUID as Meta's guide says, and takes others.
    const template = (name: string) => ({ messaging_product: "whatsapp", recipient: bsuid, type: "template", template: { name } })
    const isAuthentication = (name: string) => name === "login_code"
    expect(recipientOf(template("login_code"), isAuthentication)).toMatchObject({ status: 400, body: { error: { code: 131062 } } })
    expect(recipientOf(template("order_update"), isAuthentication)).toEqual({ to: bsuid, contact: { input: bsuid, user_id: bsuid } })
  })

  it("audio types Meta sends in practice are Meta's own", () => {
    expect(["audio/mp3", "audio/x-m4a", "audio/ogg; codecs=opus", "audio/MPEG"].map(baseMime)).toEqual([
      "audio/mpeg",
      "audio/mp4",
      "audio/ogg",
      "audio/mpeg",
    ])
  })
})
