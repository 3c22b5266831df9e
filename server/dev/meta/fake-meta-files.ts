/**
 * The fake Meta's files from customers: what a WhatsApp customer's phone uploaded (read by media id with the number's
 * bearer token: `GET /{media-id}`, then its URL) and Messenger / Instagram attachments on the fake CDN (read without a
 * token, like Meta's links). A failure queued for an id (fail-next) answers its next read with an error.
 */
import { createHash, randomBytes } from "node:crypto"
import { badToken, type FakeMedia, type FakeNumber, type GraphAnswer, metaError, noObject } from "./fake-meta-model"

const LIMIT = 500

type TakeFailure = (id: string) => { readonly code: number; readonly message: string } | undefined

export class FakeMetaFiles {
  readonly media = new Map<string, FakeMedia>()
  readonly pageMedia = new Map<string, { readonly mime: string; readonly bytes: Buffer }>()

  constructor(
    private readonly numbers: ReadonlyMap<string, FakeNumber>,
    private readonly takeFailure: TakeFailure,
  ) {}

  /** A customer's phone uploads a file: answers its media id and sha256 (base64, as in Meta's webhooks). */
  addMedia(phoneNumberId: string, mime: string, bytes: Buffer) {
    const id = String(randomBytes(6).readUIntBE(0, 6))
    this.media.set(id, { phoneNumberId, mime, bytes })
    if (this.media.size > LIMIT) this.media.delete(this.media.keys().next().value as string)
    return { id, sha256: createHash("sha256").update(bytes).digest("base64"), size: bytes.length }
  }

  private mediaFor(id: string, token: string): FakeMedia | GraphAnswer {
    const media = this.media.get(id)
    if (!media) return noObject(id)
    if (this.numbers.get(media.phoneNumberId)?.token !== token) return badToken()
    return media
  }

  /** `GET /{version}/{media-id}`: where to fetch it for the next minutes (`mediaUrl`), its type, sha256 (hex) and size. */
  mediaInfo(id: string, token: string, mediaUrl: string): GraphAnswer {
    const media = this.mediaFor(id, token)
    if ("status" in media) return media
    const failure = this.takeFailure(id)
    if (failure) return metaError(500, failure.code, failure.message, "OAuthException")
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        url: mediaUrl,
        mime_type: media.mime,
        sha256: createHash("sha256").update(media.bytes).digest("hex"),
        file_size: media.bytes.length,
        id,
      },
    }
  }

  /** The media URL, read with the number's bearer token. */
  mediaBytes(id: string, token: string): FakeMedia | GraphAnswer {
    return this.mediaFor(id, token)
  }

  /** A customer's attachment on the fake CDN: its id (the link is `/dev/meta/page-media/<id>`). */
  addPageMedia(mime: string, bytes: Buffer) {
    const id = String(randomBytes(6).readUIntBE(0, 6))
    this.pageMedia.set(id, { mime, bytes })
    if (this.pageMedia.size > LIMIT) this.pageMedia.delete(this.pageMedia.keys().next().value as string)
    return id
  }

  /** The CDN answering a customer's attachment (a failure queued for its id answers 500 once). */
  pageMediaBytes(id: string): { readonly mime: string; readonly bytes: Buffer } | GraphAnswer {
    const media = this.pageMedia.get(id)
    if (!media) return { status: 404, body: {} }
    if (this.takeFailure(id)) return { status: 500, body: {} }
    return media
  }
}
