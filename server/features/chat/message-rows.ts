/**
 * Messages as the contract's `Message`. The database says "in"/"out"; the contract says inbound/outbound. Media sent
 * by link keeps `{ link, filename, mime, caption }` in the payload and is shown as one attachment whose id is the
 * message's. Uploaded files (the attachments table) linked to the message come first with their own ids and a URL
 * signed at read time; a media message sent by the link of one of our uploads (send.ts links that file to it) shows
 * the file once, under a fresh URL, never the link it was sent with, whose signature expires.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Attachment, Interactive, Message, MessageStatus } from "../../../src/contract/schemas/chat"
import type { Channel } from "../../../src/contract/schemas/common"
import type { Config } from "../../config"
import type { Db } from "../../db/db"
import type { Ctx } from "../../http/context"
import { attachmentOf } from "../../core/attachments"
import { publicOrigin } from "../../core/attachments"
import { rowsOf } from "../../db/rows"
import { iso } from "./conversation-rows"

/** How stored files get their URLs in message rows: signed at `nowMs` (default: now), absolute when `origin` is known. */
export interface FileLinks {
  readonly config: Pick<Config, "apiBase" | "jwtSecret">
  readonly origin: string
  readonly nowMs?: number
}

/** A request's file links: absolute URLs on this server as the caller reached it, like the upload's answer. */
export const fileLinksOf = (ctx: Pick<Ctx, "services" | "origin">): FileLinks => ({
  config: ctx.services.config,
  origin: publicOrigin(ctx),
})

export const directionOf = (db: string): Message["direction"] => (db === "in" ? "inbound" : "outbound")
export const dbDirection = (direction: Message["direction"]): "in" | "out" => (direction === "inbound" ? "in" : "out")

const STATUSES = new Set<MessageStatus>(["queued", "sent", "delivered", "read", "failed", "received"])
/** Outbound delivery states only move forward (a late "delivered" never undoes "read"). */
export const STATUS_RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 }

export const MESSAGE_COLUMNS = sql`m.id, m.external_id, m.conversation_id, ct.number, c.channel, m.direction, m.type, m.body, m.payload,
  m.status, su.display_name AS agent_name, m.dt, m.sender_kind,
  (SELECT json_agg(json_build_object('id', a.id, 'filename', a.filename, 'mime', a.mime, 'size', a.size, 'storage_key', a.storage_key) ORDER BY a.id)
     FROM attachments a WHERE a.message_id = m.id) AS files`

export const MESSAGE_FROM = sql`messages m JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id
  LEFT JOIN users su ON su.id = m.sender_user_id`

const MIME: Record<string, string> = {
  image: "image/jpeg",
  video: "video/mp4",
  audio: "audio/ogg",
  document: "application/pdf",
}

const payloadOf = (value: unknown): Record<string, unknown> =>
  typeof value === "string" ? (JSON.parse(value) as Record<string, unknown>) : ((value as Record<string, unknown> | null) ?? {})

/**
 * Whether a link names one of our stored files (`<apiBase>/files/<id>?exp=&sig=`, absolute or not). send.ts links
 * an upload to its message only after checking the link's signature, so a message holding files proves it ours.
 */
