/** An attachments row as the contract's Attachment: bytes stored here get a signed URL, external links pass through. */
import type { Config } from "../config"
import type { Ctx } from "../http/context"
import { signedUrlOf } from "./signed-url"

export interface AttachmentRow {
  readonly id: number
  readonly filename: string
  readonly mime: string
  readonly size: number
  readonly storageKey: string
}

export const attachmentOf = (config: Pick<Config, "apiBase" | "jwtSecret">, row: AttachmentRow, origin = "", nowMs = Date.now()) => ({
  id: row.id,
  name: row.filename,
  mime_type: row.mime,
  size: row.size,
  url: /^https?:\/\//.test(row.storageKey) ? row.storageKey : signedUrlOf(config, row.id, origin, nowMs),
})

/**
 * The start of an absolute file URL (it can be sent on as a media link): the public address (PUBLIC_URL), never the
 * Host or Origin a request carried, which its sender chooses.
 */
export const publicOrigin = (ctx: Pick<Ctx, "services">) => ctx.services.config.publicUrl()
