/**
 * A Messenger (`object: "page"`) or Instagram (`object: "instagram"`) webhook read into what happened, without I/O.
 * `entry[].id` is the page or Instagram account (the route); `messaging[]` holds the events. Timestamps are numbers of
 * epoch milliseconds, kept in the payload as `meta_at`. Echoes (`message.is_echo`: sent by us, another app or the
 * page's own inbox) are outgoing messages to `recipient`: never a customer's. `standby[]` holds the same events while
 * another app owns the thread: they are read like `messaging[]`. A read (Messenger's `read.watermark`, Instagram's
 * `read.mid`) reads every outgoing message up to that moment or message; a reaction (`react` / `unreact`) points at
 * another message. Instagram's shares, reels and story mentions keep their link; an unsupported message is a
 * placeholder the agent sees.
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

/** An outgoing message of the page (`is_echo`), to the customer `to`. */
export interface PageEcho {
  readonly kind: "echo"
  readonly accountId: string
  readonly id: string
  readonly to: string
  readonly at: Date
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

export interface PageReaction {
  readonly kind: "reaction"
  readonly accountId: string
  readonly from: string
  readonly messageId: string
  /** Null: the reaction was taken back. */
  readonly emoji: string | null
}

export interface PageReceipt {
  readonly kind: "receipt"
  readonly accountId: string
  readonly customer: string
  readonly status: Extract<KnownStatus, "delivered" | "read">
  /** Outgoing messages up to this moment (a watermark), or the listed ids. */
  readonly until: Date | null
  /** Outgoing messages up to this one (Instagram's `read.mid`). */
  readonly upTo?: string
  readonly ids: readonly string[]
}

export interface PageIgnored {
  readonly kind: "ignored"
  readonly accountId: string | null
  readonly reason: string
}

export type PageEvent = PageMessage | PageEcho | PageReaction | PageReceipt | PageIgnored

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {})
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : [])
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "")
const msAt = (v: unknown): Date => (typeof v === "number" && v > 0 ? new Date(v) : new Date())

const ATTACHMENT_TYPES: Record<string, string> = { image: "image", video: "video", audio: "audio", file: "document" }
/** Instagram's links to a post, a reel or the story that mentioned the account: shown as links (Meta's CDN URLs expire). */
const LINK_TYPES: Record<string, string> = {
  share: "share",
  ig_reel: "reel",
  reel: "reel",
  story_mention: "story_mention",
  ig_post: "share",
}

type Content = Pick<PageMessage, "type" | "body" | "payload">

const contentOf = (accountId: string, m: Obj, base: Obj): Content | PageIgnored => {
  const id = str(m.mid)
  if (m.is_unsupported === true) return { type: "unsupported", body: "", payload: { ...base, unsupported: true } }
  const quick = obj(m.quick_reply)
  if (quick.payload)
    return {
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
        type: "location",
        body: `${str(c.lat)}, ${str(c.long)}`,
        payload: { ...base, location: { latitude: c.lat, longitude: c.long } },
      }
    }
    const link = str(p.url)
    const linkType = LINK_TYPES[kind]
    if (linkType && link) {
      const title = str(p.title)
      const shared: Obj = { url: link, kind }
      if (title) shared.title = title
      if (p.reel_video_id) shared.reel_video_id = str(p.reel_video_id)
      if (str(attachment.id)) shared.id = str(attachment.id)
      return { type: linkType, body: str(m.text) || title, payload: { ...base, shared } }
    }
    const type = ATTACHMENT_TYPES[kind] ?? (p.sticker_id ? "sticker" : null)
    // Meta's CDN link expires: the file is copied into our storage by the `channels.media` job (features/channels/media-jobs.ts).
    if (type && link) return { type, body: str(m.text), payload: { ...base, media_url: link } }
    return { kind: "ignored", accountId, reason: `attachment ${kind || "?"} of ${id} without a URL` }
  }
  const text = str(m.text)
  if (!text || !id) return { kind: "ignored", accountId, reason: `message ${id || "?"} without content` }
  return { type: "text", body: text, payload: base }
}

const messageOf = (accountId: string, from: string, to: string, at: Date, m: Obj): PageEvent => {
  const id = str(m.mid)
  if (m.is_deleted === true) return { kind: "ignored", accountId, reason: `deleted ${id}` }
  const base: Obj = { meta_at: at.toISOString() }
  const replyTo = obj(m.reply_to)
  if (str(replyTo.mid)) base.context = { id: str(replyTo.mid) }
  const story = obj(replyTo.story)
  if (str(story.url) || str(story.id)) base.story = { url: str(story.url), id: str(story.id) }
  if (m.is_echo === true) base.echo = true
  const referral = obj(m.referral)
  if (Object.keys(referral).length) base.referral = referral
  const content = contentOf(accountId, m, base)
  if ("kind" in content) return content
  if (!id) return { kind: "ignored", accountId, reason: "message without an id" }
  return m.is_echo === true ? { kind: "echo", accountId, id, to, at, ...content } : { kind: "message", accountId, id, from, at, ...content }
}

const eventOf = (accountId: string, e: Obj): PageEvent => {
  const from = str(obj(e.sender).id)
  const to = str(obj(e.recipient).id)
  const at = msAt(e.timestamp)
  if (e.message) return messageOf(accountId, from, to, at, obj(e.message))
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
      payload: { meta_at: at.toISOString(), reply: { kind: "postback", id: str(p.payload), title: str(p.title) } },
    }
  }
  if (e.read) {
    const r = obj(e.read)
    const upTo = str(r.mid)
    if (upTo) return { kind: "receipt", accountId, customer: from, status: "read", until: null, upTo, ids: [] }
    return { kind: "receipt", accountId, customer: from, status: "read", until: msAt(r.watermark), ids: [] }
  }
  if (e.delivery) {
    const d = obj(e.delivery)
    const ids = Array.isArray(d.mids) ? d.mids.map(str) : []
    return { kind: "receipt", accountId, customer: from, status: "delivered", until: ids.length ? null : msAt(d.watermark), ids }
  }
  if (e.reaction) {
    const r = obj(e.reaction)
    const emoji = str(r.action) === "unreact" ? null : str(r.emoji) || str(r.reaction) || null
    if (!str(r.mid)) return { kind: "ignored", accountId, reason: "reaction without a message" }
    return { kind: "reaction", accountId, from, messageId: str(r.mid), emoji }
  }
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
    for (const e of [...list(entry.messaging), ...list(entry.standby)]) events.push(eventOf(accountId, e))
  }
  return { channel, events }
}
