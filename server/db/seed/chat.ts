/**
 * The demo inbox of a tenant: for every contact a current conversation (unassigned, active, ongoing or closed) with a
 * few messages of several kinds, plus older closed conversations as history. Open chats had their last message in the
 * last 36 hours, so some WhatsApp customers are outside the 24-hour window (only templates reach them). Seeded PRNG:
 * the same world on every fresh database (times are relative to the moment of seeding).
 */
import type { Db } from "../db"
import { contacts, conversations, messages } from "../schema/conversations"
import { CUSTOMER_LINES, AGENT_LINES, type Rng } from "./prng"
import { eq } from "drizzle-orm"

const MIN = 60_000
const DAY = 86_400_000

type Contact = typeof contacts.$inferSelect
type Status = "unassigned" | "active" | "ongoing" | "closed"

interface Plan {
  readonly clientId: number
  /** Who holds active and ongoing chats (repeat an id to weight it). */
  readonly agents: readonly number[]
}

const MEDIA: Record<string, Record<string, unknown>> = {
  image: { link: "https://picsum.photos/seed/chat/640/480", filename: "photo.jpg", mime: "image/jpeg" },
  document: { link: "https://example.com/files/invoice.pdf", filename: "invoice.pdf", mime: "application/pdf" },
  video: { link: "https://example.com/media/unboxing.mp4", filename: "unboxing.mp4", mime: "video/mp4" },
  audio: { link: "https://example.com/media/voice-note.ogg", filename: "voice-note.ogg", mime: "audio/ogg" },
}

const inboundOf = (rng: Rng) => {
  const type = rng.pick(["text", "text", "text", "text", "image", "document", "video", "audio"] as const)
  const body = type === "text" ? rng.pick(CUSTOMER_LINES) : type === "image" ? rng.pick(["", "Here is a photo of it"]) : ""
  return { type, body, payload: MEDIA[type] ?? {} }
}

const outboundOf = (rng: Rng, first: boolean) => {
  if (first && rng.chance(0.3)) {
    return {
      type: "template",
      body: "Welcome to our service! An agent will be with you shortly.",
      payload: { template: { name: "welcome", language: "en" } },
    }
  }
  const type = rng.pick(["text", "text", "text", "text", "interactive", "image"] as const)
  const body = rng.pick(AGENT_LINES)
  if (type === "interactive") {
    return {
      type,
      body,
      payload: {
        header_type: "text",
        header_value: "Quick question",
        body,
        footer: null,
        type: "button",
        actions_list: { buttons: [{ reply: { title: "Yes" } }, { reply: { title: "No" } }] },
      },
    }
  }
  return { type, body: type === "image" ? "Our new catalogue" : body, payload: type === "image" ? MEDIA.image : {} }
}

const statusOf = (rng: Rng): Status => {
  const x = rng.next()
  return x < 0.25 ? "unassigned" : x < 0.4 ? "active" : x < 0.7 ? "ongoing" : "closed"
}

const preview = (type: string, body: string) => (body.trim() || `[${type}]`).slice(0, 200)

/** Seeds the inbox; returns each contact's current conversation, in contact order (tickets refer to them). */
export const seedChat = async (db: Db, rng: Rng, plan: Plan, contactRows: readonly Contact[]) => {
  const now = Date.now()
  const { clientId } = plan
  let wamid = 0
  const convValues: (typeof conversations.$inferInsert)[] = []
  const scripts: {
    inbound: boolean
    dt: Date
    status: string
    agent: number | null
    type: string
    body: string
    payload: Record<string, unknown>
  }[][] = []
  const lastInbound = new Map<number, number>()
  const addConversation = (contact: Contact, status: Status, lastAt: number, agent: number | null) => {
    const count = rng.int(3, 9)
    const gaps = Array.from({ length: count }, () => rng.int(1, 25) * MIN)
    const times: number[] = []
    for (let k = count - 1, t = lastAt; k >= 0; k--) {
      times[k] = t
      t -= gaps[k]
    }
    // unassigned/active: nobody answered yet (a bot template may have); ongoing/closed: a real exchange.
    const answered = status === "ongoing" || status === "closed"
    const script = times.map((t, k) => {
      const inbound = answered ? k % 2 === 0 || rng.chance(0.2) : !(k === 1 && rng.chance(0.3))
      const content = inbound ? inboundOf(rng) : outboundOf(rng, k === 1)
      const state = inbound ? "received" : now - t > 2 * 3_600_000 ? "read" : rng.pick(["sent", "delivered", "read"])
      return { inbound, dt: new Date(t), status: state, agent: inbound ? null : answered ? agent : null, ...content }
    })
    const lastIn = script.filter((m) => m.inbound).at(-1)
    if (lastIn) lastInbound.set(contact.id, Math.max(lastInbound.get(contact.id) ?? 0, lastIn.dt.getTime()))
    const unread = answered ? 0 : script.length - script.findLastIndex((m) => !m.inbound) - 1
    scripts.push(script)
    convValues.push({
      clientId,
      contactId: contact.id,
      channel: contact.channel,
      status,
      assignedUserId: agent,
      startedAt: new Date(times[0]),
      // Assigned when the agent first wrote (or at the start, when they have not yet): AHT runs from here to the close.
      assignedAt: agent ? (script.find((m) => m.agent)?.dt ?? new Date(times[0])) : null,
      lastMessageAt: new Date(lastAt),
      unread: status === "closed" ? 0 : unread,
      lastMessage: preview(script[count - 1].type, script[count - 1].body),
      closedAt: status === "closed" ? new Date(lastAt + rng.int(2, 90) * MIN) : null,
      closedBy: status === "closed" ? agent : null,
    })
  }
  for (const contact of contactRows) {
    const status = statusOf(rng)
    const lastAt = status === "closed" ? now - rng.int(1, 20) * DAY - rng.int(0, 600) * MIN : now - rng.int(2, 36 * 60) * MIN
    const agent = status === "unassigned" ? null : rng.pick(plan.agents)
    addConversation(contact, status, lastAt, agent)
  }
  // History: older closed conversations of every third customer.
  contactRows.forEach((contact, i) => {
    if (i % 3 === 0) addConversation(contact, "closed", now - rng.int(21, 45) * DAY, rng.pick(plan.agents))
  })
  const convRows = await db.insert(conversations).values(convValues).returning()
  await db.insert(messages).values(
    convRows.flatMap((conv, i) =>
      scripts[i].map((m) => ({
        clientId,
        conversationId: conv.id,
        direction: m.inbound ? "in" : "out",
        type: m.type,
        body: m.body,
        payload: m.payload,
        senderUserId: m.agent,
        status: m.status,
        dt: m.dt,
        externalId: m.inbound ? null : `wamid.seed-${clientId}-${++wamid}`,
      })),
    ),
  )
  for (const [contactId, at] of lastInbound)
    await db
      .update(contacts)
      .set({ lastInboundAt: new Date(at) })
      .where(eq(contacts.id, contactId))
  return convRows.slice(0, contactRows.length)
}
