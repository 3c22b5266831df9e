/** The IP whitelist on both databases: the list, its checks, isolation, and enforcement on every tenant credential and on logins. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { issueApiKey } from "../../auth/api-keys"
import { forgetIpRules } from "../../auth/ip-rules"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { startTestServer } from "../../testing/test-server"

const ips = (name: "getIps" | "ipAdd" | "ipUpdate" | "ipDelete") => callOf("security", name)
const settings = (name: "getIpWhitelistSettings" | "setIpWhitelistSettings") => callOf("ipWhitelist", name)
const authenticate = callOf("auth", "authenticate")

describe.each(DB_KINDS)("IP whitelist on %s", (kind) => {
  const ctx = useServer(kind)
  const db = () => ctx.server.services.database.db
  /** A fresh key for the tenant (only its hash is stored, so a test makes one as the custom_api page does). */
  const apiKeyOf = (id: number) => issueApiKey(db(), id)
  /** Empties a tenant's list as an edit in this process would (the cache forgets it). */
  const clear = async (clientId: number) => {
    await db().execute(sql`DELETE FROM ip_whitelist WHERE client_id = ${clientId}`)
    forgetIpRules(db(), clientId)
  }

  it("keeps addresses and ranges canonical and unique, checks them, and pages and searches the list", async () => {
    await clear(1)
    const h = as((await login(ctx.url, "admin")).user_token)
    const added = (await send(ctx.url, ips("ipAdd"), { ip: "10.20.30.40/8", label: "Office VPN" }, h)).body.data
    expect(added).toMatchObject({ ip: "10.0.0.0/8", label: "Office VPN" })
    expect((await send(ctx.url, ips("ipAdd"), { ip: "2001:DB8::1" }, h)).body.data).toMatchObject({ ip: "2001:db8::1", label: null })
    const clash = await send(ctx.url, ips("ipAdd"), { ip: "10.0.0.0/8" }, h)
    expect(clash.status).toBe(409)
    expect(clash.body.error.field).toBe("ip")
    for (const bad of ["10.0.0", "300.1.1.1", "10.0.0.0/40", "example.com"]) {
      const reply = await send(ctx.url, ips("ipAdd"), { ip: bad }, h)
      expect(reply.status, bad).toBe(400)
      expect(reply.body.error.field).toBe("ip")
    }
    const updated = (await send(ctx.url, ips("ipUpdate"), { id: added.id, ip: "192.168.1.0/24", label: "" }, h)).body.data
    expect(updated).toMatchObject({ id: added.id, ip: "192.168.1.0/24", label: null })
    const found = (await send(ctx.url, ips("getIps"), { search: "2001" }, h)).body.data
    expect(found.items.map((e: { ip: string }) => e.ip)).toEqual(["2001:db8::1"])
    const all = (await send(ctx.url, ips("getIps"), { page: 1, limit: 1 }, h)).body.data
    expect(all).toMatchObject({ totalItems: 2, page: 1, limit: 1 })
    expect((await send(ctx.url, ips("ipDelete"), { id: added.id }, h)).body).toEqual({ data: { ok: true } })
    expect((await send(ctx.url, ips("ipDelete"), { id: added.id }, h)).status).toBe(404)
    await clear(1)
  })

  it("shows each tenant only its own list, and only to those holding the security permission", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const mine = (await send(ctx.url, ips("ipAdd"), { ip: "172.16.0.0/12" }, h)).body.data
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const theirs = (await send(ctx.url, ips("getIps"), {}, h2)).body.data.items.map((e: { ip: string }) => e.ip)
    expect(theirs).not.toContain("172.16.0.0/12")
    expect((await send(ctx.url, ips("ipUpdate"), { id: mine.id, label: "mine now" }, h2)).status).toBe(404)
    expect((await send(ctx.url, ips("ipDelete"), { id: mine.id }, h2)).status).toBe(404)
    const agent = as((await login(ctx.url, "agent1")).user_token)
    expect((await send(ctx.url, ips("getIps"), {}, agent)).status).toBe(403)
    expect((await send(ctx.url, ips("ipAdd"), { ip: "1.2.3.4" }, agent)).status).toBe(403)
    expect((await send(ctx.url, settings("setIpWhitelistSettings"), { enforce_login: true }, agent)).status).toBe(403)
    await clear(1)
  })

  it("refuses the tenant's API key and client token from an address off the list at once, with a 403 naming it, and logs it", async () => {
    await clear(1)
    const key = await apiKeyOf(1)
    const admin = await login(ctx.url, "admin")
    const h = as(admin.user_token)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": key })).status).toBe(200)
    const office = (await send(ctx.url, ips("ipAdd"), { ip: "10.0.0.0/8" }, h)).body.data
    const refused = await send(ctx.url, authenticate, {}, { "x-api-key": key })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: "IP_NOT_ALLOWED" })
    expect(refused.body.error.message).toContain("127.0.0.1")
    expect((await send(ctx.url, authenticate, {}, { "client-token": admin.client_token })).status).toBe(403)
    // The console's own calls (user token) are not API calls: the admin can still mend the list.
    expect((await send(ctx.url, ips("getIps"), {}, h)).status).toBe(200)
    await expect
      .poll(async () => {
        const rows = rowsOf(await db().execute(sql`SELECT detail FROM activity_logs WHERE client_id = 1 AND action = 'ip_refused'`))
        return rows.map((r) => (r.detail as { credential: string }).credential).sort()
      })
      .toEqual(expect.arrayContaining(["apiKey", "client"]))
    await send(ctx.url, ips("ipUpdate"), { id: office.id, ip: "127.0.0.0/8" }, h)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": key })).status).toBe(200)
    expect((await send(ctx.url, authenticate, {}, { "client-token": admin.client_token })).status).toBe(200)
    // Tenant two's list (127.0.0.1 from the seed) neither helps nor hinders tenant one.
    await send(ctx.url, ips("ipDelete"), { id: office.id }, h)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": key })).status).toBe(200)
  })

  it("applies an edit made by another server process within half a second (the cache's bound)", async () => {
    await clear(1)
    const key = await apiKeyOf(1)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": key })).status).toBe(200)
    // Written straight to the database, as another process would: this process's cache is not told.
    await db().execute(sql`INSERT INTO ip_whitelist (client_id, ip) VALUES (1, '10.9.9.9')`)
    const started = Date.now()
    while ((await send(ctx.url, authenticate, {}, { "x-api-key": key })).status === 200) {
      if (Date.now() - started > 2000) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const elapsed = Date.now() - started
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": key })).status).toBe(403)
    expect(elapsed).toBeLessThan(1000)
    await clear(1)
  })

  it("guards console logins only when the tenant switches it on, and tells the admin whether their own address is listed", async () => {
    await clear(1)
    const h = as((await login(ctx.url, "admin")).user_token)
    expect((await send(ctx.url, settings("getIpWhitelistSettings"), {}, h)).body.data).toEqual({
      enforce_login: false,
      your_ip: "127.0.0.1",
      your_ip_listed: false,
      entries: 0,
    })
    const entry = (await send(ctx.url, ips("ipAdd"), { ip: "192.0.2.0/24" }, h)).body.data
    // A list without the switch leaves logins alone.
    expect((await send(ctx.url, callOf("auth", "authUser"), { username: "agent1", password: "demo1234" })).status).toBe(200)
    const on = (await send(ctx.url, settings("setIpWhitelistSettings"), { enforce_login: true }, h)).body.data
    expect(on).toEqual({ enforce_login: true, your_ip: "127.0.0.1", your_ip_listed: false, entries: 1 })
    const refused = await send(ctx.url, callOf("auth", "authUser"), { username: "agent1", password: "demo1234" })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe("IP_NOT_ALLOWED")
    // Another tenant and the super admin are not touched.
    expect((await send(ctx.url, callOf("auth", "authUser"), { username: "admin2", password: "demo1234" })).status).toBe(200)
    expect((await send(ctx.url, callOf("auth", "authUser"), { username: "superadmin", password: "demo1234" })).status).toBe(200)
    await send(ctx.url, ips("ipUpdate"), { id: entry.id, ip: "127.0.0.1" }, h)
    expect((await send(ctx.url, settings("getIpWhitelistSettings"), {}, h)).body.data.your_ip_listed).toBe(true)
    expect((await send(ctx.url, callOf("auth", "authUser"), { username: "agent1", password: "demo1234" })).status).toBe(200)
    await send(ctx.url, settings("setIpWhitelistSettings"), { enforce_login: false }, h)
    await clear(1)
  })
})

describe("IP whitelist behind a trusted proxy", () => {
  it("takes X-Forwarded-For only from a listed proxy", async () => {
    const trusting = await startTestServer({ config: { trustProxy: ["127.0.0.1"] } })
    const distrusting = await startTestServer({ config: { trustProxy: ["10.255.255.1"] } })
    try {
      for (const server of [trusting, distrusting]) {
        const h = as((await login(server.url, "admin")).user_token)
        await send(server.url, ips("ipAdd"), { ip: "203.0.113.0/24" }, h)
      }
      const keyOf = (server: typeof trusting) => issueApiKey(server.services.database.db, 1)
      const forwarded = (key: string) => ({ "x-api-key": key, "x-forwarded-for": "203.0.113.7" })
      expect((await send(trusting.url, authenticate, {}, forwarded(await keyOf(trusting)))).status).toBe(200)
      const spoofed = await send(distrusting.url, authenticate, {}, forwarded(await keyOf(distrusting)))
      expect(spoofed.status).toBe(403)
      expect(spoofed.body.error.message).toContain("127.0.0.1")
    } finally {
      await trusting.stop()
      await distrusting.stop()
    }
  })
})
