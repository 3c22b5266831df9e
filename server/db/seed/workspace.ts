/**
 * The agents' workspace on top of the activity seed: the voice-call card's quick replies (canned messages of kind
 * "call"), labels on some open conversations, and how the resolved complaints ended. Runs after seedActivity.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { makeRng } from "./prng"
import type { SeedResult } from "./tenants"

import { rowsOf } from "../rows"

/** The call card's built-in replies (src/i18n/calls.ts), so switching the card to these changes nothing a user sees. */
const QUICK_REPLIES = [
  { title: "Busy", text: "I am on another call, I will call you back shortly.", shortcut: "busy" },
  { title: "Later", text: "Can we talk later today?", shortcut: "later" },
  { title: "Message", text: "Please send us your question as a message.", shortcut: "message" },
] as const

const CHAT_REPLIES = [
  { title: "Order number", text: "Could you share your order number, please?", shortcut: "order" },
  { title: "Thanks", text: "Thank you for contacting us. Have a nice day!", shortcut: "thanks" },
] as const

const NOTES = [
  "Refund issued",
  "Replacement shipped",
  "Explained the billing cycle",
  "Courier rescheduled the delivery",
  "Voucher sent as an apology",
]

const seedTenant = async (db: Db, clientId: number, seed: number) => {
  const rng = makeRng(seed)
  // canned_messages' shared/created_by columns come from 0004_tickets.sql; raw SQL keeps this seed off that schema file.
  for (const m of [...QUICK_REPLIES.map((r) => ({ ...r, type: "call" })), ...CHAT_REPLIES.map((r) => ({ ...r, type: "chat" }))]) {
    await db.execute(
      sql`INSERT INTO canned_messages (client_id, type, title, body, shortcut, shared) VALUES (${clientId}, ${m.type}, ${m.title}, ${m.text}, ${m.shortcut}, true)`,
    )
  }
  const labels = rowsOf(await db.execute(sql`SELECT id FROM labels WHERE client_id = ${clientId} ORDER BY id`)).map((r) => Number(r.id))
  const open = rowsOf(
    await db.execute(sql`SELECT id FROM conversations WHERE client_id = ${clientId} AND status <> 'closed' ORDER BY id`),
  ).map((r) => Number(r.id))
  for (const conversationId of open) {
    if (labels.length === 0 || !rng.chance(0.4)) continue
    const label = rng.pick(labels)
    await db.execute(
      sql`INSERT INTO conversation_labels (label_id, conversation_id) VALUES (${label}, ${conversationId}) ON CONFLICT DO NOTHING`,
    )
  }
  const resolved = rowsOf(
    await db.execute(sql`SELECT id FROM complaints WHERE client_id = ${clientId} AND status = 'Resolved' ORDER BY id`),
  )
  for (const r of resolved) await db.execute(sql`UPDATE complaints SET resolution_note = ${rng.pick(NOTES)} WHERE id = ${Number(r.id)}`)
  await db.execute(sql`INSERT INTO complaint_metadata (client_id, key, value)
    VALUES (${clientId}, 'categories', ${JSON.stringify(["billing", "delivery", "product", "service"])}::jsonb) ON CONFLICT DO NOTHING`)
}

export const seedWorkspace = async (db: Db, world: SeedResult) => {
  await seedTenant(db, world.tenantOne, 303)
  await seedTenant(db, world.tenantTwo, 404)
}