const isOwnFileLink = (link: string) => /\/files\/[1-9][0-9]{0,9}$/.test(link.split(/[?#]/)[0])

interface FileRow {
  readonly id: number
  readonly filename: string
  readonly mime: string
  readonly size: number | string
  readonly storage_key: string
}

/** The message's stored files, each under a freshly signed URL (a stored link would expire). */
const fileAttachments = (files: readonly FileRow[], links: FileLinks): Attachment[] =>
  files.map((f) => {
    const row = {
      id: Number(f.id),
      filename: f.filename,
      mime: f.mime,
      size: Number(f.size),
      storageKey: f.storage_key,
    }
    return attachmentOf(links.config, row, links.origin, links.nowMs)
  })

const linkAttachment = (id: number, type: string, p: Record<string, unknown>, files: readonly FileRow[]): Attachment[] => {
  const url = typeof p.link === "string" ? p.link : typeof p.url === "string" ? p.url : null
  if (!url) return []
  // Sent by the link of an upload that is now this message's own file: the file (under a fresh URL) stands for it.
  if (files.length > 0 && isOwnFileLink(url)) return []
  const name = typeof p.filename === "string" && p.filename ? p.filename : decodeURIComponent(url.split("?")[0].split("/").pop() || type)
  return [
    {
      id,
      name,
      mime_type: typeof p.mime === "string" ? p.mime : (MIME[type] ?? "application/octet-stream"),
      size: Number(p.size ?? 0) || 0,
      url,
    },
  ]
}

/** The interactive message as the console shows it (the payload also keeps what the channel was sent, not shown). */
const interactiveOf = (type: string, p: Record<string, unknown>): Interactive | null => {
  if (type !== "interactive" || typeof p.body !== "string" || !p.actions_list) return null
  const { header_type, header_value, body, footer, type: kind, actions_list } = p as unknown as Interactive
  return { header_type, header_value, body, footer, type: kind, actions_list }
}

const textOf = (v: unknown) => (typeof v === "string" && v ? v : undefined)
const objOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T

/** What Meta's webhooks add to a message (features/channels: reactions, Instagram's links, ads, Flow answers, echoes). */
const metaExtrasOf = (p: Record<string, unknown>): Partial<Message> => {
  const out: Record<string, unknown> = {}
  const emoji = textOf(objOf(p.reaction).emoji)
  if (emoji) out.reaction = { emoji }
  const shared = objOf(p.shared)
  const story = objOf(p.story)
  if (textOf(shared.url)) out.shared = defined({ kind: String(shared.kind), url: String(shared.url), title: textOf(shared.title) })
  else if (textOf(story.url)) out.shared = { kind: "story_reply", url: String(story.url) }
  const r = objOf(p.referral)
  const referral = defined({
    source_type: textOf(r.source_type),
    source_url: textOf(r.source_url),
    headline: textOf(r.headline),
    ctwa_clid: textOf(r.ctwa_clid),
  })
  if (Object.keys(referral).length) out.referral = referral
  const fields = objOf(objOf(p.reply).fields)
  const flow = Object.entries(fields).filter(([k]) => k !== "flow_token")
  if (flow.length) out.flow_fields = Object.fromEntries(flow.map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]))
  if (textOf(p.meta_at)) out.sent_at = String(p.meta_at)
  if (p.echo === true) out.echo = true
  return out as Partial<Message>
}

export const messageOf = (r: Record<string, unknown>, links: FileLinks): Message => {
  const id = Number(r.id)
  const type = String(r.type)
  const payload = payloadOf(r.payload)
  const files = ((typeof r.files === "string" ? JSON.parse(r.files) : r.files) as FileRow[] | null) ?? []
  const status = String(r.status) as MessageStatus
  // A Meta customer's media (WhatsApp's media id, Messenger's / Instagram's link) until its download job stored the file
  // (features/channels/media-jobs.ts).
  const media =
    r.direction === "in" && (typeof payload.media_id === "string" || typeof payload.media_url === "string") && files.length === 0
      ? typeof payload.media_error === "string"
        ? ("unavailable" as const)
        : ("downloading" as const)
      : null
  return {
    id,
    external_id: (r.external_id as string | null) ?? null,
    conversation_id: r.conversation_id === null ? null : Number(r.conversation_id),
    number: String(r.number),
    channel_type: String(r.channel) as Channel,
    direction: directionOf(String(r.direction)),
    type,
    body: r.body === null || r.body === undefined ? null : String(r.body),
    attachments: [...fileAttachments(files, links), ...linkAttachment(id, type, payload, files)],
    interactive: interactiveOf(type, payload),
    status: STATUSES.has(status) ? status : "sent",
    agent_name: (r.agent_name as string | null) ?? null,
    dt: iso(r.dt),
    ...(r.sender_kind === "bot" ? { sender_kind: "bot" as const } : {}),
    ...(status === "failed" && typeof payload.error === "string" ? { error: payload.error } : {}),
    ...(media ? { media } : {}),
    ...metaExtrasOf(payload),
  }
}

/** Message rows; `links` signs their stored files' URLs (every chat read passes `fileLinksOf(ctx)`). */
export const selectMessages = async (
  db: Db,
  clientId: number,
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
  links: FileLinks,
): Promise<Message[]> =>
  rowsOf(
    await db.execute(sql`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM}
    WHERE m.client_id = ${clientId} AND ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`),
  ).map((r) => messageOf(r, links))

export const loadMessage = async (db: Db, clientId: number, messageId: number, links: FileLinks): Promise<Message | null> =>
  (await selectMessages(db, clientId, sql`m.id = ${messageId}`, sql`m.id`, 1, 0, links))[0] ?? null

export const countOf = async (db: Db, query: SQL): Promise<number> => Number(rowsOf(await db.execute(query))[0]?.n ?? 0)
