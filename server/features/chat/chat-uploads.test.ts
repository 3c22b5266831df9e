/**
 * Uploaded files in chat messages on both databases: media sent by the link of an upload keeps the file as the
 * message's attachment, shown once, under a URL signed when the message is read (the sent link expires after 6 hours);
 * the same upload sent twice gives each message its own copy; another tenant's upload is never linked.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { DB_KINDS, devFetch, as, callOf, login, send, useServer } from "../../testing/harness"
import { selectMessages } from "./message-rows"
import { URL_TTL_SECONDS, verify } from "../../core/signed-url"

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("IHDR-receipt-pixels")])

describe.each(DB_KINDS)("uploads in chat messages on %s", (kind) => {
  const ctx = useServer(kind)
  const token: Record<string, Record<string, string>> = {}

  beforeAll(async () => {
    for (const name of ["agent1", "admin2"]) token[name] = as((await login(ctx.url, name)).user_token)
  })

  const customer = async (number: string, text = "Please send the receipt") => {
    const response = await devFetch(ctx.server, "/dev/simulator/messages", { clientId: 1, channel: "whatsapp", number, text })
    return ((await response.json()) as { data: { conversationId: number } }).data.conversationId
  }
  const upload = async (who: string, bytes = PNG) => {
    const reply = await send(
      ctx.url,
      callOf("uploads", "upload"),
      { file_name: "receipt.png", mime_type: "image/png", data_base64: bytes.toString("base64") },
      token[who],
    )
    expect(reply.status).toBe(200)
    return reply.body.data as { id: number; name: string; mime_type: string; size: number; url: string }
  }
  const sendImage = async (to: string[], link: string) => {
    const reply = await send(
      ctx.url,
      callOf("chat", "messagesSendByType"),
      { type: "image", image: { to, message: { link, caption: "Your receipt" } } },
      token.agent1,
    )
    expect(reply.status).toBe(200)
  }
  /** The newest outbound image of a conversation, as agentGetChat answers it. */
  const sentImage = async (conversationId: number) => {
    const reply = await send(ctx.url, callOf("chat", "agentGetChat"), { conversation_id: conversationId }, token.agent1)
    expect(reply.status).toBe(200)
    return (reply.body.data.items as any[]).find((m) => m.direction === "outbound" && m.type === "image")
  }
  const bytesAt = async (url: string) => {
    const response = await fetch(url.startsWith("http") ? url : `${ctx.url}${url}`)
    expect(response.status).toBe(200)
    return Buffer.from(await response.arrayBuffer())
  }

  it("an image sent by its upload link shows that file once, and its URL serves the same bytes", async () => {
    const conversationId = await customer("+905552220001")
    const file = await upload("agent1")
    await sendImage(["+905552220001"], file.url)
    const message = await sentImage(conversationId)
    expect(message.body).toBe("Your receipt")
    expect(message.attachments).toHaveLength(1)
    expect(message.attachments[0]).toMatchObject({
      id: file.id,
      name: "receipt.png",
      mime_type: "image/png",
      size: PNG.length,
    })
    expect(message.attachments[0].url).toMatch(/\/api\/files\/\d+\?exp=\d+&sig=[\w-]{43}$/)
    expect((await bytesAt(message.attachments[0].url)).equals(PNG)).toBe(true)
    // The ticket opened by the customer's message shows it the same way (tickets.ticketChat reads the chat's rows).
    const [ticket] = (await send(ctx.url, callOf("tickets", "activeTickets"), { search: "905552220001" }, token.agent1)).body.data.items
    const chat = await send(ctx.url, callOf("tickets", "ticketChat"), { ticket_number: ticket.ticket_number }, token.agent1)
    const inTicket = (chat.body.data.items as any[]).find((m) => m.type === "image")
    expect(inTicket.attachments.map((a: any) => a.id)).toEqual([file.id])
    expect((await bytesAt(inTicket.attachments[0].url)).equals(PNG)).toBe(true)
  })

  it("the message's URL is signed when read: it still works when the sent link has expired", async () => {
    const conversationId = await customer("+905552220002")
    const file = await upload("agent1")
    await sendImage(["+905552220002"], file.url)
    const { config, database } = ctx.server.services
    const later = Date.now() + (URL_TTL_SECONDS + 3600) * 1000
    const params = (url: string) => new URL(url, ctx.url).searchParams
    const sent = params(file.url)
    expect(verify(config.jwtSecret, file.id, sent.get("exp")!, sent.get("sig")!, later)).toBe("expired")
    const [row] = await selectMessages(database.db, 1, sql`m.conversation_id = ${conversationId} AND m.type = 'image'`, sql`m.id`, 1, 0, {
      config,
      origin: "",
      nowMs: later,
    })
    expect(row.attachments).toHaveLength(1)
    expect(row.attachments[0].id).toBe(file.id)
    expect(row.attachments[0].url).not.toBe(file.url)
    const fresh = params(row.attachments[0].url)
    expect(verify(config.jwtSecret, file.id, fresh.get("exp")!, fresh.get("sig")!, later)).toBe("ok")
  })

  it("the same upload sent to two customers gives each message its own copy of the file", async () => {
    const first = await customer("+905552220003")
    const second = await customer("+905552220004")
    const file = await upload("agent1")
    await sendImage(["+905552220003", "+905552220004"], file.url)
    const [a, b] = [await sentImage(first), await sentImage(second)]
    expect(a.attachments).toHaveLength(1)
    expect(b.attachments).toHaveLength(1)
    expect(a.attachments[0].id).toBe(file.id)
    expect(b.attachments[0].id).not.toBe(file.id)
    expect(b.attachments[0]).toMatchObject({ name: "receipt.png", mime_type: "image/png", size: PNG.length })
    expect((await bytesAt(b.attachments[0].url)).equals(PNG)).toBe(true)
  })

  it("another tenant's upload link is sent as a plain link and never becomes this tenant's file", async () => {
    const conversationId = await customer("+905552220005")
    const foreign = await upload("admin2")
    await sendImage(["+905552220005"], foreign.url)
    const message = await sentImage(conversationId)
    expect(message.attachments).toHaveLength(1)
    expect(message.attachments[0]).toMatchObject({ id: message.id, url: foreign.url })
    const { rows } = (await ctx.server.services.database.db.execute(sql`SELECT count(*)::int AS n FROM attachments
      WHERE message_id = ${message.id} OR (id = ${foreign.id} AND message_id IS NOT NULL)`)) as unknown as {
      rows: { n: number }[]
    }
    expect(Number(rows[0].n)).toBe(0)
  })
})
