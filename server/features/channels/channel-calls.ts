/**
 * The channels calls (spec 001 "Channels"), every one scoped to the caller's tenant:
 *  - WhatsApp: connect a Cloud API number (its token and app secret sealed) and ask Meta whether it answers;
 *  - Facebook / Instagram: connect with a login token and app secret, list the pages (and their Instagram accounts)
 *    the login manages, subscribe chosen ones to the webhook, change or unsubscribe one. An Instagram account is
 *    connected through Facebook Login or Instagram Login, as its token says (meta-connections.ts); the kind is kept on
 *    the login and on the account, and decides where its messages go (accounts.ts `pageApiOf`).
 * A reconnect keeps the webhook URL and verify token, so nothing changes in Meta's console.
 */
import { sql } from "drizzle-orm"
import type { SocialPage } from "../../../src/contract/schemas/tenants"
import { GraphError } from "../../channels/meta/graph-client"
import { graphRefusal, reasonOf } from "../../channels/meta/graph-errors"
import type { ManagedPage } from "../../channels/meta/pages-api"
import { checkCloudNumber } from "../../channels/whatsapp-cloud/cloud-api"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { type Ctx, tenantOf } from "../../http/context"
import { badRequest, conflict, notFound } from "../../http/errors"
import { checkLimit } from "../account-limits"
import { handle } from "../../core/registry"
import {
  type AccountRow,
  accountView,
  activeAccount,
  graphBaseOf,
  hintOf,
  loginKindOf,
  loginOf,
  newVerifyToken,
  newWebhookKey,
  routedAccount,
  sealSecrets,
  secretsOf,
  setHealth,
} from "./accounts"
import { accountsChanged } from "./meta-channel"
import { loginOwner, pagesOfLogin, subscribeAccount, unsubscribeAccount } from "./meta-connections"

type Checked = { health: "connected" | "failed"; error: string | null; name: string | null }

/** Asks Meta about the number now. */
const checkNumber = async (ctx: Ctx, phoneNumberId: string, token: string): Promise<Checked> => {
  try {
    const found = await checkCloudNumber({ baseUrl: graphBaseOf(ctx.services.config), token, phoneNumberId })
    return { health: "connected", error: null, name: found.verifiedName ?? found.display }
  } catch (error) {
    if (!(error instanceof GraphError)) throw error
    return { health: "failed", error: reasonOf(error.code, error.message), name: null }
  }
}

const changed = (ctx: Ctx) => ctx.afterCommit?.(() => accountsChanged(ctx.services))

/** Another tenant's active account on the same id refuses the connection. */
const ensureFree = async (db: Db, clientId: number, channel: string, externalId: string, field: string) => {
  const [taken] = rowsOf(
    await db.execute(
      sql`SELECT client_id FROM channel_accounts WHERE channel = ${channel} AND external_id = ${externalId} AND status = 'active'`,
    ),
  )
  if (taken && Number(taken.client_id) !== clientId) throw conflict("This account is connected to another business", field)
}

const connectLogin = async (ctx: Ctx, channel: "facebook" | "instagram", token: string, appSecret: string) => {
  const clientId = tenantOf(ctx)
  const config = ctx.services.config
  let me: { id: string; name: string; kind: string }
  try {
    me = await loginOwner(config, channel, token)
  } catch (error) {
    if (error instanceof GraphError) throw graphRefusal(error)
    throw error
  }
  const sealed = sealSecrets(config, { accessToken: token, appSecret })
  const login = await loginOf(ctx.db, clientId, channel)
  // The token's issue time: Instagram Login tokens are refreshed by age (instagram-tokens.ts).
  const settings = JSON.stringify({ login_kind: me.kind, token_issued_at: new Date().toISOString() })
  if (login)
    await ctx.db.execute(sql`UPDATE channel_accounts SET external_id = ${`user:${me.id}`}, name = ${me.name}, secrets = ${sealed},
      secret_hint = ${hintOf(token)}, config = config || ${settings}::jsonb, health = 'connected', error = NULL, updated_at = now()
      WHERE id = ${login.id}`)
  else
    await ctx.db.execute(sql`INSERT INTO channel_accounts (client_id, channel, external_id, name, status, config, secrets, secret_hint,
      verify_token, webhook_key, health) VALUES (${clientId}, ${channel}, ${`user:${me.id}`}, ${me.name}, 'login', ${settings}::jsonb, ${sealed},
      ${hintOf(token)}, ${newVerifyToken()}, ${newWebhookKey()}, 'connected')`)
  changed(ctx)
  return { data: accountView(config, channel, await loginOf(ctx.db, clientId, channel)) }
}

