/**
 * The business's own company pages on both databases: its profile read back by itself (and only its own), the contact
 * person kept, its agents listed for a tenant admin (own business only; the super admin any), and its API key
 * rotated (the new key works, the old one is refused at once) and revoked (no key works), each needing its permission.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { issueApiKey } from "../../auth/api-keys"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"

const c = (name: Parameters<typeof callOf<"company">>[1]) => callOf("company", name)
const authenticate = callOf("auth", "authenticate")

describe.each(DB_KINDS)("company pages on %s", (kind) => {
  const ctx = useServer(kind)
  let admin: Record<string, string>
  let admin2: Record<string, string>
  let agent: Record<string, string>
  let superadmin: Record<string, string>
  beforeAll(async () => {
    admin = as((await login(ctx.url, "admin")).user_token)
    admin2 = as((await login(ctx.url, "admin2")).user_token)
    agent = as((await login(ctx.url, "agent1")).user_token)
    superadmin = as((await login(ctx.url, "superadmin")).user_token)
  }, 120_000)

  it("reads back the caller's own profile after an update, contact person included, and never another's", async () => {
    const update = callOf("onboarding", "clientUpdate")
    expect((await send(ctx.url, update, { name: "Acme Bazaar", contact_person: "Ayşe Kaya", phone: "+905321112233" }, admin)).status).toBe(
      200,
    )
    const own = shaped(c("fetchOwnClient"), (await send(ctx.url, c("fetchOwnClient"), {}, admin)).body).data
    expect(own).toMatchObject({ id: 1, name: "Acme Bazaar", contact_person: "Ayşe Kaya", phone: "+905321112233" })
    const other = shaped(c("fetchOwnClient"), (await send(ctx.url, c("fetchOwnClient"), {}, admin2)).body).data
    expect(other.id).toBe(2)
    expect(other.name).not.toBe("Acme Bazaar")
    // Empty text clears the contact person.
    await send(ctx.url, update, { contact_person: "  " }, admin)
    expect((await send(ctx.url, c("fetchOwnClient"), {}, admin)).body.data.contact_person).toBeNull()
    // An agent without the client settings permission reads nothing.
    expect((await send(ctx.url, c("fetchOwnClient"), {}, agent)).status).toBe(403)
  })

  it("lists a business's agents for its own admin only; the super admin lists any", async () => {
    const byId = callOf("businesses", "clientAgentsByClientId")
    const paged = callOf("businesses", "clientAgentsPaginated")
    const mine = shaped(byId, (await send(ctx.url, byId, { client_id: 1 }, admin)).body).data
    expect(mine.map((a: { username: string }) => a.username)).toEqual(expect.arrayContaining(["admin", "agent1", "agent2"]))
    expect(mine.map((a: { username: string }) => a.username)).not.toContain("admin2")
    expect((await send(ctx.url, byId, { client_id: 2 }, admin)).status).toBe(404)
    const page = shaped(paged, (await send(ctx.url, paged, { client_id: 1, page: 1, limit: 2, search: "agent" }, admin)).body).data
    expect(page.totalItems).toBe(2)
    expect(page.items).toHaveLength(2)
    expect((await send(ctx.url, paged, { client_id: 2, page: 1, limit: 10 }, admin)).status).toBe(404)
    expect((await send(ctx.url, byId, { client_id: 1 }, agent)).status).toBe(403)
    const theirs = (await send(ctx.url, byId, { client_id: 2 }, superadmin)).body.data
    expect(theirs.map((a: { username: string }) => a.username)).toContain("admin2")
  })

  it("rotates the API key: the new key works, the old one is refused at once; a revoke leaves none working", async () => {
    // Only hashes are stored: the tests make each tenant a key as the page does, and keep it.
    const old = await issueApiKey(ctx.server.services.database.db, 1)
    const tenant2Key = await issueApiKey(ctx.server.services.database.db, 2)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": old })).status).toBe(200)
    const before = shaped(c("apiKeyState"), (await send(ctx.url, c("apiKeyState"), {}, admin)).body).data
    expect(before).toMatchObject({ active: true, hint: `ak_••••${old.slice(-4)}` })
    expect(JSON.stringify(before)).not.toContain(old)

    const rotated = shaped(c("apiKeyRotate"), (await send(ctx.url, c("apiKeyRotate"), {}, admin)).body).data
    expect(rotated.key).toMatch(/^ak_[0-9a-f]{36}$/)
    expect(rotated).toMatchObject({ active: true, hint: `ak_••••${rotated.key.slice(-4)}` })
    expect(rotated.created_at).not.toBeNull()
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": old })).status).toBe(401)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": rotated.key })).body.data.client.id).toBe(1)
    expect((await send(ctx.url, c("apiKeyState"), {}, admin)).body.data.hint).toBe(rotated.hint)
    // Tenant two's key is untouched, and tenant two sees only its own.
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": tenant2Key })).status).toBe(200)
    expect((await send(ctx.url, c("apiKeyState"), {}, admin2)).body.data.hint).toBe(`ak_••••${tenant2Key.slice(-4)}`)

    const revoked = shaped(c("apiKeyRevoke"), (await send(ctx.url, c("apiKeyRevoke"), {}, admin)).body).data
    expect(revoked).toEqual({ active: false, hint: null, created_at: null })
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": rotated.key })).status).toBe(401)
    expect((await send(ctx.url, c("apiKeyState"), {}, admin)).body.data.active).toBe(false)

    const again = (await send(ctx.url, c("apiKeyRotate"), {}, admin)).body.data
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": again.key })).status).toBe(200)
    expect((await send(ctx.url, c("apiKeyRotate"), {}, agent)).status).toBe(403)
  })
})
