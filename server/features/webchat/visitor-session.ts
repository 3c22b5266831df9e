/**
 * A visitor's side of the chat: the widget's look, starting a visitor (the pre-chat answers on a new `webchat`
 * contact, in one transaction), the visitor's conversation as the widget shows it, and whether an agent read it.
 */
import { sql } from "drizzle-orm"
import type { Message } from "../../../src/contract/schemas/chat"
import type { VisitorMessage, VisitorWidget } from "../../../src/contract/webchat-visitor"
import { WEBCHAT_PRECHAT_FIELDS } from "../../../src/contract/webchat-rules"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { badRequest } from "../../http/errors"
import { contactFor, selectMessages, type FileLinks } from "../chat"
import { newVisitorId } from "./visitor-token"
import type { StoredWidget } from "./widget-settings"

export const VISITOR_HISTORY = 200

export const widgetLook = (widget: StoredWidget): VisitorWidget => ({
  color: widget.color,
  text_color: widget.text_color,
  greeting: widget.greeting,
  position: widget.position,
  prechat: widget.prechat,
})

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^\+?[0-9][0-9 ()-]{5,24}$/
const LIMIT = { name: 100, email: 254, phone: 30 }
const SAYS = { name: "your name", email: "your e-mail address", phone: "your phone number" }

/** The pre-chat answers checked against the widget's fields: 400 naming the first field that is wrong. */
export const prechatAnswers = (widget: StoredWidget, raw: unknown) => {
  const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>
  const out: Partial<Record<(typeof WEBCHAT_PRECHAT_FIELDS)[number], string>> = {}
  for (const field of WEBCHAT_PRECHAT_FIELDS) {
    const mode = widget.prechat[field]
    const value = typeof given[field] === "string" ? (given[field] as string).trim() : ""
    if (mode === "off" || (mode === "optional" && !value)) continue
    if (!value) throw badRequest(`Enter ${SAYS[field]}`, field)
    if (value.length > LIMIT[field]) throw badRequest(`${SAYS[field]} is too long`, field)
    if (field === "email" && !EMAIL.test(value)) throw badRequest("Enter an e-mail address like name@example.com", field)
    if (field === "phone" && !PHONE.test(value)) throw badRequest("Enter a phone number with digits only", field)
    out[field] = value
  }
  return out
}

/** A new visitor: a `webchat` contact named by the pre-chat answers (the caller's transaction). */
export const startVisitor = async (db: Db, clientId: number, answers: ReturnType<typeof prechatAnswers>) => {
  const visitorId = newVisitorId()
  const contact = await contactFor(db, clientId, "webchat", visitorId, answers.name ?? "")
  await db.execute(sql`UPDATE contacts SET email = ${answers.email ?? null},
    attributes = attributes || ${JSON.stringify(answers.phone ? { phone: answers.phone } : {})}::jsonb
    WHERE id = ${contact.id} AND client_id = ${clientId}`)
  return visitorId
}

export const visitorMessageOf = (m: Message): VisitorMessage => ({
  id: m.external_id ?? `m${m.id}`,
  from: m.direction === "inbound" ? "visitor" : "agent",
  text: m.body ?? "",
  files: m.attachments.map((a) => ({ name: a.name, url: a.url })),
  dt: m.dt,
})

const OF_VISITOR = (visitorId: string) => sql`ct.channel = 'webchat' AND ct.number = ${visitorId}`

/** The visitor's newest messages, oldest first (every conversation they had with the tenant). */
export const visitorMessages = async (db: Db, clientId: number, visitorId: string, links: FileLinks) =>
  (await selectMessages(db, clientId, OF_VISITOR(visitorId), sql`m.dt DESC, m.id DESC`, VISITOR_HISTORY, 0, links))
    .reverse()
    .map(visitorMessageOf)

/** Whether no open conversation of the visitor has unread messages (an agent read everything). */
export const agentHasRead = async (db: Db, clientId: number, visitorId: string) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT count(*)::int AS n FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE c.client_id = ${clientId} AND ${OF_VISITOR(visitorId)} AND c.status <> 'closed' AND c.unread > 0`),
  )
  return Number(row?.n ?? 0) === 0
}

/** The agents' messages the visitor has not read yet (their channel ids), for `read` reports. */
export const unreadByVisitor = async (db: Db, clientId: number, visitorId: string): Promise<string[]> =>
  rowsOf(
    await db.execute(sql`SELECT m.external_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
      JOIN contacts ct ON ct.id = c.contact_id
      WHERE m.client_id = ${clientId} AND ${OF_VISITOR(visitorId)} AND m.direction = 'out' AND m.status IN ('sent', 'delivered')
        AND left(m.external_id, 3) = 'wc.' ORDER BY m.id DESC LIMIT 100`),
  ).map((r) => String(r.external_id))
