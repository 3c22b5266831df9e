/**
 * uploads.upload stores a file sent as base64 in JSON (bytes in attachment_files, in the call's transaction, so a
 * failed upload leaves nothing behind); uploads.messageAttachmentByAttachmentId hands out the attachment with a signed,
 * expiring `url`; GET <apiBase>/files/:id?exp=&sig= serves the bytes to <img>/<video>/<a> tags, which send no headers.
 */
import { and, eq } from "drizzle-orm"
import { checkLimit } from "../account-limits"
import { handle, type HttpRoutes } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { ApiError, badRequest, idOf, notFound } from "../../http/errors"
import { attachments } from "../../db/schema/conversations"
import { attachmentFiles } from "../../db/schema/files"
import { contentDispositionOf, fileTypeOf } from "./file-types"
import { filePath, verify } from "../../core/signed-url"
import { attachmentOf, publicOrigin } from "../../core/attachments"

/** Where the bytes of an upload live (attachments.storage_key); other keys are external links. */
export const DB_STORAGE = "db"

const decode = (base64: string): Buffer => {
  // Node's decoder skips what it cannot read; a length that is not a multiple of 4 means a truncated or mangled file.
  if (base64.length % 4 !== 0) throw badRequest("data_base64 is not valid base64 (truncated?)", "data_base64")
  return Buffer.from(base64, "base64")
}

const MiB = 1024 * 1024

export interface InlineUpload {
  readonly file_name: string
  readonly mime_type: string
  readonly data_base64: string
}

/**
 * Stores an inline upload for `clientId` in the caller's transaction: its type must be one the channels carry (and, when
 * `accept` is given, one of those), its size within the type's ceiling (or `maxBytes` when lower), its bytes must look
 * like the type, and the tenant's storage limit must allow it. Answers the attachment with its signed link.
 */
export const storeUpload = async (
  ctx: Ctx,
  clientId: number,
  input: InlineUpload,
  options: { accept?: ReadonlySet<string>; maxBytes?: number } = {},
) => {
  const mime = input.mime_type.toLowerCase()
  const type = fileTypeOf(mime)
  if (!type || (options.accept && !options.accept.has(mime)))
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", `Files of type ${mime} cannot be sent`, "mime_type")
  const bytes = decode(input.data_base64)
  if (bytes.length === 0) throw badRequest("The file is empty", "data_base64")
  const maxBytes = Math.min(type.maxBytes, options.maxBytes ?? type.maxBytes)
  if (bytes.length > maxBytes) {
    throw new ApiError(
      413,
      "PAYLOAD_TOO_LARGE",
      `A ${type.kind} may be at most ${maxBytes / MiB} MiB; this one is ${(bytes.length / MiB).toFixed(1)} MiB`,
      "data_base64",
    )
  }
  if (type.looksLike && !type.looksLike(bytes)) throw badRequest(`The file is not a ${mime} file`, "data_base64")
  await checkLimit(ctx.db, clientId, "storage_mb", bytes.length / MiB)
  const [row] = await ctx.db
    .insert(attachments)
    .values({ clientId, filename: input.file_name, mime, size: bytes.length, storageKey: DB_STORAGE })
    .returning()
  await ctx.db.insert(attachmentFiles).values({ attachmentId: row.id, clientId, data: bytes })
  return attachmentOf(ctx.services.config, row, publicOrigin(ctx))
}

export const handlers = [
  handle("uploads", "upload", async (ctx, input) => ({ data: await storeUpload(ctx, tenantOf(ctx), input) })),

  handle("uploads", "messageAttachmentByAttachmentId", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.attachment_id, "Attachment")
    const [row] = await ctx.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.id, id), eq(attachments.clientId, clientId)))
    if (!row) throw notFound("Attachment")
    return { data: attachmentOf(ctx.services.config, row, publicOrigin(ctx)) }
  }),
]

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(
      `${filePath(services.config)}/:id`,
      async (req, reply) => {
        const id = idOf(req.params.id, "File")
        const verdict = verify(services.config.jwtSecret, id, req.query.exp, req.query.sig)
        if (verdict === "forged") throw new ApiError(403, "FORBIDDEN", "This file link is not valid")
        if (verdict === "expired") throw new ApiError(403, "LINK_EXPIRED", "This file link has expired; reopen the message for a new one")
        const [row] = await services.database.db
          .select({ filename: attachments.filename, mime: attachments.mime, data: attachmentFiles.data })
          .from(attachmentFiles)
          .innerJoin(attachments, eq(attachments.id, attachmentFiles.attachmentId))
          .where(eq(attachmentFiles.attachmentId, id))
        if (!row) throw notFound("File")
        const bytes = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength)
        const left = Math.max(0, Number(req.query.exp) - Math.floor(Date.now() / 1000))
        void reply
          .header("content-type", row.mime)
          .header("content-length", bytes.length)
          .header("content-disposition", contentDispositionOf(row.mime, row.filename))
          .header("cache-control", `private, max-age=${left}`)
          .header("x-content-type-options", "nosniff")
        // Served from the console's origin: a file must never run as a page. Chrome's PDF viewer does not open sandboxed.
        if (row.mime !== "application/pdf") void reply.header("content-security-policy", "sandbox; default-src 'none'")
        return reply.send(bytes)
      },
    )
  },
]
