/**
 * A Messenger or Instagram customer's attachment, from the fake Meta (GRAPH_BASE_URL=self) through the production
 * adapter: the webhook names a link on Meta's CDN, a `channels.media` job copies the file into the chat's upload storage
 * (the Send API's types and caps), a failing read is retried by the queue and shown as unavailable after the last try.
 */
import { randomBytes } from "node:crypto"
import { describe, expect, it } from "vitest"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { connectPage, dev, eventually } from "./channels.testing"
import { MEDIA_ATTEMPTS } from "./media-jobs"

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4000)])
const MP3 = Buffer.concat([Buffer.from("ID3"), randomBytes(3000)])
const PAGE = "4200001"
const INSTAGRAM = "17841420000000001"

describe.each(DB_KINDS)("Messenger and Instagram attachments (%s)", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  let admin: Record<string, string>
  let customer = 7200000000000000

  const history = async (from: string) =>
    (await send(ctx.url, callOf("chat", "agentHistoryChat"), { number: from, limit: 20 }, admin)).body.data.items as any[]
  /** The customer sends `attachment` to `to`; answers the stored message once `done` holds. */
  const customerSends = async (to: string, attachment: Record<string, unknown>, done: (m: any) => boolean) => {
    const from = String(++customer)
    const wrote = await dev(ctx.server, "/dev/meta/page-writes", { page_id: to, from, attachment })
    expect(wrote.body.data?.status, JSON.stringify(wrote.body)).toBe(200)
    return eventually(async () => (await history(from)).find((m) => m.external_id === wrote.body.data.id && done(m)), 30_000)
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

  it("a Messenger photo and an Instagram voice message are copied into our storage: the bytes are the customer's", async () => {
    admin = as((await login(ctx.url, "admin")).user_token)
    await connectPage(ctx.server, admin, 1, PAGE, INSTAGRAM)
    const photo = await customerSends(
      PAGE,
      { type: "image", mime_type: "image/png", data_base64: PNG.toString("base64") },
      (m) => m.attachments.length > 0,
    )
    expect(photo).toMatchObject({ channel_type: "facebook", type: "image", direction: "inbound" })
    expect(photo.media).toBeUndefined()
    expect(photo.attachments).toEqual([expect.objectContaining({ mime_type: "image/png", size: PNG.length })])
    // Our own file, not Meta's expiring link.
    expect(photo.attachments[0].url).not.toContain("/dev/meta/page-media/")
    expect((await bytesOf(photo.attachments[0].url)).equals(PNG)).toBe(true)
    const voice = await customerSends(
      INSTAGRAM,
      { type: "audio", mime_type: "audio/mpeg", data_base64: MP3.toString("base64") },
      (m) => m.attachments.length > 0,
    )
    expect(voice).toMatchObject({ channel_type: "instagram", type: "audio" })
    expect((await bytesOf(voice.attachments[0].url)).equals(MP3)).toBe(true)
    expect(await jobOf(voice.id)).toEqual({ status: "done", attempts: 1 })
  })

  it("a type we do not take, or bytes that are not their type, are unavailable at once without retries", async () => {
    const program = await customerSends(
      PAGE,
      { type: "file", mime_type: "application/x-msdownload", data_base64: Buffer.from("MZ-not-a-document").toString("base64") },
      (m) => m.media === "unavailable",
    )
    expect(program.attachments).toEqual([])
    expect(await jobOf(program.id)).toEqual({ status: "done", attempts: 1 })
    const fake = await customerSends(
      PAGE,
      { type: "image", mime_type: "image/png", data_base64: Buffer.from("not a picture at all").toString("base64") },
      (m) => m.media === "unavailable",
    )
    expect(await jobOf(fake.id)).toEqual({ status: "done", attempts: 1 })
  })

  it("a failing CDN read is retried by the queue; one failing every try is unavailable after the last", async () => {
    const late = await customerSends(
      PAGE,
      { type: "image", mime_type: "image/png", data_base64: PNG.toString("base64"), fail: 2 },
      (m) => m.attachments.length > 0,
    )
    expect(await jobOf(late.id)).toEqual({ status: "done", attempts: 3 })
    const lost = await customerSends(
      INSTAGRAM,
      { type: "image", mime_type: "image/png", data_base64: PNG.toString("base64"), fail: MEDIA_ATTEMPTS },
      (m) => m.media === "unavailable",
    )
    expect(lost.attachments).toEqual([])
    expect(await jobOf(lost.id)).toEqual({ status: "done", attempts: MEDIA_ATTEMPTS })
  }, 90_000)
})
