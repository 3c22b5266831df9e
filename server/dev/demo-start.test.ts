/**
 * The development start (`npm start`) as the demo's admin sees it, on PGlite: with the start's settings, the demo
 * tenant's WhatsApp number, Facebook page and Instagram account show connected, customers' messages on each reach the
 * inbox and a reply reaches the customer through Meta; after a restart (the fake Meta forgot everything) they still
 * work, without logging the admin in again; a demo SMS through the seed's gateway is delivered with a receipt; and the
 * seeded campaigns' and reminders' messages are in their customers' conversations.
 */
import type { PGlite } from "@electric-sql/pglite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eventually } from "../features/channels/channels.testing"
import { waitForBatch } from "../features/sms/sms.testing"
import { as, callOf, devFetch, login, send, shaped } from "../testing/harness"
import { startTestServer, type TestServer } from "../testing/test-server"
import { DEMO_LOGIN, DEMO_NUMBER, connectDemoChannels, demoStartEnv } from "./demo-start"

const SETTINGS = ["GRAPH_BASE_URL", "SMSC_PORT"] as const
const INSTAGRAM_ID = "178200300400503"

describe("the development start's demo tenant", () => {
  const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]))
  const log: string[] = []
  let server: TestServer
  let admin: Record<string, string>
  beforeAll(async () => {
    for (const name of SETTINGS) delete process.env[name]
    demoStartEnv(process.env)
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.stop()
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
  })

  const call = async (group: "channels" | "metaLogins" | "chat", name: string, payload: Record<string, unknown> = {}) => {
    const def = callOf(group as never, name as never)
    const reply = await send(server.url, def, payload, admin)
    expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).toBe(200)
    return shaped(def, reply.body).data as any
  }
  const dev = async (path: string, body: unknown) => {
    const reply = await devFetch(server, path, body)
    expect(reply.status, path).toBe(200)
    return ((await reply.json()) as { data: any }).data
  }
  const history = async (number: string) => (await call("chat", "agentHistoryChat", { number, limit: 50 })).items as any[]
  const shownConnected = async () => {
    expect(await call("channels", "onboardingWhatsappStatus")).toMatchObject({ status: "connected", display_name: "Acme Retail" })
    for (const channel of ["facebook", "instagram"])
      expect(await call("metaLogins", "metaLogin", { channel }), channel).toMatchObject({ status: "connected" })
  }

  it("shows WhatsApp, Facebook and Instagram connected on the first start, the page and the account subscribed", async () => {
    expect(await connectDemoChannels(server, (line) => log.push(line))).toBe(true)
    expect(log.join("\n")).toContain("connected to the simulated Meta")
    admin = as((await login(server.url, "admin")).user_token)
    await shownConnected()
    expect(await call("channels", "fbPages")).toContainEqual(expect.objectContaining({ id: DEMO_LOGIN.pages[0].id, subscribed: true }))
    expect(await call("channels", "instagramPages")).toContainEqual(expect.objectContaining({ id: INSTAGRAM_ID, subscribed: true }))
  })

  it("takes customers' WhatsApp and Instagram messages into the inbox and answers through Meta", async () => {
    const wrote = await dev("/dev/meta/customer-writes", {
      phone_number_id: DEMO_NUMBER.phone_number_id,
      from: "905551230001",
      name: "Deniz",
      text: "Is my order on its way?",
    })
    expect(wrote.status).toBe(200)
    await eventually(async () => (await history("+905551230001")).find((m) => m.body === "Is my order on its way?"))
    const answered = await call("chat", "messagesSendText", {
      type: "text",
      text: { to: ["+905551230001"], message: { text: "It left the warehouse today." } },
    })
    const wamid = answered.message.messages[0].id
    expect((await dev(`/dev/meta/sent?id=${DEMO_NUMBER.phone_number_id}`, undefined)).items.at(-1)).toMatchObject({ id: wamid })
    await eventually(async () => (await history("+905551230001")).find((m) => m.external_id === wamid && m.status === "delivered"))
    const direct = await dev("/dev/meta/page-writes", { page_id: INSTAGRAM_ID, from: "1785550001", text: "Do you ship to Izmir?" })
    expect(direct.status).toBe(200)
    await eventually(async () => (await history("1785550001")).find((m) => m.channel_type === "instagram"))
  })

  it("after a restart the fake Meta knows the demo again: still connected, customers still reach the inbox, the admin stays signed in", async () => {
    const copy = (await server.services.database.pglite!.clone()) as PGlite
    await server.stop()
    server = await startTestServer({ pglite: copy })
    expect(await connectDemoChannels(server, (line) => log.push(line))).toBe(false)
    await shownConnected()
    await dev("/dev/meta/customer-writes", { phone_number_id: DEMO_NUMBER.phone_number_id, from: "905551230002", text: "Hello again" })
    await eventually(async () => (await history("+905551230002")).find((m) => m.body === "Hello again"))
  })

  it("delivers a demo SMS through the seed's gateway with the simulator's receipt", async () => {
    const sms = (name: string) => callOf("sms", name as never)
    const masks = await send(server.url, sms("smsClientMaskingAll"), { page: 1, limit: 100 }, admin)
    const mask = (masks.body.data.items as { id: number; mask: string; status: string }[]).find((m) => m.status === "approved")
    expect(mask?.mask).toBe("ACMERETAIL")
    const sent = await send(server.url, sms("smsSend"), { masking_id: mask!.id, to: ["+905551230003"], text: "Your order shipped." }, admin)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const done = await waitForBatch(server, admin, sent.body.data.batch_id, (items) =>
      items.every((m) => m.status !== "queued" && m.status !== "sent"),
    )
    expect(done.items[0]).toMatchObject({ status: "delivered", mask: "ACMERETAIL" })
  })

  it("shows the seeded campaigns' and reminders' messages in the customers' conversations, as the campaign report has them", async () => {
    admin = as((await login(server.url, "admin")).user_token)
    const db = (text: string) => server.services.database.query(text).then((r) => r.rows)
    const [recipient] = await db(`SELECT r.number, r.status, m.external_id FROM campaign_recipients r JOIN messages m ON m.id = r.message_id
      WHERE r.status = 'read' ORDER BY r.id LIMIT 1`)
    const campaignMessage = (await history(String(recipient.number))).find((m) => m.external_id === recipient.external_id)
    expect(campaignMessage).toMatchObject({
      direction: "outbound",
      status: "read",
      body: expect.stringMatching(/^Welcome to our service, /),
    })
    const [reminder] = await db("SELECT message FROM reminders WHERE name = 'Weekly offers'")
    const [texted] = await db(`SELECT ct.number FROM contact_group_members g JOIN contacts ct ON ct.id = g.contact_id
      JOIN contact_groups cg ON cg.id = g.group_id WHERE cg.name = 'Newsletter' AND ct.channel <> 'whatsapp' AND NOT ct.blocked ORDER BY ct.id LIMIT 1`)
    expect((await history(String(texted.number))).map((m) => m.body)).toContain(reminder.message)
  })
})
