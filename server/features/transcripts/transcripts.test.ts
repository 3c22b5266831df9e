/**
 * Transcripts on both databases, as a supervisor notices them: a conversation's CSV lists its messages in order with
 * the transfer and the close between them; its PDF is a PDF naming the customer and holding an Arabic message that
 * reads right to left; a bulk export of Overall History's filter reports its progress and its zip holds one transcript
 * per conversation of the filter; another tenant's conversation and export are not found.
 */
import { parse } from "csv-parse/sync"
import { extractText, getDocumentProxy } from "unpdf"
import { beforeAll, describe, expect, it } from "vitest"
import yauzl from "yauzl"
import { DB_KINDS, as, callOf, customerWrites, login, send, shaped, useServer } from "../../testing/harness"
import { zipCleanup } from "./export-cleanup"
import { LABELS } from "./labels"

const file = callOf("transcripts", "transcriptFile")
const start = callOf("transcripts", "transcriptExportStart")
const byId = callOf("transcripts", "transcriptExportById")
const chat = (name: string) => callOf("chat", name as never)

const ARABIC = "مرحبا، أريد تتبع طلبي رقم 12345"
const NAME = "Ayşe Yılmaz"

const unzip = (bytes: Buffer) =>
  new Promise<string[]>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      const names: string[] = []
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName)
        zip.readEntry()
      })
      zip.on("end", () => resolve(names))
      zip.on("error", reject)
      zip.readEntry()
    }),
  )

describe.each(DB_KINDS)("transcripts on %s", (kind) => {
  const ctx = useServer(kind)
  const prefix = kind === "pglite" ? "+9055577701" : "+9055577702"
  const numbers = [`${prefix}1`, `${prefix}2`, `${prefix}3`]
  let admin: Record<string, string>
  let admin2: Record<string, string>
  let conversationId = 0
  const call = async (def: ReturnType<typeof callOf>, payload: Record<string, unknown>, who = admin) => {
    const reply = await send(ctx.url, def, payload, who)
    expect(reply.status, `${def.name}: ${JSON.stringify(reply.body)}`).toBe(200)
    return shaped(def, reply.body).data
  }

  beforeAll(async () => {
    admin = as((await login(ctx.url, "admin")).user_token)
    admin2 = as((await login(ctx.url, "admin2")).user_token)
    const agents = (await call(chat("listAgentadminlist"), { limit: 100 })).items as { id: number; username?: string; name?: string }[]
    const [first, second] = agents
    const opened = await customerWrites(ctx.server, numbers[0], { name: NAME, text: ARABIC })
    conversationId = opened.body.data.conversationId
    await customerWrites(ctx.server, numbers[0], { name: NAME, text: "İyi günler, şu an müsait misiniz?" })
    await call(chat("chatUpdateByNumber"), { number: numbers[0], agent_id: first.id, read: true })
    await call(chat("messagesSendText"), { type: "text", text: { to: [numbers[0]], message: { text: "Merhaba, hemen bakıyorum" } } })
    await call(chat("shiftTicket"), { conversation_id: conversationId, agent_id: second.id })
    await call(chat("chatClose"), { conversation_id: conversationId, resolution: "Kargo bilgisi verildi" })
    for (const number of numbers.slice(1)) {
      const other = await customerWrites(ctx.server, number, { text: `Hello from ${number}` })
      await call(chat("chatClose"), { conversation_id: other.body.data.conversationId })
    }
  }, 120_000)

  it("the CSV lists the conversation's messages in order, with the transfer, the close and its note", async () => {
    const data = await call(file, { id: conversationId, format: "csv", language: "en" })
    expect(data.mime_type).toBe("text/csv")
    const [header, ...rows] = parse(Buffer.from(data.data_base64, "base64").toString("utf8")) as string[][]
    expect(header).toEqual(["Time", "Kind", "Direction", "Sender", "Agent", "Text", "Attachments"])
    const messages = (await call(chat("agentGetChat"), { conversation_id: conversationId, limit: 100 })).items.slice().reverse()
    const messageRows = rows.filter((r) => r[1] === "Message")
    expect(messageRows.map((r) => [r[0], r[2], r[5]])).toEqual(
      messages.map((m: { dt: string; direction: string; body: string }) => [
        m.dt,
        m.direction === "inbound" ? "Inbound" : "Outbound",
        m.body,
      ]),
    )
    expect(messageRows[0][3]).toBe(NAME)
    const texts = rows.map((r) => r[5])
    expect(texts.some((t) => t.startsWith("Transferred from "))).toBe(true)
    expect(texts.some((t) => t.startsWith("Closed by "))).toBe(true)
    expect(rows.at(-1)?.[1] === "Note" || texts.includes("Kargo bilgisi verildi")).toBe(true)
    const times = rows.map((r) => r[0])
    expect(times).toEqual([...times].sort())
  })

  it("the PDF is a PDF naming the customer, with the Arabic message reading right to left", async () => {
    const data = await call(file, { id: conversationId, format: "pdf", language: "ar" })
    const bytes = Buffer.from(data.data_base64, "base64")
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-")
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
    expect(text).toContain(NAME)
    expect(text).toContain(LABELS.ar.title)
    // pdf.js reads a line back in logical order only when it was drawn right to left as one shaped run: laid out word by
    // word (pdfkit's default), the same message comes back with its words reversed.
    expect(text).toContain(ARABIC)
  })

  it("another tenant's conversation is not found", async () => {
    const reply = await send(ctx.url, file, { id: conversationId, format: "pdf" }, admin2)
    expect(reply.status).toBe(404)
  })

  it("a bulk export of the filter reports progress and zips one transcript per conversation", async () => {
    const started = await call(start, { format: "pdf", language: "tr", search: prefix })
    expect(started).toMatchObject({ status: "queued", total: 3, done: 0, url: null })
    expect((await send(ctx.url, byId, { id: started.id }, admin2)).status).toBe(404)
    let seen = started
    const until = Date.now() + 60_000
    while (seen.status !== "done" && seen.status !== "failed" && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100))
      seen = await call(byId, { id: started.id })
      expect(seen.done).toBeLessThanOrEqual(seen.total)
    }
    expect(seen).toMatchObject({ status: "done", total: 3, done: 3, error: null })
    const zip = await fetch(new URL(seen.url, ctx.url))
    expect(zip.status).toBe(200)
    const names = await unzip(Buffer.from(await zip.arrayBuffer()))
    expect(names.sort()).toEqual(numbers.map((n) => expect.stringContaining(n.slice(1))).sort())
    expect(names).toHaveLength(3)
    expect(names.every((n) => n.endsWith(".pdf"))).toBe(true)

    // A day later the zip is gone: its link answers 404 and the export no longer offers one.
    const database = ctx.server.services.database
    await database.query("UPDATE transcript_exports SET finished_at = finished_at - interval '25 hours' WHERE id = $1", [started.id])
    await database.transaction((tx) => zipCleanup.tick(tx, new Date()))
    expect((await fetch(new URL(seen.url, ctx.url))).status).toBe(404)
    expect(await call(byId, { id: started.id })).toMatchObject({ status: "done", done: 3, url: null })
  })
})
