/**
 * A WhatsApp customer's media, from the fake Meta (GRAPH_BASE_URL=self) through the production adapter: the webhook
 * names a media id, a job on the queue fetches the file (GET /{media-id}, then its URL with the bearer token) into the
 * chat's upload storage, checked against Meta's type, cap, size and sha256; failures are retried, then "unavailable".
 */
import { createHash, randomBytes } from "node:crypto"
import { describe, expect, it } from "vitest"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { type ConnectedNumber, connectNumber, dev, eventually } from "./channels.testing"
import { MEDIA_ATTEMPTS } from "./media-jobs"

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(3000)])
const OGG = Buffer.concat([Buffer.from("OggS"), randomBytes(2000)])
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(1500)])
const webp = (size: number) => {
  const b = randomBytes(size)
  b.write("RIFF", 0, "latin1")
  b.write("WEBP", 8, "latin1")
  return b
}

describe.each(DB_KINDS)("Media from Meta (%s)", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  let admin: Record<string, string>
  let number: ConnectedNumber
  let customer = 16505559000

  const history = async (phone: string) => {
    const reply = await send(ctx.url, callOf("chat", "agentHistoryChat"), { number: phone, limit: 50 }, admin)
    expect(reply.status).toBe(200)
    return reply.body.data.items as any[]
  }
  const upload = async (mime: string, bytes: Buffer) => {
    const r = await dev(ctx.server, "/dev/meta/media", {
      phone_number_id: number.phoneNumberId,
      mime_type: mime,
      data_base64: bytes.toString("base64"),
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { id: string; sha256: string; size: number }
  }
  /** The customer sends `message` (Meta's message object); answers the phone and the stored message once `done` holds. */
  const customerSends = async (message: Record<string, unknown>, done: (m: any) => boolean) => {
    const from = String(++customer)
    const r = await dev(ctx.server, "/dev/meta/customer-writes", { phone_number_id: number.phoneNumberId, from, name: "Sheena", message })
    expect(r.body.data?.status, JSON.stringify(r.body)).toBe(200)
    const stored = await eventually(
      async () => (await history(`+${from}`)).find((m) => m.external_id === r.body.data.id && done(m)),
      20_000,
    )
    return { phone: `+${from}`, stored }
  }
  const bytesOf = async (url: string) => Buffer.from(await (await fetch(new URL(url, ctx.url))).arrayBuffer())
  const jobOf = async (messageId: number) => {
    const [row] = (
      await ctx.server.services.database.query(
        "SELECT status, attempts FROM jobs WHERE kind = 'channels.media' AND payload->>'message_id' = $1",
        [String(messageId)],
      )
    ).rows
    return { status: String(row.status), attempts: Number(row.attempts) }
  }

  it("an image is fetched from Meta into our storage and shown with its caption; the file is the customer's bytes", async () => {
    admin = as((await login(ctx.url, "admin")).user_token)
    number = await connectNumber(ctx.server, admin, 1, "106540352249001", "media")
    const file = await upload("image/jpeg", JPEG)
    const { stored } = await customerSends(
      { type: "image", image: { id: file.id, mime_type: "image/jpeg", sha256: file.sha256, caption: "This one" } },
      (m) => m.attachments.length > 0,
    )
    expect(stored).toMatchObject({ type: "image", body: "This one", direction: "inbound" })
    expect(stored.media).toBeUndefined()
    expect(stored.attachments).toEqual([expect.objectContaining({ mime_type: "image/jpeg", size: JPEG.length })])
    expect((await bytesOf(stored.attachments[0].url)).equals(JPEG)).toBe(true)
    expect(await jobOf(stored.id)).toEqual({ status: "done", attempts: 1 })
  })

  it("a voice note keeps voice and plays as audio/ogg; a document keeps its file name", async () => {
    const voice = await upload("audio/ogg; codecs=opus", OGG)
    const { stored: note } = await customerSends(
      { type: "audio", audio: { id: voice.id, mime_type: "audio/ogg; codecs=opus", sha256: voice.sha256, voice: true } },
      (m) => m.attachments.length > 0,
    )
    expect(note.attachments[0]).toMatchObject({ mime_type: "audio/ogg", size: OGG.length })
    const [row] = (await ctx.server.services.database.query("SELECT payload FROM messages WHERE id = $1", [note.id])).rows
    expect((typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload).voice).toBe(true)
    const pdf = await upload("application/pdf", PDF)
    const { stored: doc } = await customerSends(
      { type: "document", document: { id: pdf.id, mime_type: "application/pdf", sha256: pdf.sha256, filename: "invoice-7.pdf" } },
      (m) => m.attachments.length > 0,
    )
    expect(doc.attachments[0]).toMatchObject({ name: "invoice-7.pdf", mime_type: "application/pdf", size: PDF.length })
  })

  it("what Meta's limits refuse is unavailable at once, without retries: an oversized sticker, a type Meta does not carry", async () => {
    const big = await upload("image/webp", webp(150 * 1024))
    const { stored: sticker } = await customerSends(
      { type: "sticker", sticker: { id: big.id, mime_type: "image/webp", sha256: big.sha256, animated: false } },
      (m) => m.media === "unavailable",
    )
    expect(sticker.attachments).toEqual([])
    expect(await jobOf(sticker.id)).toEqual({ status: "done", attempts: 1 })
    const small = await upload("image/webp", webp(20 * 1024))
    const { stored: fine } = await customerSends(
      { type: "sticker", sticker: { id: small.id, mime_type: "image/webp", sha256: small.sha256, animated: false } },
      (m) => m.attachments.length > 0,
    )
    expect(fine.attachments[0].mime_type).toBe("image/webp")
    const gif = await upload("image/gif", Buffer.concat([Buffer.from("GIF89a"), randomBytes(100)]))
    const { stored: refused } = await customerSends(
      { type: "image", image: { id: gif.id, mime_type: "image/gif", sha256: gif.sha256 } },
      (m) => m.media === "unavailable",
    )
    expect(refused.attachments).toEqual([])
  })

  it("a failing download is retried by the queue; one that fails every try shows as unavailable after the last", async () => {
    const flaky = await upload("image/jpeg", JPEG)
    for (let i = 0; i < 2; i++)
      await dev(ctx.server, "/dev/meta/fail-next", { id: flaky.id, code: 131052, message: "Media download error" })
    const { stored: late } = await customerSends(
      { type: "image", image: { id: flaky.id, mime_type: "image/jpeg", sha256: flaky.sha256 } },
      (m) => m.attachments.length > 0,
    )
    expect(await jobOf(late.id)).toEqual({ status: "done", attempts: 3 })
    // The webhook's sha256 is not the file's: every try refuses the bytes, then the media is unavailable.
    const other = await upload("image/jpeg", JPEG)
    const wrong = createHash("sha256").update("something else").digest("base64")
    const { stored: lost } = await customerSends(
      { type: "image", image: { id: other.id, mime_type: "image/jpeg", sha256: wrong } },
      (m) => m.media === "unavailable",
    )
    expect(lost.attachments).toEqual([])
    expect(await jobOf(lost.id)).toEqual({ status: "done", attempts: MEDIA_ATTEMPTS })
  }, 60_000)

  it("the simulator page's photo, for a tenant connected to the fake Meta, goes through Meta's media flow into the thread", async () => {
    const uploaded = await send(
      ctx.url,
      callOf("uploads", "upload"),
      { file_name: "pot.jpg", mime_type: "image/jpeg", data_base64: JPEG.toString("base64") },
      admin,
    )
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
    const phone = `+${++customer}`
    const wrote = await dev(ctx.server, "/dev/simulator/messages", {
      clientId: 1,
      channel: "whatsapp",
      number: phone,
      type: "image",
      link: uploaded.body.data.url,
      text: "From the simulator",
    })
    expect(wrote.status, JSON.stringify(wrote.body)).toBe(200)
    const stored = await eventually(async () => (await history(phone)).find((m) => m.attachments.length > 0), 20_000)
    expect(stored).toMatchObject({ type: "image", body: "From the simulator", external_id: expect.stringMatching(/^wamid\./) })
    expect((await bytesOf(stored.attachments[0].url)).equals(JPEG)).toBe(true)
    expect(await jobOf(stored.id)).toEqual({ status: "done", attempts: 1 })
  })
})
