/**
 * A WhatsApp Cloud API webhook (object `whatsapp_business_account`) read into what happened, without I/O. One POST
 * may batch several entries, changes, messages and statuses. What a receiver must not get wrong:
 *  - timestamps are strings of epoch seconds; route by `metadata.phone_number_id`, never the display number;
 *  - `value.contacts` names the senders, `messages[].contacts` are shared contact cards;
 *  - a reaction points at another message (its removal has no emoji): it is not a new message;
 *  - voice notes are `audio` with `voice: true`;
 *  - `ephemeral`, `system`, `request_welcome` and value-level `errors[]` never become empty messages;
 *  - `unsupported` (errors[] code 131051: a kind the Cloud API cannot deliver, e.g. a poll or a view-once message) is a
 *    message of type `unsupported` with Meta's reason in its payload, so the agent sees that the customer wrote;
 *  - a status may be unknown (tolerated, ignored) or of `type: "call"` (a call's progress, not a message status);
 *  - `field: "calls"` carries voice calls (connect with the SDP offer, terminate);
 *  - `field: "smb_message_echoes"` carries what the business sent from the WhatsApp Business app on a coexistence
 *    number (`message_echoes[]`, `from` the business, `to` the customer): an outgoing message, never a customer's;
 *  - a `system` message of type `user_changed_number` (`customer_changed_number` in older versions) moves the
 *    customer to `new_wa_id` (older: `wa_id`);
 *  - a customer may be known by their business-scoped user id (BSUID: `from_user_id`, `contacts[].user_id`) with or
 *    without a phone number (`from`, `wa_id`, omitted for some users with a username);
 *  - a click-to-WhatsApp ad's `referral` and Meta's own `timestamp` are kept in the payload (`referral`, `meta_at`);
 *    a Flow's `nfm_reply` keeps its `response_json` parsed (`reply.fields`).
 */

export type KnownStatus = "sent" | "delivered" | "read" | "failed"

export interface WaMessage {
  readonly kind: "message"
  readonly phoneNumberId: string
  readonly id: string
  /** The customer's phone number, digits only; empty when Meta sent only their BSUID. */
  readonly from: string
  /** The customer's business-scoped user id, when Meta sent one. */
  readonly userId?: string
  readonly name?: string
  readonly at: Date
  /** How the console shows it: text, image, video, audio, document, sticker, location, contacts, interactive, order. */
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

/** What the business sent from the WhatsApp Business app (coexistence): stored as outgoing. */
export interface WaEcho {
  readonly kind: "echo"
  readonly phoneNumberId: string
  readonly id: string
  /** The customer it went to. */
  readonly to: string
  readonly at: Date
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

/** A customer's new number (a `system` message): their contact and conversations move to it. */
export interface WaNumberChanged {
  readonly kind: "number-changed"
  readonly phoneNumberId: string
  readonly id: string
  readonly from: string
  readonly to: string
}

export interface WaReaction {
  readonly kind: "reaction"
  readonly phoneNumberId: string
  readonly id: string
  readonly from: string
  /** The message reacted to. */
  readonly messageId: string
  /** Null: the reaction was removed. */
  readonly emoji: string | null
}

export interface WaStatus {
  readonly kind: "status"
  readonly phoneNumberId: string
  readonly id: string
  readonly status: KnownStatus
  readonly recipient: string
  readonly at: Date
  /** Meta's first error of a failed status. */
  readonly error: { readonly code: number | null; readonly message: string } | null
}

export interface WaCall {
  readonly kind: "call"
  readonly phoneNumberId: string
  readonly id: string
  readonly from: string
  /** The caller's WhatsApp profile name (from `value.contacts`), when Meta sent one. */
  readonly name?: string
  /** `connect` (with the caller's SDP offer, or the answer to a business call) or `terminate`. */
  readonly event: string
  readonly sdp: string | null
  readonly sdpType: string | null
  /** A terminate's outcome (`COMPLETED`, `FAILED`, ...). */
  readonly status: string | null
}

/** A business-initiated call's progress (`statuses[]` with `type: "call"`: RINGING, ACCEPTED, REJECTED): no message status. */
export interface WaCallStatus {
  readonly kind: "call-status"
  readonly phoneNumberId: string
  readonly id: string
  readonly status: string
}

export interface WaIgnored {
  readonly kind: "ignored"
  readonly phoneNumberId: string | null
  readonly reason: string
}

export type WaEvent = WaMessage | WaEcho | WaNumberChanged | WaReaction | WaStatus | WaCall | WaCallStatus | WaIgnored

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {})
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : [])
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "")
const opt = (v: unknown): string | undefined => str(v) || undefined
const secondsAt = (v: unknown): Date => {
  const n = Number(str(v))
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date()
}

const MEDIA = new Set(["image", "video", "audio", "document", "sticker"])
const SILENT = new Set(["ephemeral", "system", "request_welcome"])
const NUMBER_CHANGES = new Set(["user_changed_number", "customer_changed_number"])
const KNOWN_STATUSES = new Set<string>(["sent", "delivered", "read", "failed"])

