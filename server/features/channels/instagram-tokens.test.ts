/**
 * Instagram Login tokens refreshed on the job queue, on both databases, against the fake graph.instagram.com: a token
 * past its age is refreshed once for the login and the account it connected, the old one stops working and replies go
 * out with the new one; a refused refresh marks the account failed with Meta's reason.
 */
import { sql } from "drizzle-orm"
import { describe, expect, it } from "vitest"
import { rowsOf } from "../../db/rows"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { sealSecrets, secretsOf } from "./accounts"
import { channels, dev, eventually } from "./channels.testing"
import { TOKEN_JOB } from "./instagram-tokens"

describe.each(DB_KINDS)("Instagram Login token refresh (%s)", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  const account = "17841470000000077"
  const igLogin = {
    clientId: 2,
    instagram_login: true,
    user_id: account,
    username: "shop.refresh",
    name: "Shop Refresh",
    access_token: "IGAAshopRefreshInstagramLoginToken",
    app_secret: "ig0123456789abcdef0123456789abce",
  }
  const db = () => ctx.server.services.database.db
  const rows = async () =>
    rowsOf(
      await db().execute(sql`SELECT id, status, secrets, health, error, config FROM channel_accounts
        WHERE client_id = 2 AND channel = 'instagram' ORDER BY id`),
    ).map((r) => ({
      status: String(r.status),
      token: secretsOf(ctx.server.services.config, { sealed: String(r.secrets) }).accessToken,
      health: String(r.health),
      error: r.error as string | null,
      config: (typeof r.config === "string" ? JSON.parse(r.config) : r.config) as Record<string, unknown>,
    }))
  const age = (days: number) =>
    db().execute(sql`UPDATE channel_accounts SET config = config || jsonb_build_object('token_issued_at', (now() - ${`${days} days`}::interval)::text)
      WHERE client_id = 2 AND channel = 'instagram'`)
  const refreshJobs = async () =>
    rowsOf(await db().execute(sql`SELECT status FROM jobs WHERE kind = ${TOKEN_JOB} AND client_id = 2`)).map((r) => r.status)
  const me = (token: string) => fetch(`${ctx.url}/dev/instagram-graph/v21.0/me`, { headers: { authorization: `Bearer ${token}` } })

  it("refreshes a token past its age once, for the login and its account; replies then go out with the new token", async () => {
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await dev(ctx.server, "/dev/meta/logins", igLogin)).status).toBe(200)
    const connected = await send(
      ctx.url,
      channels("onboardingInstagram"),
      { access_token: igLogin.access_token, app_secret: igLogin.app_secret },
      admin2,
    )
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    const { webhook_url, verify_token } = connected.body.data
    expect((await dev(ctx.server, "/dev/meta/logins", { ...igLogin, callback_url: webhook_url, verify_token })).status).toBe(200)
    const chosen = await send(ctx.url, channels("onboardingFbPages"), { pages: [{ id: account, name: "shop.refresh" }] }, admin2)
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)

    // Six days old: not yet.
    await age(6)
    await ctx.server.jobs.runDue()
    expect(await refreshJobs()).toEqual([])
    expect((await rows()).map((r) => r.token)).toEqual([igLogin.access_token, igLogin.access_token])

    await age(8)
    await ctx.server.jobs.runDue()
    await ctx.server.jobs.runDue()
    expect(await refreshJobs()).toEqual(["done"])
    const after = await rows()
    expect(after.map((r) => r.status).sort()).toEqual(["active", "login"])
    const fresh = after[0].token
    expect(fresh).not.toBe(igLogin.access_token)
    expect(after.every((r) => r.token === fresh && r.health === "connected")).toBe(true)
    const expires = new Date(String(after[0].config.token_expires_at)).getTime()
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(60)
    expect((await me(igLogin.access_token)).status).toBe(401)
    expect((await me(fresh)).status).toBe(200)

    const customer = "7490000000000077"
    const wrote = await dev(ctx.server, "/dev/meta/page-writes", { page_id: account, from: customer, text: "Still open?" })
    expect(wrote.body.data.status).toBe(200)
    await eventually(async () => {
      const body = (await send(ctx.url, callOf("chat", "agentUnassignedConversations"), { limit: 100 }, admin2)).body
      return (body.data.items as { number: string }[]).some((c) => c.number === customer)
    }, 10_000)
    const replied = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [customer], message: { text: "Yes, until 6" } } },
      admin2,
    )
    expect(replied.status, JSON.stringify(replied.body)).toBe(200)
    const sent = await eventually(async () => {
      const items = (await dev(ctx.server, `/dev/meta/sent?id=${account}`)).body.data.items as { to: string; message: any }[]
      return items.find((s) => s.message?.message?.text === "Yes, until 6")
    }, 10_000)
    expect(sent.to).toBe(customer)
    // Refreshed once: the new token is not due again.
    await ctx.server.jobs.runDue()
    expect(await refreshJobs()).toEqual(["done"])
  })

  it("a refused refresh marks the account failed with Meta's reason", async () => {
    const sealed = sealSecrets(ctx.server.services.config, { accessToken: "IGAAnoLongerKnownToken", appSecret: igLogin.app_secret })
    await db().execute(sql`UPDATE channel_accounts SET secrets = ${sealed} WHERE client_id = 2 AND channel = 'instagram'`)
    await age(8)
    await ctx.server.jobs.runDue()
    await ctx.server.jobs.runDue()
    const after = await rows()
    expect(after.map((r) => r.health)).toEqual(["failed", "failed"])
    expect(after[0].error).toContain("Meta 190")
  })
})
