/**
 * A Meta customer's media (WhatsApp: image, video, audio and voice notes, document, sticker; Messenger and Instagram:
 * image, video, audio, file) is fetched from Meta by a job on THE queue (core/jobs.ts), enqueued with the message in the
 * webhook job's transaction. `prepare` asks Meta for the file and reads it outside any transaction (WhatsApp:
 * whatsapp-cloud/media-api.ts, Meta's types and caps, size and sha256 checked; Messenger / Instagram:
 * meta/page-media.ts, the CDN link with the Send API's types and caps); `run` stores it in the chat's upload storage (attachments + attachment_files, counted against the tenant's
 * storage limit) as the message's file, and the agents' screens get the message again with it. A refused file, or a
 * download that failed on its last try, marks the message's media unavailable (payload `media_error`) instead.
 */
import { sql } from "drizzle-orm"
import { type Job, type JobContext, type JobHandler, enqueue } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { attachments } from "../../db/schema/conversations"
import { attachmentFiles } from "../../db/schema/files"
import { ApiError } from "../../http/errors"
import {
  baseMime,
  checkMedia,
  downloadMedia,
  isMetaMediaKind,
  MediaRefused,
  META_MEDIA,
  mediaInfo,
  sha256Matches,
} from "../../channels/whatsapp-cloud/media-api"
import { downloadPageMedia, isPageMediaKind } from "../../channels/meta/page-media"
import { checkLimit } from "../account-limits"
import { emitChat, loadConversation, loadMessage } from "../chat"
import { fileTypeOf, DB_STORAGE } from "../uploads"
import { activeAccount, graphBaseOf, secretsOf } from "./accounts"

export const MEDIA_JOB = "channels.media"
/** Tries before the media shows as unavailable (the queue waits 1 s, 2 s, 4 s between them). */
export const MEDIA_ATTEMPTS = 4

const MiB = 1024 * 1024

/** In the webhook job's transaction: fetch this message's media later (once per message). */
export const enqueueMediaDownload = async (
  db: JobContext["db"],
  clientId: number,
  messageId: number,
  type: string,
  payload: Record<string, unknown>,
) => {
  const pageMedia = typeof payload.media_url === "string" && payload.media_url !== "" && isPageMediaKind(type)
  if (!pageMedia && (!isMetaMediaKind(type) || typeof payload.media_id !== "string" || !payload.media_id)) return
  await enqueue(db, {
    kind: MEDIA_JOB,
    clientId,
    payload: {
      message_id: messageId,
      type,
      ...(pageMedia ? { url: payload.media_url } : { media_id: payload.media_id }),
      mime: payload.mime ?? "",
      sha256: payload.sha256 ?? "",
      animated: payload.animated === true,
    },
    idempotencyKey: `meta-media:${clientId}:${messageId}`,
    maxAttempts: MEDIA_ATTEMPTS,
  })
}

type Fetched = { readonly bytes: Buffer; readonly mime: string } | { readonly unavailable: string }

/** The bytes must look like their type (a PNG starts as one). */
const checkLooks = (bytes: Buffer, mime: string) => {
  const looksLike = fileTypeOf(mime)?.looksLike
  if (bytes.length === 0 || (looksLike && !looksLike(bytes))) throw new MediaRefused(`The file is not a ${mime} file`)
}

const fetchMedia = async (job: Job, services: JobContext["services"]): Promise<Fetched> => {
  const p = job.payload as { type: string; media_id: string; url?: string; mime: string; sha256: string; animated?: boolean }
  if (typeof p.url === "string") {
    if (!isPageMediaKind(p.type)) return { unavailable: `${p.type} is not a media type` }
    const fetched = await downloadPageMedia(p.url, p.type)
    checkLooks(fetched.bytes, fetched.mime)
    return fetched
  }
  if (!isMetaMediaKind(p.type)) return { unavailable: `${p.type} is not a media type` }
  const account = await activeAccount(services.database.db, job.clientId ?? 0, "whatsapp")
  if (!account) return { unavailable: "The WhatsApp number is no longer connected" }
  const token = secretsOf(services.config, account).accessToken
  const info = await mediaInfo({ baseUrl: graphBaseOf(services.config), token }, p.media_id)
  const mime = baseMime(info.mime || p.mime)
  checkMedia(p.type, mime, info.size, p.animated === true)
  const bytes = await downloadMedia(info.url, token, META_MEDIA[p.type].maxBytes)
  if (info.size && bytes.length !== info.size) throw new Error(`Meta announced ${info.size} bytes and sent ${bytes.length}`)
  for (const expected of [p.sha256, info.sha256])
    if (expected && !sha256Matches(bytes, expected)) throw new Error("The file's sha256 is not the one Meta announced")
  checkMedia(p.type, mime, bytes.length, p.animated === true)
  checkLooks(bytes, mime)
  return { bytes, mime }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

const store = async (job: Job, ctx: JobContext, fetched: Fetched) => {
  const clientId = job.clientId ?? 0
  const messageId = Number(job.payload.message_id)
  const [message] = rowsOf(
    await ctx.db.execute(sql`SELECT conversation_id, payload->>'filename' AS filename FROM messages
      WHERE id = ${messageId} AND client_id = ${clientId}`),
  )
  if (!message) return
  let unavailable = "unavailable" in fetched ? fetched.unavailable : null
  if (!unavailable && "bytes" in fetched) {
    try {
      await checkLimit(ctx.db, clientId, "storage_mb", fetched.bytes.length / MiB)
      const extension = fetched.mime.split("/")[1]?.replace(/[^a-z0-9]/g, "") || "bin"
      const filename =
        typeof message.filename === "string" && message.filename ? message.filename : `${job.payload.type}-${messageId}.${extension}`
      const [row] = await ctx.db
        .insert(attachments)
        .values({ clientId, messageId, filename, mime: fetched.mime, size: fetched.bytes.length, storageKey: DB_STORAGE })
        .returning({ id: attachments.id })
      await ctx.db.insert(attachmentFiles).values({ attachmentId: row.id, clientId, data: fetched.bytes })
      await ctx.db.execute(sql`UPDATE messages SET payload = payload - 'media_error' WHERE id = ${messageId}`)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      unavailable = error.message
    }
  }
  if (unavailable) {
    console.warn(`[channels] tenant ${clientId}: media of message ${messageId} unavailable: ${unavailable}`)
    await ctx.db.execute(sql`UPDATE messages SET payload = payload || jsonb_build_object('media_error', ${unavailable}::text)
      WHERE id = ${messageId} AND client_id = ${clientId}`)
  }
  const links = { config: ctx.services.config, origin: "" }
  const [conversation, shown] = await Promise.all([
    loadConversation(ctx.db, clientId, Number(message.conversation_id)),
    loadMessage(ctx.db, clientId, messageId, links),
  ])
  if (shown) await emitChat(ctx, clientId, "chat:message", { conversation, message: shown })
}

export const jobHandlers: readonly JobHandler[] = [
  {
    kind: MEDIA_JOB,
    // A refused file is unavailable at once; any other failure is retried by the queue, and said on the last try.
    prepare: async (job, ctx) => {
      try {
        return await fetchMedia(job, ctx.services)
      } catch (error) {
        if (error instanceof MediaRefused || job.attempts >= job.maxAttempts) return { unavailable: reasonOf(error) } satisfies Fetched
        throw error
      }
    },
    run: (job, ctx, prepared) => store(job, ctx, prepared as Fetched),
  },
]
