import { describe, expect, it } from "vitest"
import { io } from "socket.io-client"
import { signJwt, nowSeconds } from "../../auth/jwt"
import { blacklistedTokens } from "../../db/schema/tenants"
import { tokenHash } from "../../auth/revoked"
import { DB_KINDS, devFetch, as, callOf, login, send, useServer } from "../../testing/harness"

const authUser = callOf("auth", "authUser")
const layout = callOf("layout", "userLayout")

describe.each(DB_KINDS)("authentication on %s", (kind) => {
  // More logins than the per-address budget (tested in http/security-login.test.ts) allows in a minute.
  const ctx = useServer(kind, { config: { credentialRatePerMinute: 10_000 } })

  it("logs in with the demo password and returns tokens, ACLs, user", async () => {
    const body = await login(ctx.url, "agent1")
    expect(body.user_token.split(".")).toHaveLength(3)
    expect(body.user_acl["FRONT:/apps/call-history"]).toBe(true)
    expect(body.user_acl["FRONT:/channels/whatsapp-call"]).toBe(true)
    expect(body.back_acl["BACK:whatsapp_calls"]).toBe(1)
    expect(body.user_data.client_id).toBe(1)
    const agent2 = await login(ctx.url, "agent2")
    expect(agent2.user_acl["FRONT:/apps/call-history"]).toBe(false)
    expect(agent2.user_acl["FRONT:/apps/roles"]).toBe(false)
    expect(agent2.back_acl["BACK:whatsapp_calls"]).toBeUndefined()
  })

  it("answers a wrong password and an unknown user with the same 401", async () => {
    const wrong = await send(ctx.url, authUser, { username: "admin", password: "nope" })
    const unknown = await send(ctx.url, authUser, { username: "nobody-here", password: "nope" })
    expect(wrong.status).toBe(401)
    expect(unknown).toEqual(wrong)
  })

  it("rejects expired, forged and missing tokens", async () => {
    const body = await login(ctx.url, "admin2")
    const expired = signJwt(
      {
        typ: "user",
        sub: body.user_data.id,
        cid: body.user_data.client_id,
        lid: body.login_id,
        iat: nowSeconds() - 100,
        exp: nowSeconds() - 1,
      },
      "test-secret",
    )
    expect((await send(ctx.url, layout, {}, as(expired))).body.error.code).toBe("TOKEN_EXPIRED")
    const forged = signJwt({ typ: "user", sub: body.user_data.id, cid: 1, lid: body.login_id, iat: nowSeconds() }, "other-secret")
    expect((await send(ctx.url, layout, {}, as(forged))).body.error.code).toBe("TOKEN_INVALID")
    expect((await send(ctx.url, layout, {})).status).toBe(401)
    expect((await send(ctx.url, layout, {}, as(body.user_token))).status).toBe(200)
  })

  it("answers 401 to a blacklisted token", async () => {
    const body = await login(ctx.url, "admin2")
    await ctx.server.services.database.db
      .insert(blacklistedTokens)
      .values({ clientId: body.user_data.client_id, token: tokenHash(body.user_token) })
    const reply = await send(ctx.url, layout, {}, as(body.user_token))
    expect(reply.status).toBe(401)
    expect(reply.body.error.code).toBe("TOKEN_INVALID")
  })

  it("answers 401 SESSION_REPLACED to the older token after a newer login", async () => {
    const first = await login(ctx.url, "agent1")
    const second = await login(ctx.url, "agent1")
    const old = await send(ctx.url, layout, {}, as(first.user_token))
    expect(old.status).toBe(401)
    expect(old.body.error.code).toBe("SESSION_REPLACED")
    expect((await send(ctx.url, layout, {}, as(second.user_token))).status).toBe(200)
  })

  it("logs out: the token stops working; another user's login_id is not found", async () => {
    const body = await login(ctx.url, "admin")
    const other = await login(ctx.url, "admin2")
    const logout = callOf("auth", "logoutByLoginId")
    expect((await send(ctx.url, logout, { login_id: other.login_id }, as(body.user_token))).status).toBe(404)
    expect((await send(ctx.url, logout, { login_id: body.login_id }, as(body.user_token))).status).toBe(200)
    expect((await send(ctx.url, layout, {}, as(body.user_token))).status).toBe(401)
    expect((await send(ctx.url, layout, {}, as(other.user_token))).status).toBe(200)
  })

  it("resets a password through the outbox with a single-use token", async () => {
    const config = await (await fetch(`${ctx.url}/console-config.json`)).json()
    expect(config.apiBase).toBe("/api")
    const client = { "client-token": config.publicClientToken as string }
    expect((await send(ctx.url, callOf("layout", "userLayout"), {}, client)).status).toBe(401)
    const sent = await send(ctx.url, callOf("auth", "sendEmail"), { email: "agent2@acme.example" }, client)
    expect(sent.body).toEqual({ data: { sent: true } })
    expect((await send(ctx.url, callOf("auth", "sendEmail"), { email: "ghost@acme.example" }, client)).body).toEqual(sent.body)
    const outbox = await (await devFetch(ctx.server, "/dev/outbox")).json()
    const mail = outbox.data.items.find((m: any) => m.to === "agent2@acme.example")
    const reset = callOf("auth", "passwordReset")
    expect((await send(ctx.url, reset, { token: mail.meta.token, password: "new-password-1" }, client)).status).toBe(200)
    const again = await send(ctx.url, reset, { token: mail.meta.token, password: "new-password-2" }, client)
    expect(again.status).toBe(400)
    expect(again.body.error.field).toBe("token")
    await login(ctx.url, "agent2", "new-password-1")
  })

  it("ends every older reset link once a newer one is used", async () => {
    const client = { "client-token": (await (await fetch(`${ctx.url}/console-config.json`)).json()).publicClientToken as string }
    const linkTokens: string[] = []
    for (let i = 0; i < 2; i++) {
      expect((await send(ctx.url, callOf("auth", "sendEmail"), { email: "agent2@acme.example" }, client)).status).toBe(200)
      const outbox = await (await devFetch(ctx.server, "/dev/outbox")).json()
      linkTokens.push(outbox.data.items.find((m: any) => m.to === "agent2@acme.example").meta.token)
    }
    const [older, newer] = linkTokens
    expect(older).not.toBe(newer)
    const reset = callOf("auth", "passwordReset")
    expect((await send(ctx.url, reset, { token: newer, password: "newer-link-1" }, client)).status).toBe(200)
    const stale = await send(ctx.url, reset, { token: older, password: "older-link-1" }, client)
    expect([stale.status, stale.body.error.code]).toEqual([400, "RESET_TOKEN_INVALID"])
    await login(ctx.url, "agent2", "newer-link-1")
  })

  it("logs in with a single-use access token", async () => {
    const body = await login(ctx.url, "admin")
    const me = await send(ctx.url, callOf("auth", "auth"), {}, as(body.user_token))
    const token = me.body.data.access_token as string
    const tokenLogin = callOf("auth", "authAccessToken")
    const first = await send(ctx.url, tokenLogin, { access_token: token })
    expect(first.status).toBe(200)
    expect(first.body.user_data.id).toBe(body.user_data.id)
    const second = await send(ctx.url, tokenLogin, { access_token: token })
    expect(second.status).toBe(401)
    expect(second.body.error.message).toBe("Invalid access_token")
  })

  const mintAccessToken = async (userToken: string) =>
    (await send(ctx.url, callOf("auth", "auth"), {}, as(userToken))).body.data.access_token as string
  const tokenLogin = (token: string) => send(ctx.url, callOf("auth", "authAccessToken"), { access_token: token })

  it("refuses an access token once the session that minted it ended: logout, a new password, a disable", async () => {
    const admin = await login(ctx.url, "admin")
    const agent = await login(ctx.url, "agent1")
    const afterLogout = await mintAccessToken(agent.user_token)
    expect((await send(ctx.url, callOf("auth", "logoutByLoginId"), { login_id: agent.login_id }, as(agent.user_token))).status).toBe(200)
    expect((await tokenLogin(afterLogout)).status).toBe(401)

    // Its own new password keeps the session, but not the tokens minted before.
    const me = await login(ctx.url, "agent1")
    const beforePassword = await mintAccessToken(me.user_token)
    const own = callOf("users", "usersUpdateOwnById")
    const changed = await send(ctx.url, own, { id: me.user_data.id, password: "demo1234", current_password: "demo1234" }, as(me.user_token))
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect((await tokenLogin(beforePassword)).status).toBe(401)

    // Disabled and allowed back within the token's five minutes: the token stays dead.
    const again = await login(ctx.url, "agent1")
    const beforeDisable = await mintAccessToken(again.user_token)
    const update = callOf("users", "usersUpdatePartialById")
    expect((await send(ctx.url, update, { id: again.user_data.id, status: "disabled" }, as(admin.user_token))).status).toBe(200)
    expect((await send(ctx.url, update, { id: again.user_data.id, status: "active" }, as(admin.user_token))).status).toBe(200)
    expect((await tokenLogin(beforeDisable)).status).toBe(401)

    // A session started from a token mints tokens that die with it.
    const fresh = await login(ctx.url, "agent1")
    const chained = await tokenLogin(await mintAccessToken(fresh.user_token))
    expect(chained.status).toBe(200)
    const minted = await mintAccessToken(chained.body.user_token)
    await send(ctx.url, callOf("auth", "logoutByLoginId"), { login_id: chained.body.login_id }, as(chained.body.user_token))
    expect((await tokenLogin(minted)).status).toBe(401)
  })

  it("takes the access token in a header or a JSON body, not only in the URL", async () => {
    const url = `${ctx.url}/api${callOf("auth", "authAccessToken").path}`
    const me = await login(ctx.url, "admin2")
    const byHeader = await fetch(url, { method: "POST", headers: { "access-token": await mintAccessToken(me.user_token) } })
    expect(byHeader.status).toBe(200)
    const session = (await byHeader.json()) as { user_token: string; user_data: { id: number } }
    expect(session.user_data.id).toBe(me.user_data.id)
    const byBody = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ access_token: await mintAccessToken(session.user_token) }),
    })
    expect(byBody.status).toBe(200)
    const neither = await fetch(url, { method: "POST" })
    expect(neither.status).toBe(400)
    expect(((await neither.json()) as { error: { field: string } }).error.field).toBe("access_token")
    const unknown = await fetch(url, { method: "POST", headers: { "access-token": "no-such-token" } })
    expect(unknown.status).toBe(401)
  })

  it("accepts a socket with a valid user_token and refuses a bad one", async () => {
    const body = await login(ctx.url, "admin2")
    const connect = (token: string) =>
      new Promise<string>((resolve) => {
        const socket = io(ctx.url, {
          path: "/rt/socket.io",
          transports: ["websocket"],
          auth: { user_token: token },
          reconnection: false,
        })
        socket.on("connect", () => {
          socket.close()
          resolve("connected")
        })
        socket.on("connect_error", (error) => {
          socket.close()
          resolve(error.message)
        })
      })
    expect(await connect("not-a-token")).toBe("TOKEN_INVALID")
    expect(await connect(body.user_token)).toBe("connected")
  })

  it("drops a replaced session's socket and refuses its token at the handshake", async () => {
    const first = await login(ctx.url, "agent1")
    const socket = io(ctx.url, {
      path: "/rt/socket.io",
      transports: ["websocket"],
      auth: { user_token: first.user_token },
      reconnection: false,
    })
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()))
    const dropped = new Promise<string>((resolve) => socket.on("disconnect", (reason) => resolve(reason)))
    await login(ctx.url, "agent1")
    expect(await dropped).toBe("io server disconnect")
    const again = io(ctx.url, {
      path: "/rt/socket.io",
      transports: ["websocket"],
      auth: { user_token: first.user_token },
      reconnection: false,
    })
    const refused = await new Promise<string>((resolve) => again.on("connect_error", (error) => resolve(error.message)))
    again.close()
    expect(refused).toBe("SESSION_REPLACED")
  })
})
