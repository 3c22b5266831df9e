/** Revoked tokens on both databases: every credential kind refused within a second, hashed storage, isolation, and the cache switch. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { issueApiKey } from "../../auth/api-keys"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const b = (name: "blacklistTokens" | "blacklistTokenAdd" | "blacklistTokenDelete" | "clearCache") => callOf("blacklist", name)
const authenticate = callOf("auth", "authenticate")
const layout = callOf("layout", "userLayout")

describe.each(DB_KINDS)("revoked tokens on %s", (kind) => {
  const ctx = useServer(kind)
  const db = () => ctx.server.services.database.db
  /** A fresh key for the tenant (only its hash is stored, so a test makes one as the custom_api page does). */
  const apiKeyOf = (id: number) => issueApiKey(db(), id)

  it("refuses a revoked API key on the next call (well within a second), stores only its hash, and takes it back", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const key = await apiKeyOf(1)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": key })).status).toBe(200)
    const added = await send(ctx.url, b("blacklistTokenAdd"), { token: key, reason: "Leaked in a public repository" }, h)
    const revokedAt = Date.now()
    expect(added.body.data).toMatchObject({
      token_hint: `${key.slice(0, 4)}…${key.slice(-4)}`,
      reason: "Leaked in a public repository",
      expires_at: null,
    })
    const refused = await send(ctx.url, authenticate, {}, { "x-api-key": key })
    expect(Date.now() - revokedAt).toBeLessThan(1000)
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatchObject({ code: "TOKEN_INVALID", message: "This API key has been revoked" })
    const stored = rowsOf(await db().execute(sql`SELECT token FROM blacklisted_tokens WHERE id = ${added.body.data.id}`))
    expect(stored[0].token).toMatch(/^[0-9a-f]{64}$/)
    expect(stored[0].token).not.toContain(key)
    // Tenant two's key is not touched.
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": await apiKeyOf(2) })).status).toBe(200)
    const listed = (await send(ctx.url, b("blacklistTokens"), {}, h)).body.data
    expect(listed.items[0]).toMatchObject({ id: added.body.data.id, token_hint: added.body.data.token_hint })
    expect((await send(ctx.url, b("blacklistTokenDelete"), { id: added.body.data.id }, h)).body).toEqual({ data: { ok: true } })
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": key })).status).toBe(200)
  })

  it("ends a revoked login: its client token and its user token are both refused at once", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const victim = await login(ctx.url, "agent1")
    expect((await send(ctx.url, authenticate, {}, { "client-token": victim.client_token })).status).toBe(200)
    const added = (await send(ctx.url, b("blacklistTokenAdd"), { token: victim.client_token, reason: "Stolen laptop" }, h)).body.data
    expect(added.expires_at).not.toBeNull()
    const started = Date.now()
    expect((await send(ctx.url, authenticate, {}, { "client-token": victim.client_token })).status).toBe(401)
    expect((await send(ctx.url, layout, {}, as(victim.user_token))).status).toBe(401)
    expect(Date.now() - started).toBeLessThan(1000)
    // The person logs in again and works; the revoked token stays refused.
    const again = await login(ctx.url, "agent1")
    expect((await send(ctx.url, layout, {}, as(again.user_token))).status).toBe(200)
    expect((await send(ctx.url, authenticate, {}, { "client-token": victim.client_token })).status).toBe(401)
  })

  it("refuses another tenant's token, a repeat and a short string, and keeps each tenant's list to itself", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const other = await login(ctx.url, "admin2")
    const h2 = as(other.user_token)
    const foreign = await send(ctx.url, b("blacklistTokenAdd"), { token: other.client_token }, h)
    expect(foreign.status).toBe(400)
    expect(foreign.body.error.field).toBe("token")
    expect((await send(ctx.url, b("blacklistTokenAdd"), { token: await apiKeyOf(2) }, h)).status).toBe(400)
    expect((await send(ctx.url, authenticate, {}, { "client-token": other.client_token })).status).toBe(200)
    const unknown = "sk_live_0123456789abcdef0123"
    const mine = (await send(ctx.url, b("blacklistTokenAdd"), { token: unknown }, h)).body.data
    const repeat = await send(ctx.url, b("blacklistTokenAdd"), { token: unknown }, h)
    expect(repeat.status).toBe(409)
    expect((await send(ctx.url, b("blacklistTokenAdd"), { token: "short" }, h)).body.error.field).toBe("token")
    const theirs = (await send(ctx.url, b("blacklistTokens"), {}, h2)).body.data.items.map((t: { id: number }) => t.id)
    expect(theirs).not.toContain(mine.id)
    expect((await send(ctx.url, b("blacklistTokenDelete"), { id: mine.id }, h2)).status).toBe(404)
    const agent = as((await login(ctx.url, "agent1")).user_token)
    expect((await send(ctx.url, b("blacklistTokens"), {}, agent)).status).toBe(403)
    expect((await send(ctx.url, b("clearCache"), {}, agent)).status).toBe(403)
  })

  it("clears the caches the server keeps for the tenant and says which; scopes it does not cache answer nothing cleared", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const clear = async (scope?: string) =>
      (await send(ctx.url, b("clearCache"), scope ? { scope } : {}, h)).body as { data: { cleared: number; caches: string[] } }
    await send(ctx.url, authenticate, {}, { "x-api-key": await apiKeyOf(1) }) // fills the tenant's IP rules
    const all = await clear("all")
    expect(all.data.cleared).toBeGreaterThanOrEqual(1)
    expect([...all.data.caches].sort()).toEqual(["bots", "ip_whitelist", "roles", "settings", "sla_policies"])
    // Every signed-in call reads its caller's role keys: the next clear finds only the entry its own check made.
    expect((await clear()).data.cleared).toBe(1)
    expect(await clear("settings")).toEqual({ data: { cleared: 0, caches: ["settings", "sla_policies", "bots"] } })
    expect(await clear("acl")).toEqual({ data: { cleared: 1, caches: ["roles"] } })
    expect((await send(ctx.url, b("clearCache"), { scope: "everything" }, h)).status).toBe(400)
  })

  it("clearing the access lists makes a grant changed behind the server's back count at once", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const roles = callOf("roles", "fetchListRoles")
    expect((await send(ctx.url, roles, {}, h)).status).toBe(200)
    // As another server (or a hand-run script) would: the admin role loses "BACK:roles" in the tables alone.
    const taken = rowsOf(
      await db().execute(sql`DELETE FROM role_permissions rp USING users u, permissions p
        WHERE u.username = 'admin' AND rp.role_id = u.role_id AND p.id = rp.permission_id AND p.key = 'BACK:roles'
        RETURNING rp.role_id, rp.permission_id`),
    )
    expect(taken).toHaveLength(1)
    try {
      await send(ctx.url, b("clearCache"), { scope: "acl" }, h)
      expect((await send(ctx.url, roles, {}, h)).status).toBe(403)
    } finally {
      await db().execute(sql`INSERT INTO role_permissions (role_id, permission_id) VALUES (${taken[0].role_id}, ${taken[0].permission_id})`)
      await send(ctx.url, b("clearCache"), { scope: "acl" }, h)
    }
    expect((await send(ctx.url, roles, {}, h)).status).toBe(200)
  })
})
