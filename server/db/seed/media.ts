/**
 * The demo's media: small real files (./assets: a photo, a voice note, an invoice) stored the way an upload or a
 * downloaded customer file is stored (attachments + attachment_files, storage "db"), so every player and preview in the
 * console gets real bytes from this server under a signed link, never a link to another host.
 */
import { readFileSync } from "node:fs"
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { rowsOf } from "../rows"
import { DB_STORAGE } from "../../features/uploads"

export type MediaKind = "image" | "audio" | "document"

interface Asset {
  readonly filename: string
  readonly mime: string
  readonly data: Buffer
}

const read = (file: string, mime: string): Asset => ({
  filename: file,
  mime,
  data: readFileSync(new URL(`./assets/${file}`, import.meta.url)),
})

let assets: Record<MediaKind, Asset> | null = null
const assetOf = (kind: MediaKind): Asset => {
  assets ??= {
    image: read("photo.png", "image/png"),
    audio: read("voice-note.ogg", "audio/ogg"),
    document: read("invoice.pdf", "application/pdf"),
  }
  return assets[kind]
}

/** What a media message's payload keeps besides its stored file (the file's name and type, as media-jobs.ts keeps). */
export const mediaPayloadOf = (kind: MediaKind) => ({ filename: assetOf(kind).filename, mime: assetOf(kind).mime })

export interface MediaFile {
  readonly kind: MediaKind
  /** The message the file belongs to; null for a file not sent in a message (a product's photo). */
  readonly messageId: number | null
}

/** Stores one file per entry (an attachment belongs to one message); answers the attachments' ids in order. */
export const storeMedia = async (db: Db, clientId: number, files: readonly MediaFile[]): Promise<number[]> => {
  if (files.length === 0) return []
  const rows = files.map((f) => ({ ...assetOf(f.kind), messageId: f.messageId }))
  const inserted = rowsOf(
    await db.execute(sql`INSERT INTO attachments (client_id, message_id, filename, mime, size, storage_key)
      SELECT ${clientId}, x.message_id, x.filename, x.mime, x.size, ${DB_STORAGE}
      FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ message_id: r.messageId, filename: r.filename, mime: r.mime, size: r.data.length })))}::jsonb)
        AS x(message_id int, filename text, mime text, size int)
      RETURNING id`),
  )
    .map((r) => Number(r.id))
    // Serial ids follow the rows' order in the statement.
    .sort((a, b) => a - b)
  const kinds = files.map((f) => f.kind)
  // One copy of each kind's bytes per statement: the rows differ only in their attachment id.
  for (const kind of new Set(kinds)) {
    const ids = inserted.filter((_, i) => kinds[i] === kind)
    await db.execute(sql`INSERT INTO attachment_files (attachment_id, client_id, data)
      SELECT id, ${clientId}, decode(${assetOf(kind).data.toString("base64")}, 'base64') FROM unnest(${`{${ids.join(",")}}`}::int[]) AS id`)
  }
  return inserted
}
