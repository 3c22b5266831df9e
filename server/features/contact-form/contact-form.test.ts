/**
 * The contact information form on both databases: the tenant saves its fields and default country through the
 * settings calls and gets a signed link; the public form answers only a valid, current token (tampered: 403, turned
 * off since: 410; another tenant's token reaches that tenant only); bad answers are a 400 naming the field with nothing
 * written; a good one lands on the contact by its E.164 number (created when new, merged after); an address is rate
 * limited. The CSV import reads numbers in the saved default country.
 */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { rowsOf } from "../../db/rows"
import { FORM_SUBMITS_PER_MINUTE } from "./contact-form-routes"

const FIELDS = [
  { key: "name", label: "Your name", type: "text", required: true },
  { key: "email", type: "email", required: false },
  { key: "city", label: "City", type: "text", required: true },
  { key: "visits", type: "number", required: false },
]

describe.each(DB_KINDS)("contact form on %s", (kind) => {
  const t = useServer(kind)
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${t.url}/api/public/contact-form/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: await response.json(), retryAfter: response.headers.get("retry-after") }
  }
  const contactsOf = async (clientId: number, number: string) =>
    rowsOf(
      await t.server.services.database.db.execute(
        sql`SELECT name, email, attributes, number FROM contacts WHERE client_id = ${clientId} AND number = ${number}`,
      ),
    )
  const settings = (h: Record<string, string>, body: Record<string, unknown>) =>
    send(t.url, callOf("onboarding", "updateAllsettings"), body, h)

  it("saves the form and the default country, and answers the form only to a valid, current link", async () => {
    const h = as((await login(t.url, "admin")).user_token)
    const h2 = as((await login(t.url, "admin2")).user_token)
    const saved = await settings(h, { default_country: "TR", contact_form: { enabled: true, fields: FIELDS } })
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ default_country: "TR", contact_form: { enabled: true, fields: FIELDS } })
    const link = String(saved.body.data.contact_form.link)
    expect(link).toMatch(/\/contact-form\?token=/)
    expect((await send(t.url, callOf("onboarding", "clientAllsettings"), {}, h)).body.data.contact_form.link).toBe(link)
    const token = decodeURIComponent(link.split("token=")[1])

    const fields = await post("fields", { token })
    expect(fields.status).toBe(200)
    expect(fields.body.data.fields).toEqual(FIELDS)

    // Tampered: another tenant's id, or a changed signature.
    const [, key, signature] = token.split(".")
    expect((await post("fields", { token: `2.${key}.${signature}` })).status).toBe(403)
    expect((await post("fields", { token: `1.${key}.${signature.slice(0, -2)}xx` })).body.error.code).toBe("FORM_LINK_INVALID")
    expect((await post("submit", { token: "nonsense", number: "+905321112233", values: { name: "A", city: "B" } })).status).toBe(403)

    // Another tenant's link reaches that tenant only.
    const other = await settings(h2, { contact_form: { enabled: true, fields: [{ key: "name", type: "text", required: true }] } })
    const token2 = decodeURIComponent(String(other.body.data.contact_form.link).split("token=")[1])
    const number = `+90532${String(Date.now()).slice(-7)}`
    expect((await post("submit", { token: token2, number, values: { name: "Tenant two's" } })).status).toBe(200)
    expect(await contactsOf(2, number)).toHaveLength(1)
    expect(await contactsOf(1, number)).toHaveLength(0)

    // Turning the form off revokes the link; on again, a new link, the old one stays refused.
    await settings(h2, { contact_form: { enabled: false, fields: [] } })
    const revoked = await post("fields", { token: token2 })
    expect(revoked.status).toBe(410)
    expect(revoked.body.error.message).toContain("no longer open")
    const again = await settings(h2, { contact_form: { enabled: true, fields: [{ key: "name", type: "text", required: true }] } })
    expect(again.body.data.contact_form.link).not.toBe(other.body.data.contact_form.link)
    expect((await post("submit", { token: token2, number, values: { name: "Again" } })).status).toBe(410)

    // Nothing saves for a bad setting.
    expect((await settings(h, { timezone: "Mars/Olympus" })).status).toBe(400)
    expect((await settings(h, { contact_form: { enabled: true, fields: [FIELDS[0], FIELDS[0]] } })).status).toBe(400)
  })

  it("refuses bad answers with nothing written, and saves good ones on the contact by its E.164 number", async () => {
    const h = as((await login(t.url, "admin")).user_token)
    const saved = await settings(h, { default_country: "TR", contact_form: { enabled: true, fields: FIELDS } })
    const token = decodeURIComponent(String(saved.body.data.contact_form.link).split("token=")[1])
    const tail = String(Date.now()).slice(-7)
    const national = `0533 ${tail}`
    const e164 = `+90533${tail}`

    const missing = await post("submit", { token, number: national, values: { name: "Deniz" } })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toMatchObject({ field: "city", message: "City is required" })
    const email = await post("submit", { token, number: national, values: { name: "Deniz", city: "Izmir", email: "not-mail" } })
    expect(email.body.error.field).toBe("email")
    expect((await post("submit", { token, number: national, values: { name: "Deniz", city: "Izmir", visits: "many" } })).status).toBe(400)
    expect((await post("submit", { token, number: "12", values: { name: "Deniz", city: "Izmir" } })).body.error.field).toBe("number")
    expect((await post("submit", { token, number: national, values: "all of them" })).status).toBe(400)
    expect(await contactsOf(1, e164)).toHaveLength(0)

    const first = await post("submit", { token, number: national, values: { name: " Deniz ", city: "Izmir", email: "deniz@example.com" } })
    expect(first.status).toBe(200)
    expect(first.body.data.created).toBe(true)
    const [created] = await contactsOf(1, e164)
    expect(created).toMatchObject({ name: "Deniz", email: "deniz@example.com" })
    const second = await post("submit", { token, number: e164, values: { name: "Deniz Y", city: "Ankara", visits: "3" } })
    expect(second.body.data.created).toBe(false)
    const [merged] = await contactsOf(1, e164)
    const attributes = typeof merged.attributes === "string" ? JSON.parse(merged.attributes) : merged.attributes
    expect(merged).toMatchObject({ name: "Deniz Y", email: "deniz@example.com" })
    expect(attributes).toMatchObject({ city: "Ankara", visits: 3 })
    const byNumber = await send(t.url, callOf("contacts", "fetchCustomerByNumber"), { number: e164 }, h)
    expect(JSON.stringify(byNumber.body)).toContain("Ankara")
  })

  it("reads imported numbers in the saved default country", async () => {
    const h = as((await login(t.url, "admin")).user_token)
    const tail = String(Date.now()).slice(-7)
    const csv = `number,name\n0534 ${tail},Imported\n`
    const upload = () => send(t.url, callOf("contacts", "addCustomers"), { file_name: "c.csv", file: csv }, h)
    await settings(h, { default_country: "DE" })
    const german = await upload()
    expect(german.body.data.default_country).toBe("DE")
    expect(await contactsOf(1, `+90534${tail}`)).toHaveLength(0)
    await settings(h, { default_country: "TR" })
    const turkish = await upload()
    expect(turkish.body.data).toMatchObject({ default_country: "TR", imported: 1, rejected: 0 })
    expect(await contactsOf(1, `+90534${tail}`)).toHaveLength(1)
  })

  it("limits how often one address submits", async () => {
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof post>> | null = null
    for (let i = 0; i <= FORM_SUBMITS_PER_MINUTE; i++) {
      last = await post("submit", { token: "1.x.y", number: "+905321112233", values: {} })
      statuses.push(last.status)
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1)
    expect(last?.retryAfter).toBeTruthy()
    expect(last?.body.error.code).toBe("TOO_MANY_REQUESTS")
  })
})
