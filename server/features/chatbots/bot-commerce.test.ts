/**
 * The bot's commerce actions on both databases, as a customer on WhatsApp sees them: sharing a location starts the
 * location bot, which answers with the nearest branches (nearest first, with their map links) and not also with the
 * plain nearest-branches answer; the menu's "Products" brings a WhatsApp list of the matching products in stock; a
 * location question keeps the shared point on the contact and measures from it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send } from "../../testing/harness"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer } from "../../testing/test-server"

type PhoneMessage = { type: string; body: string; payload?: Record<string, unknown> }
const phone = async (server: TestServer, number: string): Promise<PhoneMessage[]> =>
  (
    (await (await devFetch(server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)).json()) as {
      data: { items: PhoneMessage[] }
    }
  ).data.items

const tag = Date.now().toString(36)
const shopBot = {
  name: `Shop ${tag}`,
  trigger: { type: "location" },
  channel_type: "whatsapp",
  flow: {
    start: "near",
    nodes: [
      { id: "near", kind: "action", action: { do: "send_nearest", count: 2 }, next: "menu" },
      {
        id: "menu",
        kind: "message",
        text: "Anything else?",
        style: "buttons",
        choices: [
          { title: "Products", next: "products" },
          { title: "Agent", next: "agent" },
        ],
      },
      { id: "products", kind: "action", action: { do: "send_products", search: `cake${tag}`, limit: 3 }, next: "agent" },
      { id: "agent", kind: "handoff", text: "An agent will answer you shortly" },
    ],
  },
}
const askBot = {
  name: `Ask ${tag}`,
  trigger: { type: "keyword", match: "exact", keywords: [`branch${tag}`] },
  channel_type: "whatsapp",
  flow: {
    start: "where",
    nodes: [
      { id: "where", kind: "question", text: "Where are you?", attribute: "home", validation: "location", next: "near" },
      { id: "near", kind: "action", action: { do: "send_nearest", count: 1, attribute: "home" }, next: "agent" },
      { id: "agent", kind: "handoff" },
    ],
  },
}

describe.each(DB_KINDS)("chatbot commerce actions on %s", (kind) => {
  let cluster: PostgresCluster | null = null
  let server: TestServer
  beforeAll(async () => {
    if (kind === "postgres") cluster = await startPostgres()
    server = await startTestServer({ jobs: { autoStart: false }, postgres: cluster ?? undefined })
    const admin = as((await login(server.url, "admin")).user_token)
    const csv = [
      "name,address,latitude,longitude,opening_hours",
      `Bot Near ${tag},Near street,41.0100,28.9800,24/7`,
      `Bot Middle ${tag},Middle street,41.0300,29.0000,`,
      `Bot Far ${tag},Far street,41.5000,29.5000,`,
    ].join("\n")
    expect((await send(server.url, callOf("locations", "clientBulkLocation"), { csv }, admin)).body.data.inserted).toBe(3)
    const product = (sku: string, name: string, stock: number) =>
      send(server.url, callOf("catalogues", "productInsert"), { sku, name, price: 1250, currency: "USD", stock }, admin)
    expect((await product(`A${tag}`, `Chocolate cake${tag}`, 3)).status).toBe(200)
    expect((await product(`B${tag}`, `Lemon cake${tag}`, 1)).status).toBe(200)
    expect((await product(`C${tag}`, `Sold out cake${tag}`, 0)).status).toBe(200)
    for (const bot of [shopBot, askBot])
      expect((await send(server.url, callOf("chatbots", "createAutoreply"), bot, admin)).status).toBe(200)
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await cluster?.stop()
  })
  const writes = async (number: string, body: Record<string, unknown>) => {
    expect((await customerWrites(server, number, body)).status).toBe(200)
    await server.jobs.runDue()
    await server.jobs.runDue()
  }

  it("a shared location gets the nearest branches from the bot, then its menu; 'Products' a list of what is in stock", async () => {
    const number = "+905550030101"
    await writes(number, { type: "location", location: { latitude: 41.0082, longitude: 28.9784 } })
    const first = await phone(server, number)
    expect(first.map((m) => m.body.split("\n")[0])).toEqual(["Our nearest branches:", "Anything else?"])
    const near = first[0].body
    expect(near).toContain(`1. Bot Near ${tag}`)
    expect(near).toContain(`2. Bot Middle ${tag}`)
    expect(near).not.toContain(`Bot Far ${tag}`)
    expect(near).toContain("https://www.openstreetmap.org/?mlat=41.010000&mlon=28.980000")

    await writes(number, { text: "Products" })
    const all = await phone(server, number)
    expect(all).toHaveLength(4)
    const list = all[2]
    expect(list.type).toBe("interactive")
    expect(list.body).toContain(`Chocolate cake${tag}: 12.50 USD`)
    expect(list.body).toContain(`Lemon cake${tag}`)
    expect(list.body).not.toContain("Sold out")
    expect(all[3].body).toBe("An agent will answer you shortly")

    // The agent's thread shows the bot's list as its own message.
    const db = server.services.database
    const rows = (
      await db.query(
        `SELECT m.type, m.sender_kind, m.status FROM messages m JOIN contacts ct ON ct.id = (SELECT contact_id FROM conversations WHERE id = m.conversation_id)
         WHERE ct.number = $1 AND m.direction = 'out' ORDER BY m.id`,
        [number],
      )
    ).rows
    // Handed to the channel (the simulator's delivery reports may already have moved them on).
    const handed = (status: string) => (["sent", "delivered", "read"].includes(status) ? "handed" : status)
    expect(rows.map((r) => [r.type, r.sender_kind, handed(String(r.status))])).toEqual([
      ["text", "bot", "handed"],
      ["interactive", "bot", "handed"],
      ["interactive", "bot", "handed"],
      ["text", "bot", "handed"],
    ])
  })

  it("a location question keeps the shared point on the contact and sends the branch nearest to it", async () => {
    const number = "+905550030102"
    await writes(number, { text: `branch${tag}` })
    expect((await phone(server, number)).map((m) => m.body)).toEqual(["Where are you?"])
    await writes(number, { text: "somewhere nice" })
    expect((await phone(server, number)).map((m) => m.body)).toEqual(["Where are you?", "Where are you?"])
    await writes(number, { type: "location", location: { latitude: 41.49, longitude: 29.49 } })
    const all = await phone(server, number)
    expect(all).toHaveLength(3)
    expect(all[2].body).toMatch(new RegExp(`^Our nearest branch:\\n\\n1\\. Bot Far ${tag}`))
    const db = server.services.database
    const [contact] = (await db.query(`SELECT attributes->>'home' AS home FROM contacts WHERE number = $1`, [number])).rows
    expect(contact.home).toBe("41.490000,29.490000")
  })
})
