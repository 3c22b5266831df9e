/** Uploads on both databases: store a file, hand out a signed URL the browser can GET, refuse what must not be stored or served. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { fileIdOfLink, signatureOf } from "../../core/signed-url"

const upload = callOf("uploads", "upload")
const byId = callOf("uploads", "messageAttachmentByAttachmentId")
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("IHDR-and-some-pixels")])
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")
const b64 = (b: Buffer) => b.toString("base64")

describe.each(DB_KINDS)("uploads on %s", (kind) => {
  const ctx = useServer(kind)
  const get = (url: string) => fetch(url.startsWith("http") ? url : `${ctx.url}${url}`)
  const count = async () =>
    Number(
      (
        (await ctx.server.services.database.db.execute(sql`SELECT count(*)::int AS n FROM attachments`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows[0].n,
    )

  it("stores an image and serves the same bytes with its type at a signed URL that needs no header", async () => {
    const h = as((await login(ctx.url, "agent1")).user_token)
    const stored = await send(ctx.url, upload, { file_name: "photo.png", mime_type: "image/png", data_base64: b64(PNG) }, h)
    expect(stored.status).toBe(200)
    const file = stored.body.data
    expect(file).toMatchObject({ name: "photo.png", mime_type: "image/png", size: PNG.length })
    // Absolute (this server as the caller reached it), so it can also go out as a media message's link.
    expect(file.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/files\/\d+\?exp=\d+&sig=[\w-]{43}$/)
    expect(file.url.startsWith(ctx.url)).toBe(true)
    const served = await get(file.url)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toBe("image/png")
    expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="photo.png"/)
    expect(served.headers.get("x-content-type-options")).toBe("nosniff")
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)
    const again = await send(ctx.url, byId, { attachment_id: file.id }, h)
    expect(again.body.data).toEqual(file)
    // A media send can tell the link is this stored file (and nothing else is).
    const { config } = ctx.server.services
    expect(fileIdOfLink(config, file.url)).toBe(file.id)
    expect(fileIdOfLink(config, file.url.replace(/sig=[\w-]+/, `sig=${"A".repeat(43)}`))).toBeNull()
    expect(fileIdOfLink(config, "https://example.com/photo.png")).toBeNull()
  })

  it("serves documents for saving, under their name, and PDFs for the viewer", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const docx = (
      await send(
        ctx.url,
        upload,
        {
          file_name: "Fatura Şubat.docx",
          mime_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          data_base64: b64(Buffer.from("PK\u0003\u0004 word")),
        },
        h,
      )
    ).body.data
    const served = await get(docx.url)
    expect(served.headers.get("content-disposition")).toBe(
      `attachment; filename="Fatura _ubat.docx"; filename*=UTF-8''${encodeURIComponent("Fatura Şubat.docx")}`,
    )
    expect(served.headers.get("content-security-policy")).toContain("sandbox")
    const pdf = (await send(ctx.url, upload, { file_name: "invoice.pdf", mime_type: "application/pdf", data_base64: b64(PDF) }, h)).body
      .data
    const shown = await get(pdf.url)
    expect(shown.headers.get("content-type")).toBe("application/pdf")
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; filename="invoice.pdf"/)
    expect(Buffer.from(await shown.arrayBuffer()).equals(PDF)).toBe(true)
  })

  it("answers 403 for a forged, altered or expired link", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const file = (await send(ctx.url, upload, { file_name: "a.png", mime_type: "image/png", data_base64: b64(PNG) }, h)).body.data
    const [path, query] = file.url.split("?")
    const params = new URLSearchParams(query)
    const forged = await get(`${path}?exp=${params.get("exp")}&sig=${"A".repeat(43)}`)
    expect(forged.status).toBe(403)
    expect((await forged.json()).error.code).toBe("FORBIDDEN")
    expect((await get(`${path}?exp=${Number(params.get("exp")) + 3600}&sig=${params.get("sig")}`)).status).toBe(403)
    expect((await get(path)).status).toBe(403)
    // A link to another file with this file's signature.
    expect((await get(`${ctx.url}/api/files/${file.id + 1}?${query}`)).status).toBe(403)
    const past = Math.floor(Date.now() / 1000) - 60
    const expired = await get(`${path}?exp=${past}&sig=${signatureOf(ctx.server.services.config.jwtSecret, file.id, past)}`)
    expect(expired.status).toBe(403)
    expect((await expired.json()).error.code).toBe("LINK_EXPIRED")
  })

  it("keeps attachments to their tenant: another tenant's id is 404", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const file = (await send(ctx.url, upload, { file_name: "b.png", mime_type: "image/png", data_base64: b64(PNG) }, h)).body.data
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const foreign = await send(ctx.url, byId, { attachment_id: file.id }, h2)
    expect(foreign.status).toBe(404)
    expect(JSON.stringify(foreign.body)).not.toContain("b.png")
    expect((await send(ctx.url, byId, { attachment_id: "999999999" }, h)).status).toBe(404)
    expect((await send(ctx.url, upload, { file_name: "b.png", mime_type: "image/png", data_base64: b64(PNG) })).status).toBe(401)
  })

  it("refuses what it must not store, with clear 4xx answers, and stores nothing then", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const before = await count()
    const post = (payload: Record<string, unknown>) => send(ctx.url, upload, { file_name: "f", ...payload }, h)
    const html = await post({ mime_type: "text/html", data_base64: b64(Buffer.from("<script>alert(1)</script>")) })
    expect(html.status).toBe(415)
    expect(html.body.error).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", field: "mime_type" })
    expect((await post({ mime_type: "image/svg+xml", data_base64: b64(Buffer.from("<svg/>")) })).status).toBe(415)
    const big = await post({
      mime_type: "image/png",
      data_base64: b64(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])),
    })
    expect(big.status).toBe(413)
    expect(big.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", field: "data_base64" })
    expect(big.body.error.message).toContain("5 MiB")
    const fake = await post({ mime_type: "image/png", data_base64: b64(Buffer.from("<html>not a png</html>")) })
    expect(fake.status).toBe(400)
    expect(fake.body.error.field).toBe("data_base64")
    expect((await post({ mime_type: "image/png", data_base64: "abc" })).body.error).toMatchObject({
      code: "BAD_REQUEST",
      field: "data_base64",
    })
    expect((await post({ mime_type: "image/png", data_base64: "not base64!" })).body.error.field).toBe("data_base64")
    expect((await post({ mime_type: "nonsense", data_base64: b64(PNG) })).body.error.field).toBe("mime_type")
    expect(await count()).toBe(before)
  })
})
