/**
 * Onboarding and client settings on both databases: the public countries and the document upload's checks (type,
 * size, bytes), the business's own profile, subject and onboarding details (and nobody else's), the configured webhook
 * kept in the one webhook store, the health check's real checks, and the voice-call settings every agent then reads.
 */
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { PDF_BASE64 } from "../businesses/businesses.testing"

const o = (name: Parameters<typeof callOf<"onboarding">>[1]) => callOf("onboarding", name)

const MiB = 1024 * 1024
/** A PDF of about `mib` MiB, as base64. */
const pdfOf = (mib: number) => Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(Math.floor(mib * MiB) - 5)]).toString("base64")

describe.each(DB_KINDS)("onboarding on %s", (kind) => {
  const ctx = useServer(kind)
  let admin: Record<string, string>
  let admin2: Record<string, string>
  let agent: Record<string, string>
  beforeAll(async () => {
    admin = as((await login(ctx.url, "admin")).user_token)
    admin2 = as((await login(ctx.url, "admin2")).user_token)
    agent = as((await login(ctx.url, "agent1")).user_token)
  }, 120_000)

  it("lists the countries and checks a registration document's type, size and bytes before anyone signs in", async () => {
    const countries = shaped(o("fetchCountries"), (await send(ctx.url, o("fetchCountries"), {})).body).data
    expect(countries.map((c: { iso_code: string }) => c.iso_code)).toEqual(expect.arrayContaining(["TR", "AE", "SA"]))
    const upload = (body: Record<string, unknown>) =>
      send(ctx.url, o("registrationUpload"), {
        file_name: "a.pdf",
        mime_type: "application/pdf",
        data_base64: PDF_BASE64,
        document_type: "tax_certificate",
        ...body,
      })
    const ok = await upload({})
    expect(shaped(o("registrationUpload"), ok.body).data).toMatchObject({ name: "a.pdf", mime_type: "application/pdf" })
    const video = await upload({ mime_type: "video/mp4", file_name: "a.mp4" })
    expect([video.status, video.body.error.field]).toEqual([415, "mime_type"])
    const big = await upload({ data_base64: Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(10 * 1024 * 1024)]).toString("base64") })
    expect([big.status, big.body.error.code]).toEqual([413, "PAYLOAD_TOO_LARGE"])
    const fake = await upload({ data_base64: Buffer.from("<html>not a pdf</html>").toString("base64") })
    expect([fake.status, fake.body.error.field]).toEqual([400, "data_base64"])
  })

  const uploadDocument = (extra: Record<string, unknown> = {}) =>
    send(ctx.url, o("registrationUpload"), {
      file_name: "licence.pdf",
      mime_type: "application/pdf",
      data_base64: PDF_BASE64,
      document_type: "trade_license",
      ...extra,
    })
  const registration = async (extra: Record<string, unknown>) => {
    const [country] = (await send(ctx.url, o("fetchCountries"), {})).body.data as { id: number }[]
    const username = `applicant${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    return send(ctx.url, o("register"), {
      business_name: `Shop ${username}`,
      email: `${username}@shop.example`,
      phone: "+905551234567",
      country_id: country.id,
      admin_username: username,
      password: "strong-pass-1",
      ...extra,
    })
  }

  it("lets only the applicant who uploaded a document claim it, by the upload token it was answered", async () => {
    const mine = await uploadDocument()
    const token = shaped(o("registrationUpload"), mine.body).data.upload_token
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const second = await uploadDocument({ upload_token: token })
    expect(second.body.data.upload_token).toBe(token)
    const ids = [mine.body.data.id, second.body.data.id]
    // Another applicant names the ids: without the token, with its own, or with a made-up one, nothing is claimed.
    const theirs = (await uploadDocument()).body.data.upload_token
    expect((await registration({ document_ids: ids })).body.error.field).toBe("upload_token")
    for (const upload_token of [theirs, "x".repeat(32)]) {
      const stolen = await registration({ document_ids: ids, upload_token })
      expect([stolen.status, stolen.body.error.field]).toEqual([400, "document_ids"])
    }
    expect((await uploadDocument({ upload_token: "x".repeat(32) })).body.error.field).toBe("upload_token")
    const registered = await registration({ document_ids: ids, upload_token: token })
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)
    const [claimed] = rowsOf(
      await ctx.server.services.database.db.execute(
        sql`SELECT count(*)::int AS n FROM registration_documents WHERE client_id = ${registered.body.data.id}`,
      ),
    )
    expect(claimed.n).toBe(2)
  })

  it("keeps at most five documents and 25 MiB per applicant, and removes what no registration claimed within a day", async () => {
    const db = ctx.server.services.database.db
    const first = await uploadDocument()
    const token = first.body.data.upload_token
    // The applicant holds 24 MiB (the size the quota reads, set here rather than uploaded, to keep the test fast).
    await db.execute(sql`UPDATE attachments SET size = ${24 * MiB} WHERE id = ${first.body.data.id}`)
    const over = await uploadDocument({ upload_token: token, data_base64: pdfOf(1.5) })
    expect([over.status, over.body.error.code]).toEqual([413, "APPLICANT_QUOTA"])
    for (let i = 0; i < 4; i++) expect((await uploadDocument({ upload_token: token })).status).toBe(200)
    const sixth = await uploadDocument({ upload_token: token })
    expect([sixth.status, sixth.body.error.code]).toEqual([413, "APPLICANT_QUOTA"])
    // Another applicant has a quota of its own.
    expect((await uploadDocument()).status).toBe(200)
    // A day later, the job queue removes the unclaimed documents and their bytes; the token claims nothing.
    await db.execute(
      sql`UPDATE registration_documents SET created_at = now() - interval '25 hours' WHERE attachment_id = ${first.body.data.id}`,
    )
    await ctx.server.jobs.runDue()
    const [left] = rowsOf(
      await db.execute(sql`SELECT count(*)::int AS n FROM attachment_files WHERE attachment_id = ${first.body.data.id}`),
    )
    expect(left.n).toBe(0)
    const late = await registration({ document_ids: [first.body.data.id], upload_token: token })
    expect([late.status, late.body.error.field]).toEqual([400, "document_ids"])
  })

  it("edits the business's own profile, subject and onboarding details, and only its own", async () => {
    const updated = await send(
      ctx.url,
      o("clientUpdate"),
      { name: "Acme Retail", address: "Istiklal Cd. 1, Istanbul", website: "https://acme.example" },
      admin,
    )
    expect(shaped(o("clientUpdate"), updated.body).data).toMatchObject({
      id: 1,
      address: "Istiklal Cd. 1, Istanbul",
      website: "https://acme.example",
    })
    expect((await send(ctx.url, o("clientUpdate"), { name: "   " }, admin)).body.error.field).toBe("name")
    expect((await send(ctx.url, o("clientUpdate"), { country_id: 999999 }, admin)).body.error.field).toBe("country_id")
    const subject = await send(ctx.url, o("clientUpdateSubject"), { subject: "Acme Retail support" }, admin)
    expect(subject.body.data.subject).toBe("Acme Retail support")
    const read = await send(ctx.url, o("fetchSubjectByClientId"), { client_id: 1 }, admin)
    expect(shaped(o("fetchSubjectByClientId"), read.body).data).toEqual({ client_id: 1, subject: "Acme Retail support" })
    // Another business's subject is not found for a tenant; the super admin reads it.
    expect((await send(ctx.url, o("fetchSubjectByClientId"), { client_id: 1 }, admin2)).status).toBe(404)
    const superAdmin = as((await login(ctx.url, "superadmin")).user_token)
    expect((await send(ctx.url, o("fetchSubjectByClientId"), { client_id: 1 }, superAdmin)).body.data.subject).toBe("Acme Retail support")
    // Tenant two's edit touches tenant two only.
    await send(ctx.url, o("clientUpdateSubject"), { subject: "Globex" }, admin2)
    expect((await send(ctx.url, o("fetchSubjectByClientId"), { client_id: 1 }, admin)).body.data.subject).toBe("Acme Retail support")
    const details = await send(ctx.url, o("clientOnboarding"), { whatsapp_number: "+905320000001", business_category: "Retail" }, admin)
    expect(details.status).toBe(200)
    const [meta] = rowsOf(await ctx.server.services.database.db.execute(sql`SELECT meta FROM clients WHERE id = 1`))
    const stored = typeof meta.meta === "string" ? JSON.parse(meta.meta) : meta.meta
    expect(stored.onboarding).toEqual({ whatsapp_number: "+905320000001", business_category: "Retail", description: null })
    // The limited agent holds no client_settings permission.
    const limited = as((await login(ctx.url, "agent2")).user_token)
    expect((await send(ctx.url, o("clientUpdate"), { name: "Hijack" }, limited)).status).toBe(403)
  })

  it("keeps the configured webhook in the one webhook store, answers its token only as a hint, and per tenant", async () => {
    expect((await send(ctx.url, o("getWebhook"), {}, admin2)).body.data).toBeNull()
    const set = await send(ctx.url, o("configureWebhook"), { url: "https://hooks.acme.example/in", verify_token: "s3cret-token-1" }, admin)
    expect(shaped(o("configureWebhook"), set.body).data).toMatchObject({ url: "https://hooks.acme.example/in", verify_token: "s3…en-1" })
    const again = await send(
      ctx.url,
      o("configureWebhook"),
      { url: "https://hooks.acme.example/in", verify_token: "s3cret-token-2" },
      admin,
    )
    expect(again.body.data.verify_token).toBe("s3…en-2")
    const list = (await send(ctx.url, callOf("security", "clientWebhooks"), { search: "hooks.acme", limit: 50 }, admin)).body.data
    expect(list.items).toHaveLength(1)
    expect(list.items[0].events.length).toBeGreaterThan(5)
    expect((await send(ctx.url, o("getWebhook"), {}, admin)).body.data.url).toBe("https://hooks.acme.example/in")
    expect((await send(ctx.url, o("getWebhook"), {}, admin2)).body.data).toBeNull()
    expect(
      (await send(ctx.url, o("configureWebhook"), { url: "http://example.com/x", verify_token: "s3cret-token" }, admin)).body.error.field,
    ).toBe("url")
  })

  it("checks the business's health from the database, the queue and its webhooks", async () => {
    const reply = await send(ctx.url, o("clientHealthCheck"), {}, admin)
    const health = shaped(o("clientHealthCheck"), reply.body).data
    const names = health.checks.map((c: { name: string }) => c.name)
    expect(names.slice(0, 2)).toEqual(["database", "job_queue"])
    expect(health.checks[0].ok).toBe(true)
    expect(names).toContain("webhook:https://hooks.acme.example/in")
    expect(health.status).toBe(health.checks.every((c: { ok: boolean }) => c.ok) ? "ok" : "degraded")
  })

  it("saves the voice-call settings that every agent then reads", async () => {
    const saved = await send(ctx.url, o("callSetting"), { ring_timeout_seconds: 45, quick_replies: ["Call you back in 5 minutes"] }, admin)
    expect(shaped(o("callSetting"), saved.body).data).toEqual({
      enabled: true,
      ring_timeout_seconds: 45,
      ring_at_once: 0,
      quick_replies: ["Call you back in 5 minutes"],
      record_calls: false,
      recording_retention_days: 90,
    })
    const read = (await send(ctx.url, o("getCallSetting"), {}, agent)).body.data
    expect(read).toMatchObject({ ring_timeout_seconds: 45, quick_replies: ["Call you back in 5 minutes"] })
    expect((await send(ctx.url, o("getCallSetting"), {}, admin2)).body.data.ring_timeout_seconds).toBe(60)
    expect((await send(ctx.url, o("callSetting"), { ring_timeout_seconds: 5 }, admin)).body.error.field).toBe("ring_timeout_seconds")
    expect((await send(ctx.url, o("callSetting"), { ring_at_once: -1 }, admin)).body.error.field).toBe("ring_at_once")
  })

  // Last: it spends the address's registration budget.
  it("limits the uploads and registrations one address may make", async () => {
    const budget = ctx.server.services.config.registrationRatePerHour
    const statuses: number[] = []
    for (let i = 0; i <= budget && !statuses.includes(429); i++) statuses.push((await registration({ password: "short" })).status)
    expect(statuses.at(-1)).toBe(429)
    const refused = await uploadDocument()
    expect([refused.status, refused.body.error.code]).toEqual([429, "TOO_MANY_REQUESTS"])
  })
})
