/**
 * A Messenger (`object: "page"`) or Instagram (`object: "instagram"`) webhook read into what happened, without I/O.
 * `entry[].id` is the page or Instagram account (the route); `messaging[]` holds the events. Timestamps are numbers of
 * epoch milliseconds. Echoes (`message.is_echo`) are our own or the page's outgoing messages: never a customer's.
 * A read (`read.watermark`) reads every outgoing message up to that moment; a reaction points at another message.
 */
import type { KnownStatus } from "../whatsapp-cloud/webhook-events"

export type MetaChannel = "facebook" | "instagram"

export interface PageMessage {
  readonly kind: "message"
  readonly accountId: string
  readonly id: string
  readonly from: string
  readonly at: Date
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

export interface PageReceipt {
  readonly kind: "receipt"
  readonly accountId: string
  readonly customer: string
  readonly status: Extract<KnownStatus, "delivered" | "read">
  /** Outgoing messages up to this moment (a watermark), or the listed ids. */
  readonly until: Date | null
  readonly ids: readonly string[]
}

export interface PageIgnored {
  readonly kind: "ignored"
  readonly accountId: string | null
  readonly reason: string
}

export type PageEvent = PageMessage | PageReceipt | PageIgnored

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {})
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : [])
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "")
const msAt = (v: unknown): Date => (typeof v === "number" && v > 0 ? new Date(v) : new Date())

const ATTACHMENT_TYPES: Record<string, string> = { image: "image", video: "video", audio: "audio", file: "document" }

const messageOf = (accountId: string, from: string, at: Date, m: Obj): PageEvent => {
  const id = str(m.mid)
  if (m.is_echo === true) return { kind: "ignored", accountId, reason: `echo ${id} (outgoing)` }
  if (m.is_unsupported === true || m.is_deleted === true) return { kind: "ignored", accountId, reason: `unsupported or deleted ${id}` }
  const base: Obj = {}
  const replyTo = str(obj(m.reply_to).mid)
  if (replyTo) base.context = { id: replyTo }
  const quick = obj(m.quick_reply)
  if (quick.payload)
    return {
      kind: "message",
      accountId,
      id,
      from,
      at,
      type: "interactive",
      body: str(m.text),
      payload: { ...base, reply: { kind: "quick_reply", id: str(quick.payload), title: str(m.text) } },
    }
  const [attachment] = list(m.attachments)
  if (attachment) {
    const kind = str(attachment.type)
    const p = obj(attachment.payload)
    if (kind === "location") {
      const c = obj(p.coordinates)
      return {
        kind: "message",
        accountId,
        id,
        from,
        at,
        type: "location",
        body: `${str(c.lat)}, ${str(c.long)}`,
        payload: { ...base, location: { latitude: c.lat, longitude: c.long } },
      }
    }
    const type = ATTACHMENT_TYPES[kind] ?? (p.sticker_id ? "sticker" : null)
    const link = str(p.url)
    // Meta's CDN link expires: the file is copied into our storage by the `channels.media` job (features/channels/media-jobs.ts).
    if (type && link) return { kind: "message", accountId, id, from, at, type, body: str(m.text), payload: { ...base, media_url: link } }
    return { kind: "ignored", accountId, reason: `attachment ${kind || "?"} of ${id} without a URL` }
  }
  const text = str(m.text)
  if (!text || !id) return { kind: "ignored", accountId, reason: `message ${id || "?"} without content` }
  return { kind: "message", accountId, id, from, at, type: "text", body: text, payload: base }
}

const eventOf = (accountId: string, e: Obj): PageEvent => {
  const from = str(obj(e.sender).id)
  const at = msAt(e.timestamp)
  if (e.message) return messageOf(accountId, from, at, obj(e.message))
  if (e.postback) {
    const p = obj(e.postback)
    return {
      kind: "message",
      accountId,
      id: str(p.mid) || `postback.${from}.${at.getTime()}`,
      from,
      at,
      type: "interactive",
      body: str(p.title),
      payload: { reply: { kind: "postback", id: str(p.payload), title: str(p.title) } },
    }
  }
  if (e.read) return { kind: "receipt", accountId, customer: from, status: "read", until: msAt(obj(e.read).watermark), ids: [] }
  if (e.delivery) {
    const d = obj(e.delivery)
    const ids = Array.isArray(d.mids) ? d.mids.map(str) : []
    return { kind: "receipt", accountId, customer: from, status: "delivered", until: ids.length ? null : msAt(d.watermark), ids }
  }
  if (e.reaction) return { kind: "ignored", accountId, reason: `reaction to ${str(obj(e.reaction).mid)}` }
  return {
    kind: "ignored",
    accountId,
    reason: `event ${
      Object.keys(e)
        .filter((k) => !["sender", "recipient", "timestamp"].includes(k))
        .join(",") || "?"
    }`,
  }
}

export const pageEvents = (body: unknown): { channel: MetaChannel | null; events: PageEvent[] } => {
  const root = obj(body)
  const channel = root.object === "page" ? "facebook" : root.object === "instagram" ? "instagram" : null
  if (!channel) return { channel, events: [{ kind: "ignored", accountId: null, reason: `object ${str(root.object)}` }] }
  const events: PageEvent[] = []
  for (const entry of list(root.entry)) {
    const accountId = str(entry.id)
    for (const e of list(entry.messaging)) events.push(eventOf(accountId, e))
  }
  return { channel, events }
}