const errorText = (errors: Obj[]) => errors.map((e) => `${str(e.code)} ${str(e.title) || str(e.message)}`.trim()).join("; ") || "no details"

const contactCard = (card: Obj) => {
  const name = str(obj(card.name).formatted_name) || [str(obj(card.name).first_name), str(obj(card.name).last_name)].join(" ").trim()
  const phones = list(card.phones)
    .map((p) => str(p.phone) || str(p.wa_id))
    .filter(Boolean)
  return [name, ...phones].filter(Boolean).join(" ")
}

/** A Flow reply's `response_json` (a JSON string) as its fields; null when it is not a JSON object. */
const flowFields = (json: unknown): Obj | null => {
  if (typeof json !== "string") return Object.keys(obj(json)).length ? obj(json) : null
  try {
    const parsed = obj(JSON.parse(json))
    return Object.keys(parsed).length ? parsed : null
  } catch {
    return null
  }
}

/** Meta's `referral` of a click-to-WhatsApp ad, with only the fields Meta documents. */
const referralOf = (r: Obj): Obj | null => {
  const keys = [
    "source_url",
    "source_id",
    "source_type",
    "headline",
    "body",
    "media_type",
    "image_url",
    "video_url",
    "thumbnail_url",
    "ctwa_clid",
  ]
  const kept = Object.fromEntries(keys.filter((k) => str(r[k])).map((k) => [k, str(r[k])]))
  return Object.keys(kept).length ? kept : null
}

/** The stored form of one message: its type as shown, its words and what else the console may need. */
const contentOf = (m: Obj): { type: string; body: string; payload: Obj } | null => {
  const type = str(m.type)
  const context = opt(obj(m.context).id)
  const base: Obj = context ? { context: { id: context } } : {}
  if (type === "text") {
    const body = str(obj(m.text).body)
    return body ? { type, body, payload: base } : null
  }
  if (MEDIA.has(type)) {
    const media = obj(m[type])
    const payload: Obj = { ...base, media_id: str(media.id), mime: str(media.mime_type) }
    if (media.sha256) payload.sha256 = str(media.sha256)
    if (media.filename) payload.filename = str(media.filename)
    if (media.voice === true) payload.voice = true
    if (media.animated === true) payload.animated = true
    return { type, body: str(media.caption), payload }
  }
  if (type === "location") {
    const l = obj(m.location)
    const where = [str(l.name), str(l.address)].filter(Boolean).join(", ")
    const body = where || `${str(l.latitude)}, ${str(l.longitude)}`
    return { type, body, payload: { ...base, location: l } }
  }
  if (type === "contacts") {
    const cards = list(m.contacts)
    return { type, body: cards.map(contactCard).filter(Boolean).join("\n"), payload: { ...base, contacts: cards } }
  }
  if (type === "interactive") {
    const i = obj(m.interactive)
    const reply = obj(i[str(i.type)])
    const fields = str(i.type) === "nfm_reply" ? flowFields(reply.response_json) : null
    const body = str(reply.title) || str(reply.body) || str(reply.name)
    return { type, body, payload: { ...base, reply: { kind: str(i.type), ...reply, ...(fields ? { fields } : {}) } } }
  }
  if (type === "button") {
    const b = obj(m.button)
    return {
      type: "interactive",
      body: str(b.text),
      payload: { ...base, reply: { kind: "button", id: str(b.payload), title: str(b.text) } },
    }
  }
  if (type === "order") {
    const o = obj(m.order)
    const items = list(o.product_items)
    const words = items.map((p) => `${str(p.quantity)} × ${str(p.product_retailer_id)}`).join(", ")
    return { type, body: [str(o.text), words].filter(Boolean).join("\n"), payload: { ...base, order: o } }
  }
  return null
}

/** A message the Cloud API cannot deliver (131051): kept, with Meta's reason, as a message the agent can see. */
const unsupportedMessage = (phoneNumberId: string, m: Obj, from: string, userId: string, name: string | undefined): WaEvent => {
  const id = str(m.id)
  if (!id || !(from || userId)) return { kind: "ignored", phoneNumberId, reason: `unsupported message ${id || "?"} without a sender` }
  const at = secondsAt(m.timestamp)
  const reason = errorText(list(m.errors))
  const payload = { meta_at: at.toISOString(), unsupported: { reason } }
  return {
    kind: "message",
    phoneNumberId,
    id,
    from,
    ...(userId ? { userId } : {}),
    name: name || undefined,
    at,
    type: "unsupported",
    body: "",
    payload,
  }
}

