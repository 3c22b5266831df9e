import { describe, expect, it } from "vitest"
import { allCalls } from "../../src/contract/catalogue"
import { loadFeatures } from "../features/load"
import { needsSuperAdmin } from "./access"
import { ipWhitelist } from "../db/schema/tenants"
import { issueApiKey } from "../auth/api-keys"
import { forgetIpRules } from "../auth/ip-rules"
import { DB_KINDS, as, callOf, login, send, useServer } from "../testing/harness"
import { CREDENTIAL_CALLS, genericPayload, isolationPayloads } from "../testing/fixtures"

describe.each(DB_KINDS)("enforcement on %s", (kind) => {
  const ctx = useServer(kind)

  const tenantOneView = async (token: string) => {
    const calls = [
      callOf("roles", "fetchListRoles"),
      callOf("users", "fetchListUsers"),
      callOf("permissions", "fetchListPermissions"),
      callOf("auth", "sessionFetch"),
      callOf("users", "clientMeta"),
    ]
    const views = await Promise.all(calls.map((call) => send(ctx.url, call, { limit: 1000 }, as(token))))
    // Online flags move with logins; everything else must stay as it was.
    return JSON.stringify(views.map((v) => v.body)).replace(/"online":(true|false)/g, "")
  }

  it("gives tenant two no read or write of tenant one's rows on any implemented route", async () => {
    const admin = await login(ctx.url, "admin")
    const h = as(admin.user_token)
    const secret = await send(
      ctx.url,
      callOf("permissions", "permissionsCreate"),
      { key: "BACK:tenant_one_secret", name: "tenant one secret" },
      h,
    )
    const role = await send(
      ctx.url,
      callOf("roles", "rolesCreate"),
      { name: "tenant one role", permission_ids: [secret.body.data.permission.id] },
      h,
    )
    const session = await send(ctx.url, callOf("auth", "sessionMessage"), { timeout_minutes: 15, message: "tenant one session" }, h)
    const agent1 = await login(ctx.url, "agent1")
    const before = await tenantOneView(admin.user_token)
    const ids = {
      roleId: role.body.data.role.id,
      userId: agent1.user_data.id,
      permissionId: secret.body.data.permission.id,
      sessionMessageId: session.body.data.session.id,
      loginId: agent1.login_id,
    }
    const admin2 = await login(ctx.url, "admin2")
    const { handlers } = await loadFeatures()
    const payloads = isolationPayloads(ids)
    const implemented = allCalls.filter(
      (call) => handlers.has(`${call.group}.${call.name}`) && !CREDENTIAL_CALLS.has(`${call.group}.${call.name}`),
    )
    for (const call of implemented) {
      const key = `${call.group}.${call.name}`
      const fields = [...Object.keys((call.request as { fields?: object }).fields ?? {}), ...call.params]
      const reply = await send(ctx.url, call, payloads[key] ?? genericPayload(fields, ids), as(admin2.user_token))
      expect(reply.status, `${key} ${JSON.stringify(reply.body)}`).toBeLessThan(500)
      const text = JSON.stringify(reply.body)
      for (const marker of ["acme.example", "Acme Retail", "tenant_one_secret", "tenant one role", "tenant one session"]) {
        expect(text.includes(marker), `${key} leaked ${marker}`).toBe(false)
      }
    }
    expect(await tenantOneView(admin.user_token)).toBe(before)
    // agent1's session survived admin2's logout attempt
    expect((await send(ctx.url, callOf("layout", "userLayout"), {}, as(agent1.user_token))).status).toBe(200)
    // It walks every implemented call (~400 requests): give it room on a loaded machine.
  }, 120_000)

  it("denies the limited agent the calls its role lacks (403)", async () => {
    const agent2 = await login(ctx.url, "agent2")
    for (const call of [
      callOf("roles", "fetchListRoles"),
      callOf("users", "fetchListUsers"),
      callOf("permissions", "fetchListRuleSets"),
      callOf("reports", "callsList"),
    ]) {
      const reply = await send(ctx.url, call, {}, as(agent2.user_token))
      expect(reply.status, call.name).toBe(403)
      expect(reply.body.error.code).toBe("FORBIDDEN")
    }
    expect((await send(ctx.url, callOf("layout", "userLayout"), {}, as(agent2.user_token))).status).toBe(200)
  })

  it("keeps business management and /admin calls for super admins", async () => {
    const admin = await login(ctx.url, "admin")
    const superadmin = await login(ctx.url, "superadmin")
    const superOnly = allCalls.filter(needsSuperAdmin)
    expect(superOnly.length).toBeGreaterThan(5)
    for (const call of superOnly.filter((c) => c.credential === "user")) {
      expect((await send(ctx.url, call, {}, as(admin.user_token))).status, call.path).toBe(403)
      expect((await send(ctx.url, call, {}, as(superadmin.user_token))).status, call.path).not.toBe(403)
    }
  })

  it("answers bad input with 400 and the field, unknown ids with 404", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const bad = await send(ctx.url, callOf("roles", "rolesCreate"), { name: 5 }, h)
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatchObject({ code: "BAD_REQUEST", field: "name" })
    const email = await send(
      ctx.url,
      callOf("users", "usersCreate"),
      { username: "x1", email: "not-mail", password: "password-1", display_name: "X" },
      h,
    )
    expect(email.body.error.field).toBe("email")
    const nested = await send(ctx.url, callOf("layout", "usersLayoutCreate"), { layout: { style: "diagonal", mode: "boxed" } }, h)
    expect(nested.body.error.field).toBe("layout.style")
    expect((await send(ctx.url, callOf("roles", "rolesUpdateById"), { id: 999999, name: "x" }, h)).status).toBe(404)
    expect((await send(ctx.url, callOf("users", "usersDeleteById"), { id: "9999999999999" }, h)).status).toBe(404)
    expect((await send(ctx.url, callOf("roles", "rolesDeleteById"), { id: "abc" }, h)).body.error.field).toBe("id")
    const unknown = await fetch(`${ctx.url}/api/no/such/call`)
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error.code).toBe("NOT_FOUND")
  })

  it("answers 501 naming the call for an unbuilt route, after auth and validation", async () => {
    const { handlers } = await loadFeatures()
    const unbuilt = allCalls.filter((c) => c.credential === "user" && !needsSuperAdmin(c) && !handlers.has(`${c.group}.${c.name}`))
    if (unbuilt.length === 0) return
    expect((await send(ctx.url, unbuilt[0], {})).status).toBe(401)
    const token = (await login(ctx.url, "admin")).user_token
    let checked = 0
    for (const call of unbuilt) {
      const reply = await send(ctx.url, call, {}, as(token))
      expect([400, 501], `${call.group}.${call.name}`).toContain(reply.status)
      if (reply.status !== 501) continue // its schema wants fields: validation runs before 501
      expect(reply.body).toEqual({
        error: { code: "NOT_IMPLEMENTED", message: `${call.group}.${call.name} is not implemented yet` },
      })
      checked++
    }
    expect(checked).toBeGreaterThan(0)
  })

  it("turns broken bodies into 4xx error bodies", async () => {
    const token = (await login(ctx.url, "admin")).user_token
    const post = (body: string, type = "application/json") =>
      fetch(`${ctx.url}/api/backend/roles/create`, {
        method: "POST",
        headers: { "content-type": type, "user-token": token },
        body,
      })
    const broken = await post("{nope")
    expect(broken.status).toBe(400)
    expect((await broken.json()).error.code).toBe("BAD_REQUEST")
    const huge = await post(JSON.stringify({ name: "x".repeat(26 * 1024 * 1024) }))
    expect(huge.status).toBe(413)
    expect((await huge.json()).error.code).toBe("PAYLOAD_TOO_LARGE")
    expect((await post("<xml/>", "application/xml")).status).toBe(415)
  })

  it("checks raw API keys against the tenant's IP whitelist", async () => {
    const { db } = ctx.server.services.database
    const one = { apiKey: await issueApiKey(db, 1) }
    const authenticate = callOf("auth", "authenticate")
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": one.apiKey })).body.data.client.id).toBe(1)
    await db.insert(ipWhitelist).values({ clientId: 1, ip: "10.0.0.0/8" })
    forgetIpRules(db, 1) // as the whitelist's own calls do (written straight to the table, the 500 ms cache would not know)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": one.apiKey })).status).toBe(403)
    await db.insert(ipWhitelist).values({ clientId: 1, ip: "127.0.0.0/8" })
    forgetIpRules(db, 1)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": one.apiKey })).status).toBe(200)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": "ak_wrong" })).status).toBe(401)
  })
})
