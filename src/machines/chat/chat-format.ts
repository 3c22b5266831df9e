/**
 * Pure helpers the chat views share (the inbox, tickets and history screens render messages the same way): day
 * grouping, clock times, media kinds, and the bridge from a chat message to the media preview dialog's shape.
 */
import type { Message } from "../../contract/schemas/chat"
import type { CallMessage } from "../../contract/schemas/reports"

const pad = (n: number) => String(n).padStart(2, "0")

const toDate = (value: string | null | undefined): Date | null => {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** `YYYY-MM-DD` in the viewer's time zone: messages of one calendar day share a separator. */
export const dayKey = (value: string | null | undefined): string => {
  const d = toDate(value)
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : ""
}

/** `HH:mm` (24 h) in the viewer's time zone. */
export const clockTime = (value: string | null | undefined): string => {
  const d = toDate(value)
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : ""
}

/** "today", "yesterday" or the day itself, relative to `now` (so tests can pin the clock). */
export const dayRelation = (key: string, now: Date = new Date()): "today" | "yesterday" | "other" => {
  const today = dayKey(now.toISOString())
  if (key === today) return "today"
  const y = new Date(now)
  y.setDate(y.getDate() - 1)
  return key === dayKey(y.toISOString()) ? "yesterday" : "other"
}

export type TranscriptRow = { readonly kind: "day"; readonly key: string } | { readonly kind: "message"; readonly message: Message }

/** Messages (oldest first) with a day row before the first message of each calendar day. */
export const transcriptRows = (messages: readonly Message[]): TranscriptRow[] => {
  const rows: TranscriptRow[] = []
  let last = ""
  for (const message of messages) {
    const key = dayKey(message.dt)
    if (key !== last) {
      rows.push({ kind: "day", key })
      last = key
    }
    rows.push({ kind: "message", message })
  }
  return rows
}

export type MediaKind = "text" | "image" | "video" | "audio" | "document" | "interactive" | "template" | "other"

const KINDS: readonly MediaKind[] = ["text", "image", "video", "audio", "document", "interactive", "template"]

export const mediaKind = (message: Message): MediaKind => {
  const type = message.type.toLowerCase()
  if (type === "text" && message.interactive) return "interactive"
  // A WhatsApp sticker is a (webp) image.
  if (type === "sticker") return "image"
  return (KINDS as readonly string[]).includes(type) ? (type as MediaKind) : "other"
}

/** The media preview dialog was built for call messages; a chat message maps onto it one attachment at a time. */
export const previewOf = (message: Message, attachmentIndex = 0): CallMessage => {
  const kind = mediaKind(message)
  const attachment = message.attachments[attachmentIndex]
  if (kind === "interactive")
    return {
      message_type: "interactive",
      message_body: message.body,
      attachments: [],
      interactive: message.interactive,
    }
  if ((kind === "image" || kind === "video" || kind === "document") && attachment) {
    return {
      message_type: kind,
      message_body: attachment.url,
      attachments: [{ name: "filename", value: attachment.name }],
      interactive: null,
    }
  }
  return { message_type: "text", message_body: message.body, attachments: [], interactive: null }
}

/** `12 KB`, `3.4 MB`: sizes on document chips. */
export const fileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
