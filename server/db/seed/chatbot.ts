/**
 * A tenant's order-help chatbot (keyword "track order", WhatsApp) and the menu choices customers made in it over two
 * weeks, as bot-runtime.ts reports them in bot_menu_hits (the node and the option chosen, or "handoff").
 */
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { rowsOf } from "../rows"
import { autoreplies } from "../schema/conversations"
import { botMenuHits } from "../schema/report-rollups"
import { makeRng } from "./prng"

const FLOW = {
  start: "greeting",
  nodes: [
    {
      id: "greeting",
      kind: "message",
      text: "Hi! How can we help with your order?",
      style: "buttons",
      choices: [
        { title: "Where is my order?", next: "order_number" },
        { title: "Return an item", next: "returns" },
        { title: "Talk to an agent", next: "handover" },
      ],
    },
    {
      id: "order_number",
      kind: "question",
      text: "Please send your order number (it starts with ORD-).",
      attribute: "order_number",
      validation: "text",
      next: "order_tag",
    },
    { id: "order_tag", kind: "action", action: { do: "tag", tag: "order" }, next: "handover" },
    { id: "returns", kind: "handoff", text: "An agent will help you with the return shortly." },
    { id: "handover", kind: "handoff", text: "Thanks! An agent will answer you shortly." },
  ],
}

const PATHS: readonly (readonly { menu: string; option: string }[])[] = [
  [
    { menu: "greeting", option: "Where is my order?" },
    { menu: "handover", option: "handoff" },
  ],
  [
    { menu: "greeting", option: "Return an item" },
    { menu: "returns", option: "handoff" },
  ],
  [
    { menu: "greeting", option: "Talk to an agent" },
    { menu: "handover", option: "handoff" },
  ],
]

export const seedChatbot = async (db: Db, clientId: number, seed: number) => {
  const rng = makeRng(seed)
  const [bot] = await db
    .insert(autoreplies)
    .values({
      clientId,
      name: "Order help",
      trigger: "keyword",
      triggerRule: { type: "keyword", match: "exact", keywords: ["track order", "order help"] },
      channel: "whatsapp",
      flow: FLOW,
      // Switched off now: an active bot takes a turn on every customer message, which the demo's other stories (and
      // the tests built on them) do not expect. Its history stays; the admin switches it on from the Chatbots screen.
      active: false,
      createdAt: new Date(Date.now() - 20 * 86_400_000),
    })
    .returning()
  const customers = rowsOf(
    await db.execute(sql`SELECT id, number, last_inbound_at FROM contacts WHERE client_id = ${clientId} AND channel = 'whatsapp'
      AND last_inbound_at IS NOT NULL ORDER BY id`),
  )
  // A customer's run through the menu happened when they last wrote, a minute apart per step.
  const hits = customers.flatMap((c) => {
    if (!rng.chance(0.6)) return []
    const at = new Date(String(c.last_inbound_at instanceof Date ? c.last_inbound_at.toISOString() : c.last_inbound_at)).getTime()
    return rng.pick(PATHS).map((h, k) => ({
      clientId,
      autoreplyId: bot.id,
      contactId: Number(c.id),
      number: String(c.number),
      menu: h.menu,
      option: h.option,
      dt: new Date(at + k * 60_000),
    }))
  })
  if (hits.length) await db.insert(botMenuHits).values(hits)
}