const messageEvents = (phoneNumberId: string, value: Obj): WaEvent[] => {
  const contacts = list(value.contacts)
  const names = new Map(contacts.flatMap((c) => [str(c.wa_id), str(c.user_id)].filter(Boolean).map((k) => [k, str(obj(c.profile).name)])))
  const userIds = new Map(contacts.filter((c) => str(c.wa_id) && str(c.user_id)).map((c) => [str(c.wa_id), str(c.user_id)]))
  return list(value.messages).map((m): WaEvent => {
    const type = str(m.type)
    const from = str(m.from)
    const userId = str(m.from_user_id) || userIds.get(from) || (!from && contacts.length === 1 ? str(contacts[0].user_id) : "")
    const id = str(m.id)
    const system = obj(m.system)
    if (type === "system" && NUMBER_CHANGES.has(str(system.type))) {
      const to = str(system.new_wa_id) || str(system.wa_id)
      if (to && from && to !== from) return { kind: "number-changed", phoneNumberId, id, from, to }
    }
    if (type === "unsupported") return unsupportedMessage(phoneNumberId, m, from, userId, names.get(from || userId))
    if (list(m.errors).length > 0 || SILENT.has(type))
      return { kind: "ignored", phoneNumberId, reason: `${type || "message"} ${id}: ${errorText(list(m.errors))}` }
    if (type === "reaction") {
      const r = obj(m.reaction)
      return { kind: "reaction", phoneNumberId, id, from, messageId: str(r.message_id), emoji: str(r.emoji) || null }
    }
    const content = contentOf(m)
    if (!content || !id || !(from || userId))
      return { kind: "ignored", phoneNumberId, reason: `message ${id} of type ${type || "?"} has no content` }
    const at = secondsAt(m.timestamp)
    const referral = referralOf(obj(m.referral))
    const payload = { ...content.payload, meta_at: at.toISOString(), ...(referral ? { referral } : {}) }
    const name = names.get(from || userId) || undefined
    return { kind: "message", phoneNumberId, id, from, ...(userId ? { userId } : {}), name, at, ...content, payload }
  })
}

const echoEvents = (phoneNumberId: string, value: Obj): WaEvent[] =>
  list(value.message_echoes).map((m): WaEvent => {
    const id = str(m.id)
    const to = str(m.to)
    const content = contentOf(m)
    if (!content || !id || !to)
      return { kind: "ignored", phoneNumberId, reason: `echo ${id || "?"} of type ${str(m.type) || "?"} has no content` }
    const at = secondsAt(m.timestamp)
    return { kind: "echo", phoneNumberId, id, to, at, ...content, payload: { ...content.payload, meta_at: at.toISOString(), echo: true } }
  })

const statusEvents = (phoneNumberId: string, value: Obj): WaEvent[] =>
  list(value.statuses).map((s): WaEvent => {
    const status = str(s.status)
    if (str(s.type) === "call") return { kind: "call-status", phoneNumberId, id: str(s.id), status: status.toUpperCase() }
    if (!KNOWN_STATUSES.has(status)) return { kind: "ignored", phoneNumberId, reason: `unknown status ${status || "?"} of ${str(s.id)}` }
    const [first] = list(s.errors)
    const code = first ? Number(first.code) : Number.NaN
    return {
      kind: "status",
      phoneNumberId,
      id: str(s.id),
      status: status as KnownStatus,
      recipient: str(s.recipient_id) || str(s.recipient_user_id),
      at: secondsAt(s.timestamp),
      error: first
        ? {
            code: Number.isFinite(code) ? code : null,
            message: str(obj(first.error_data).details) || str(first.message) || str(first.title),
          }
        : null,
    }
  })

const callEvents = (phoneNumberId: string, value: Obj): WaEvent[] => {
  const names = new Map(list(value.contacts).map((c) => [str(c.wa_id), str(obj(c.profile).name)]))
  return list(value.calls).map((c) => ({
    kind: "call",
    phoneNumberId,
    id: str(c.id),
    from: str(c.from),
    name: names.get(str(c.from)) || undefined,
    event: str(c.event),
    sdp: opt(obj(c.session).sdp) ?? null,
    sdpType: opt(obj(c.session).sdp_type) ?? null,
    status: opt(c.status)?.toUpperCase() ?? null,
  }))
}

export const whatsappEvents = (body: unknown): WaEvent[] => {
  const root = obj(body)
  if (root.object !== "whatsapp_business_account") return [{ kind: "ignored", phoneNumberId: null, reason: `object ${str(root.object)}` }]
  const events: WaEvent[] = []
  for (const entry of list(root.entry))
    for (const change of list(entry.changes)) {
      const value = obj(change.value)
      const phoneNumberId = str(obj(value.metadata).phone_number_id)
      if (!phoneNumberId) {
        events.push({ kind: "ignored", phoneNumberId: null, reason: `change ${str(change.field)} without a phone number id` })
        continue
      }
      const errors = list(value.errors)
      if (errors.length > 0) events.push({ kind: "ignored", phoneNumberId, reason: `errors: ${errorText(errors)}` })
      if (change.field === "calls") events.push(...callEvents(phoneNumberId, value), ...statusEvents(phoneNumberId, value))
      else if (change.field === "messages") events.push(...messageEvents(phoneNumberId, value), ...statusEvents(phoneNumberId, value))
      else if (change.field === "smb_message_echoes") events.push(...echoEvents(phoneNumberId, value))
      else events.push({ kind: "ignored", phoneNumberId, reason: `field ${str(change.field)}` })
    }
  return events
}
