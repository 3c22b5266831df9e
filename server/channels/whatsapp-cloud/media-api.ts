/**
 * Media a WhatsApp customer sent, fetched from the Cloud API: `GET /{version}/{media-id}` answers a short-lived URL with
 * the file's mime type, sha256 and size; the URL is then read with the same bearer token. Meta's own limits decide what
 * is taken: its media types and their size caps (Cloud API "Supported media types"); anything else is refused before
 * a byte is read, and the bytes must match the size and sha256 Meta announced.
 */
import { createHash } from "node:crypto"
import { GraphError, graphCall } from "../meta/graph-client"
import type { CloudAccount } from "./cloud-api"

const KB = 1024
const MB = 1024 * 1024

export type MetaMediaKind = "image" | "video" | "audio" | "document" | "sticker"

/** Meta's media types and caps per message type (a sticker: 100 KB static, 500 KB animated). */
export const META_MEDIA: Readonly<Record<MetaMediaKind, { readonly types: readonly string[]; readonly maxBytes: number }>> = {
  image: { types: ["image/jpeg", "image/png"], maxBytes: 5 * MB },
  video: { types: ["video/mp4", "video/3gpp"], maxBytes: 16 * MB },
  audio: { types: ["audio/aac", "audio/amr", "audio/mpeg", "audio/mp4", "audio/ogg"], maxBytes: 16 * MB },
  document: {
    types: [
      "text/plain",
      "application/pdf",
      "application/msword",
      "application/vnd.ms-excel",
      "application/vnd.ms-powerpoint",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ],
    maxBytes: 100 * MB,
  },
  sticker: { types: ["image/webp"], maxBytes: 500 * KB },
}

export const isMetaMediaKind = (type: string): type is MetaMediaKind => type in META_MEDIA

const sizeText = (bytes: number) => (bytes < MB ? `${Math.ceil(bytes / KB)} KB` : `${(bytes / MB).toFixed(1)} MB`)

/** A media file Meta will not hand us, or that is not what Meta said: retrying cannot help. */
export class MediaRefused extends Error {}

/** Names Meta sends in practice for the types of its own list (`audio/mp3` is MP3, Meta's `audio/mpeg`). */
const MIME_ALIASES: Record<string, string> = {
  "audio/mp3": "audio/mpeg",
  "audio/mpeg3": "audio/mpeg",
  "audio/x-mp3": "audio/mpeg",
  "audio/x-mpeg": "audio/mpeg",
  "audio/m4a": "audio/mp4",
  "audio/x-m4a": "audio/mp4",
  "audio/opus": "audio/ogg",
  "audio/x-aac": "audio/aac",
}

/** `audio/ogg; codecs=opus` -> `audio/ogg`; `audio/mp3` -> `audio/mpeg`. */
export const baseMime = (mime: string) => {
  const base = mime.split(";")[0].trim().toLowerCase()
  return MIME_ALIASES[base] ?? base
}

/** Meta's sha256 comes hex-encoded from `GET /{media-id}` and base64-encoded in webhooks: either matches. */
export const sha256Matches = (bytes: Buffer, expected: string) => {
  const digest = createHash("sha256").update(bytes).digest()
  const given = expected.trim()
  return given.toLowerCase() === digest.toString("hex") || given === digest.toString("base64")
}

export interface MediaInfo {
  readonly url: string
  readonly mime: string
  readonly sha256: string
  readonly size: number
}

/** Checks a file against Meta's type and cap for `kind` (a static sticker has the smaller cap). */
export const checkMedia = (kind: MetaMediaKind, mime: string, size: number, animated = false) => {
  const rule = META_MEDIA[kind]
  if (!rule.types.includes(baseMime(mime))) throw new MediaRefused(`Meta does not carry a ${kind} of type ${baseMime(mime) || "unknown"}`)
  const max = kind === "sticker" && !animated ? 100 * KB : rule.maxBytes
  if (size > max) throw new MediaRefused(`The ${kind} is ${sizeText(size)}; Meta's limit is ${sizeText(max)}`)
}

export const mediaInfo = async (account: Omit<CloudAccount, "phoneNumberId">, mediaId: string): Promise<MediaInfo> => {
  const answer = await graphCall<{ url?: unknown; mime_type?: unknown; sha256?: unknown; file_size?: unknown }>({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "GET",
    path: encodeURIComponent(mediaId),
  })
  if (typeof answer.url !== "string" || !/^https?:\/\//.test(answer.url))
    throw new GraphError(null, `Meta gave no URL for media ${mediaId}`, 200)
  return {
    url: answer.url,
    mime: typeof answer.mime_type === "string" ? answer.mime_type : "",
    sha256: typeof answer.sha256 === "string" ? answer.sha256 : "",
    size: Number(answer.file_size ?? 0) || 0,
  }
}

/** Reads the media URL with the bearer token, stopping as soon as more than `maxBytes` arrived. */
export const downloadMedia = async (url: string, token: string, maxBytes: number): Promise<Buffer> =>
  (await fetchCapped(url, { authorization: `Bearer ${token}` }, maxBytes)).bytes

/** Reads `url`, stopping as soon as more than `maxBytes` arrived; answers the bytes and the type the server gave. */
export const fetchCapped = async (
  url: string,
  headers: Record<string, string>,
  maxBytes: number,
): Promise<{ bytes: Buffer; mime: string }> => {
  let response: Response
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) })
  } catch (error) {
    throw new Error(`The media download did not answer: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!response.ok || !response.body) {
    await response.arrayBuffer().catch(() => undefined)
    throw new Error(`The media download answered ${response.status}`)
  }
  const chunks: Buffer[] = []
  let size = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new MediaRefused(`The file is larger than Meta's limit of ${sizeText(maxBytes)}`)
    }
    chunks.push(Buffer.from(value))
  }
  return { bytes: Buffer.concat(chunks), mime: response.headers.get("content-type") ?? "" }
}