const pagesOf = async (ctx: Ctx, channel: "facebook" | "instagram"): Promise<{ login: AccountRow; pages: ManagedPage[] }> => {
  const login = await loginOf(ctx.db, tenantOf(ctx), channel)
  if (!login) throw conflict(`Connect ${channel === "facebook" ? "Facebook" : "Instagram"} first`)
  try {
    return { login, pages: await pagesOfLogin(ctx.services.config, login, secretsOf(ctx.services.config, login).accessToken) }
  } catch (error) {
    if (!(error instanceof GraphError)) throw error
    await setHealth(ctx.db, login.id, "failed", reasonOf(error.code, error.message))
    throw graphRefusal(error)
  }
}

const subscribedIds = async (db: Db, clientId: number, channel: string) =>
  new Set(
    rowsOf(
      await db.execute(
        sql`SELECT external_id FROM channel_accounts WHERE client_id = ${clientId} AND channel = ${channel} AND status = 'active'`,
      ),
    ).map((r) => String(r.external_id)),
  )

/** Connects (or reconnects) one page or Instagram account, with the login's app secret and the page's token. */
const connectPage = async (
  ctx: Ctx,
  login: AccountRow,
  channel: "facebook" | "instagram",
  page: { id: string; name: string; token: string; pageId: string; pictureUrl: string | null },
) => {
  const clientId = tenantOf(ctx)
  const config = ctx.services.config
  await ensureFree(ctx.db, clientId, channel, page.id, "pages")
  const kind = loginKindOf(login)
  try {
    await subscribeAccount(config, kind, page.pageId, page.token)
  } catch (error) {
    if (error instanceof GraphError) throw graphRefusal(error)
    throw error
  }
  const sealed = sealSecrets(config, { accessToken: page.token, appSecret: secretsOf(config, login).appSecret })
  const [existing] = rowsOf(
    await ctx.db.execute(
      sql`SELECT id, status FROM channel_accounts WHERE client_id = ${clientId} AND channel = ${channel} AND external_id = ${page.id}`,
    ),
  )
  const settings = JSON.stringify({
    page_id: page.pageId || null,
    picture_url: page.pictureUrl,
    login_kind: kind,
    token_issued_at: new Date().toISOString(),
  })
  if (existing) {
    if (existing.status !== "active") await checkLimit(ctx.db, clientId, "channels")
    await ctx.db.execute(sql`UPDATE channel_accounts SET name = ${page.name}, status = 'active', secrets = ${sealed}, secret_hint = ${hintOf(page.token)},
      config = config || ${settings}::jsonb, health = 'connected', error = NULL, updated_at = now() WHERE id = ${Number(existing.id)}`)
  } else {
    await checkLimit(ctx.db, clientId, "channels")
    await ctx.db.execute(sql`INSERT INTO channel_accounts (client_id, channel, external_id, name, status, config, secrets, secret_hint, verify_token, health)
      VALUES (${clientId}, ${channel}, ${page.id}, ${page.name}, 'active', ${settings}::jsonb, ${sealed}, ${hintOf(page.token)}, '', 'connected')`)
  }
}

const socialPage = (id: string, name: string, pictureUrl: string | null, subscribed: boolean): SocialPage => ({
  id,
  name,
  picture_url: pictureUrl,
  subscribed,
})

