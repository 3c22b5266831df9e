/**
 * Media a Messenger or Instagram customer sent: the webhook names a link on Meta's CDN (it expires), read without a
 * token. What is taken follows the Send API's attachment rules: images (JPEG, PNG, GIF, WebP) up to 8 MB, video, audio
 * and files up to 25 MB, files of the document types WhatsApp also carries; the type is the one the CDN answers, and the
 * bytes must look like it (checked by the job, as for WhatsApp).
 */
import { baseMime, fetchCapped, MediaRefused, META_MEDIA } from "../whatsapp-cloud/media-api"

const MB = 1024 * 1024

export type PageMediaKind = "image" | "video" | "audio" | "document" | "sticker"

const IMAGE = { types: ["image/jpeg", "image/png", "image/gif", "image/webp"], maxBytes: 8 * MB }

export const PAGE_MEDIA: Readonly<Record<PageMediaKind, { readonly types: readonly string[]; readonly maxBytes: number }>> = {
  image: IMAGE,
  sticker: IMAGE,
  video: { types: ["video/mp4", "video/quicktime", "video/webm", "video/3gpp"], maxBytes: 25 * MB },
  audio: { types: ["audio/mpeg", "audio/mp4", "audio/aac", "audio/ogg", "audio/wav", "audio/x-m4a", "audio/webm"], maxBytes: 25 * MB },
  document: { types: META_MEDIA.document.types, maxBytes: 25 * MB },
}

export const isPageMediaKind = (type: string): type is PageMediaKind => type in PAGE_MEDIA

/** Reads a customer's attachment from Meta's CDN: refused (MediaRefused) when its type or size is not one we take. */
export const downloadPageMedia = async (url: string, kind: PageMediaKind): Promise<{ bytes: Buffer; mime: string }> => {
  if (!/^https?:\/\//.test(url)) throw new MediaRefused("The attachment has no web link")
  const rule = PAGE_MEDIA[kind]
  const { bytes, mime } = await fetchCapped(url, {}, rule.maxBytes)
  const type = baseMime(mime)
  if (!rule.types.includes(type)) throw new MediaRefused(`A ${kind} of type ${type || "unknown"} is not taken`)
  return { bytes, mime: type }
}
