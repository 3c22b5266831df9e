/**
 * Security suite, tenant credentials: a login's client_token expires with its session and dies with it (logout, a
 * newer login, a deleted user), carries its user's permissions, and every credential passes the permission check.
 * The last two drive the same rules through the HTTP pipeline (auth/principal.ts calls verifyClientToken and
 * apiKeyGrants).
 */
import { describe, expect, it } from "vitest"
import { issueApiKey } from "../auth/api-keys"
import { apiKeyGrants, verifyClientToken } from "../auth/client-token"
import { verifyUserToken } from "../auth/principal"
import { nowSeconds, signJwt } from "../auth/jwt"
import { authorize } from "./access"
import { DB_KINDS, as, callOf, login, send, useServer } from "../testing/harness"

const authenticate = callOf("auth", "authenticate")
const limits = callOf("conversationTemplates", "requestLimits")
const logout = callOf("auth", "logoutByLoginId")
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"))
const apiKey = (token: string) => ({ "x-api-key": token })

describe.each(DB_KINDS)("tenant credentials on %s", (kind) => {
  const ctx = useServer(kind)
  const publicPrincipal = {
    kind: "client",
    userId: null,
    clientId: null,
    superAdmin: false,
    loginId: null,
    grants: new Set<string>(),
    scope: "password-reset",
  } as const
  const verify = (token: string) =>
    verifyClientToken(ctx.server.services.database.db, "test-secret", token, { verifyUser: verifyUserToken, publicPrincipal })

  it("gives the login's client token the session, user and lifetime of its user token", async () => {
    const session = await login(ctx.url, "agent1")
    const user = claimsOf(session.user_token)
    expect(claimsOf(session.client_token)).toMatchObject({ typ: "client", sub: user.sub, lid: user.lid, exp: user.exp })
    const expired = signJwt({ ...claimsOf(session.client_token), iat: nowSeconds() - 100, exp: nowSeconds() - 1 }, "test-secret")
    expect((await send(ctx.url, authenticate, {}, apiKey(expired))).status).toBe(401)
  })

  it("refuses a client token whose session ended, and grants it its user's permissions only", async () => {
    const admin = await login(ctx.url, "admin")
    const agent2 = await login(ctx.url, "agent2")
    expect((await verify(agent2.client_token)).grants.has("BACK:conversation_templates")).toBe(false)
    expect((await verify(admin.client_token)).grants.has("BACK:conversation_templates")).toBe(true)
    const replaced = admin.client_token
    await login(ctx.url, "admin")
    await expect(verify(replaced)).rejects.toMatchObject({ status: 401, code: "SESSION_REPLACED" })
    expect((await send(ctx.url, logout, { login_id: agent2.login_id }, as(agent2.user_token))).status).toBe(200)
    await expect(verify(agent2.client_token)).rejects.toMatchObject({ status: 401 })
    const legacy = signJwt({ typ: "client", cid: 1, scope: "client", iat: nowSeconds() }, "test-secret")
    await expect(verify(legacy)).rejects.toMatchObject({ status: 401 })
    expect((await verify(signJwt({ typ: "client", cid: 0, scope: "password-reset", iat: nowSeconds() }, "test-secret"))).scope).toBe(
      "password-reset",
    )
  })

  it("checks the call's permission for every credential, and gives an API key its tenant admin's", async () => {
    const principal = { kind: "client" as const, userId: null, clientId: 1, superAdmin: false, loginId: null, scope: "client" }
    expect(() => authorize(limits, { ...principal, grants: new Set() })).toThrow(/Missing permission/)
    expect(() => authorize(limits, { ...principal, grants: new Set(["BACK:conversation_templates"]) })).not.toThrow()
    expect(() => authorize(limits, { ...principal, kind: "apiKey", grants: new Set() })).toThrow(/Missing permission/)
    expect((await apiKeyGrants(ctx.server.services.database.db, 1)).has("BACK:conversation_templates")).toBe(true)
  })

  it("ends the client token with its session through the API", async () => {
    const session = await login(ctx.url, "agent1")
    expect((await send(ctx.url, authenticate, {}, apiKey(session.client_token))).status).toBe(200)
    expect((await send(ctx.url, logout, { login_id: session.login_id }, as(session.user_token))).status).toBe(200)
    expect((await send(ctx.url, authenticate, {}, apiKey(session.client_token))).status).toBe(401)
  })

  it("checks client tokens and API keys against the call's permission through the API", async () => {
    const agent2 = await login(ctx.url, "agent2")
    expect((await send(ctx.url, limits, {}, apiKey(agent2.client_token))).status).toBe(403)
    const admin = await login(ctx.url, "admin")
    expect([401, 403]).not.toContain((await send(ctx.url, limits, {}, apiKey(admin.client_token))).status)
    const one = { apiKey: await issueApiKey(ctx.server.services.database.db, 1) }
    expect([401, 403]).not.toContain((await send(ctx.url, limits, {}, apiKey(one.apiKey))).status)
  })
})