/** Stops a page's (or Instagram account's) messages: Meta's subscription is removed and the account goes inactive. */
const unsubscribe = async (ctx: Ctx, channel: "facebook" | "instagram", id: string) => {
  const clientId = tenantOf(ctx)
  const account = await routedAccount(ctx.db, clientId, channel, id)
  if (!account) throw notFound(channel === "facebook" ? "Connected page" : "Connected Instagram account")
  try {
    await unsubscribeAccount(ctx.services.config, account, secretsOf(ctx.services.config, account).accessToken)
  } catch (error) {
    // A token Meta no longer accepts cannot unsubscribe either: the page is disconnected on our side all the same.
    if (!(error instanceof GraphError)) throw error
  }
  await ctx.db.execute(sql`UPDATE channel_accounts SET status = 'inactive', updated_at = now() WHERE id = ${account.id}`)
  changed(ctx)
  return account
}

export const handlers = [
  handle("channels", "onboardingWhatsapp", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const config = ctx.services.config
    await ensureFree(ctx.db, clientId, "whatsapp", input.phone_number_id, "phone_number_id")
    const checked = await checkNumber(ctx, input.phone_number_id, input.access_token)
    const sealed = sealSecrets(config, { accessToken: input.access_token, appSecret: input.app_secret })
    const current = await activeAccount(ctx.db, clientId, "whatsapp")
    // Another number: the old number's name, sent back unchanged by the form, gives way to Meta's name for the new one.
    const kept = current !== null && current.externalId !== input.phone_number_id && input.display_name === current.name
    const name = (kept ? undefined : input.display_name) ?? checked.name ?? input.display_number
    const settings = JSON.stringify({ waba_id: input.waba_id, display_number: input.display_number })
    if (current)
      await ctx.db.execute(sql`UPDATE channel_accounts SET external_id = ${input.phone_number_id}, name = ${name}, secrets = ${sealed},
        secret_hint = ${hintOf(input.access_token)}, config = config || ${settings}::jsonb, health = ${checked.health}, error = ${checked.error},
        updated_at = now() WHERE id = ${current.id}`)
    else {
      await checkLimit(ctx.db, clientId, "channels")
      await ctx.db.execute(sql`INSERT INTO channel_accounts (client_id, channel, external_id, name, status, config, secrets, secret_hint,
        verify_token, webhook_key, health, error) VALUES (${clientId}, 'whatsapp', ${input.phone_number_id}, ${name}, 'active', ${settings}::jsonb,
        ${sealed}, ${hintOf(input.access_token)}, ${newVerifyToken()}, ${newWebhookKey()}, ${checked.health}, ${checked.error})`)
    }
    changed(ctx)
    return { data: accountView(config, "whatsapp", await activeAccount(ctx.db, clientId, "whatsapp")) }
  }),

  handle("channels", "onboardingWhatsappStatus", async (ctx) => {
    const clientId = tenantOf(ctx)
    const config = ctx.services.config
    const account = await activeAccount(ctx.db, clientId, "whatsapp")
    if (!account) return { data: accountView(config, "whatsapp", null) }
    const checked = await checkNumber(ctx, account.externalId, secretsOf(config, account).accessToken)
    await setHealth(ctx.db, account.id, checked.health, checked.error, checked.name ?? undefined)
    return { data: accountView(config, "whatsapp", await activeAccount(ctx.db, clientId, "whatsapp")) }
  }),

  handle("metaLogins", "metaLogin", async (ctx, input) => ({
    data: accountView(ctx.services.config, input.channel, await loginOf(ctx.db, tenantOf(ctx), input.channel)),
  })),

  handle("channels", "onboardingFb", (ctx, input) => connectLogin(ctx, "facebook", input.access_token, input.app_secret)),
  handle("channels", "onboardingInstagram", (ctx, input) => connectLogin(ctx, "instagram", input.access_token, input.app_secret)),

  handle("channels", "fbPages", async (ctx) => {
    const { pages } = await pagesOf(ctx, "facebook")
    const subscribed = await subscribedIds(ctx.db, tenantOf(ctx), "facebook")
    return { data: pages.map((p) => socialPage(p.id, p.name, p.pictureUrl, subscribed.has(p.id))) }
  }),

  handle("channels", "instagramPages", async (ctx) => {
    const { pages } = await pagesOf(ctx, "instagram")
    const subscribed = await subscribedIds(ctx.db, tenantOf(ctx), "instagram")
    const accounts = pages.flatMap((p) => (p.instagram ? [p.instagram] : []))
    return { data: accounts.map((a) => socialPage(a.id, a.username, a.pictureUrl, subscribed.has(a.id))) }
  }),

  /** Each chosen id is a page of the Facebook login or an Instagram account of the Instagram login's pages. */
  handle("channels", "onboardingFbPages", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const fb = await loginOf(ctx.db, clientId, "facebook")
    const ig = await loginOf(ctx.db, clientId, "instagram")
    if (!fb && !ig) throw conflict("Connect Facebook or Instagram first")
    const igPages = ig ? (await pagesOf(ctx, "instagram")).pages : []
    const fbPages = fb && input.pages.some((p) => p.access_token === undefined) ? (await pagesOf(ctx, "facebook")).pages : []
    const items: SocialPage[] = []
    for (const chosen of input.pages) {
      const igPage = igPages.find((p) => p.instagram?.id === chosen.id)
      if (igPage?.instagram && ig) {
        await connectPage(ctx, ig, "instagram", {
          id: chosen.id,
          name: chosen.name,
          token: igPage.token,
          pageId: igPage.id,
          pictureUrl: igPage.instagram.pictureUrl,
        })
        items.push(socialPage(chosen.id, chosen.name, igPage.instagram.pictureUrl, true))
      } else if (fb) {
        const token = chosen.access_token ?? fbPages.find((p) => p.id === chosen.id)?.token
        if (!token) throw badRequest(`${chosen.id} is none of the Facebook login's pages`, "pages")
        await connectPage(ctx, fb, "facebook", {
          id: chosen.id,
          name: chosen.name,
          token,
          pageId: chosen.id,
          pictureUrl: null,
        })
        items.push(socialPage(chosen.id, chosen.name, null, true))
      } else throw badRequest(`${chosen.id} is none of the Instagram login's accounts`, "pages")
    }
    changed(ctx)
    return { data: items }
  }),

  handle("channels", "updateFb", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const account = await routedAccount(ctx.db, clientId, "facebook", input.page_id)
    if (input.subscribed === false && account) await unsubscribe(ctx, "facebook", input.page_id)
    if (input.subscribed === true && !account) {
      const { login, pages } = await pagesOf(ctx, "facebook")
      const page = pages.find((p) => p.id === input.page_id)
      if (!page) throw notFound("Page of the Facebook login")
      await connectPage(ctx, login, "facebook", {
        id: page.id,
        name: page.name,
        token: page.token,
        pageId: page.id,
        pictureUrl: page.pictureUrl,
      })
      changed(ctx)
    }
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT id, name, status, config FROM channel_accounts WHERE client_id = ${clientId} AND channel = 'facebook'
        AND external_id = ${input.page_id} ORDER BY status = 'active' DESC, id DESC LIMIT 1`),
    )
    if (!row) throw notFound("Connected page")
    if (input.welcome_message !== undefined)
      await ctx.db.execute(sql`UPDATE channel_accounts SET config = config || ${JSON.stringify({ welcome_message: input.welcome_message })}::jsonb,
        updated_at = now() WHERE id = ${Number(row.id)}`)
    const config = (typeof row.config === "string" ? JSON.parse(row.config) : row.config) as Record<string, unknown>
    const picture = typeof config.picture_url === "string" ? config.picture_url : null
    const subscribed = input.subscribed ?? row.status === "active"
    return { data: socialPage(input.page_id, String(row.name), picture, subscribed) }
  }),

  handle("channels", "unsubscribeFb", async (ctx, input) => {
    await unsubscribe(ctx, "facebook", input.page_id)
    return { data: { ok: true } }
  }),
  handle("channels", "unsubscribeInstagram", async (ctx, input) => {
    await unsubscribe(ctx, "instagram", input.page_id)
    return { data: { ok: true } }
  }),
]
