/**
 * The demo inbox of a tenant: for every contact a current conversation (unassigned, active, ongoing or closed) with a
 * few messages of several kinds, plus older closed conversations as history. Open chats had their last message in the
 * last 36 hours, so some WhatsApp customers are outside the 24-hour window (only templates reach them). Seeded PRNG:
 * the same world on every fresh database (times are relative to the moment of seeding).
 */
import type { Template } from "../../../src/contract/schemas/templates"
import { templatePayloadOf } from "../../features/templates"
import type { Db } from "../db"
import { type contacts, conversations, messages } from "../schema/conversations"
import { CUSTOMER_LINES, AGENT_LINES, type Rng } from "./prng"
import { sql } from "drizzle-orm"
import { type MediaKind, mediaPayloadOf, storeMedia } from "./media"
import type { Charge } from "./ledger"

const MIN = 60_000
const DAY = 86_400_000

type Contact = typeof contacts.$inferSelect
type Status = "unassigned" | "active" | "ongoing" | "closed"

/** The approved template the inbox's first replies were sent with, and its price (template_prices of its category). */
export interface WelcomeTemplate {
  readonly template: Template
  readonly price: number
}

interface Plan {
  readonly clientId: number
  /** Who holds active and ongoing chats (repeat an id to weight it). */
  readonly agents: readonly number[]
  readonly welcome: WelcomeTemplate
}

interface Content {
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
  /** A file this message carries (stored after the message, ./media.ts). */
  readonly media?: MediaKind
  /** What the message cost (a template's price), debited when it was sent. */
  readonly cost?: number
}

const isMedia = (type: string): type is MediaKind => type === "image" || type === "audio" || type === "document"

/**
 * A customer's message. The draws stay the same whatever the channel (the rest of the world follows from them); an SMS
 * customer can only write text, so a drawn file becomes one of their lines.
 */
const inboundOf = (rng: Rng, channel: string, k: number): Content => {
  const drawn = rng.pick(["text", "text", "text", "text", "image", "document", "photo", "audio"] as const)
  const body = drawn === "text" ? rng.pick(CUSTOMER_LINES) : drawn === "image" ? rng.pick(["", "Here is a photo of it"]) : ""
  if (channel === "sms" && drawn !== "text") return { type: "text", body: CUSTOMER_LINES[k % CUSTOMER_LINES.length], payload: {} }
  const type = drawn === "photo" ? "image" : drawn
  if (!isMedia(type)) return { type, body, payload: {} }
  // As a WhatsApp file arrives: the channel's media id, the file downloaded into the chat's storage (media-jobs.ts).
  return { type, body, payload: { media_id: `seed-${channel}-${k}-${type}`, ...mediaPayloadOf(type) }, media: type }
}

/** A template message as the templates' send stores it (`templatePayloadOf`): rendered text, template, parameters, cost. */
const welcomeOf = (clientId: number, welcome: WelcomeTemplate, contact: Contact): Content => {
  const first = (contact.name ?? "").split(" ")[0] || "there"
  const send = { clientId, template: welcome.template, number: contact.number, params: [first], userId: null }
  const { shown, payload } = templatePayloadOf(send, welcome.price)
  return { type: "template", body: shown.body, payload, cost: welcome.price }
}

/** The business's message; templates are WhatsApp's, and an SMS carries text only (the draws stay the same). */
const outboundOf = (rng: Rng, first: boolean, channel: string, welcome: () => Content): Content => {
  if (first && rng.chance(0.3)) return channel === "whatsapp" ? welcome() : { type: "text", body: AGENT_LINES[0], payload: {} }
  const type = rng.pick(["text", "text", "text", "text", "interactive", "image"] as const)
  const body = rng.pick(AGENT_LINES)
  if (channel === "sms" || type === "text") return { type: "text", body, payload: {} }
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
  // An agent's upload sent as the message's own file (outbound.ts attaches it).
  return { type: "image", body: "Our new catalogue", payload: mediaPayloadOf("image"), media: "image" }
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
  let mediaNo = 0
  const convValues: (typeof conversations.$inferInsert)[] = []
  const scripts: (Content & { inbound: boolean; dt: Date; status: string; agent: number | null })[][] = []
  const lastInbound = new Map<number, number>()
  const numbers = new Map(contactRows.map((c) => [c.id, c.number]))
  const numberOf = (contactId: number | null) => (contactId === null ? "" : (numbers.get(contactId) ?? ""))
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
      const content = inbound
        ? inboundOf(rng, contact.channel, ++mediaNo)
        : outboundOf(rng, k === 1, contact.channel, () => welcomeOf(plan.clientId, plan.welcome, contact))
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
  const sent = convRows.flatMap((conv, i) => scripts[i].map((m) => ({ conv, m })))
  const messageIds = await db
    .insert(messages)
    .values(
      sent.map(({ conv, m }) => ({
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
    )
    .returning({ id: messages.id })
  await storeMedia(
    db,
    clientId,
    sent.flatMap(({ m }, i) => (m.media ? [{ kind: m.media, messageId: messageIds[i].id }] : [])),
  )
  // One statement for every customer's last inbound message (the 24-hour window).
  await db.execute(sql`UPDATE contacts c SET last_inbound_at = x.at::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify([...lastInbound].map(([id, at]) => ({ id, at: new Date(at).toISOString() })))}::jsonb) AS x(id int, at text)
    WHERE c.id = x.id`)
  // What template-send.ts's chargeTemplateSends debits for each template message, at the time it was sent.
  const charges: Charge[] = sent.flatMap(({ conv, m }) =>
    m.cost
      ? [
          {
            amount: -m.cost,
            why: { kind: "template", templates: plan.welcome.template.name, count: 1 },
            ref: `template:${plan.welcome.template.id}:${numberOf(conv.contactId)}`,
            at: m.dt,
          },
        ]
      : [],
  )
  return { current: convRows.slice(0, contactRows.length), charges }
}
