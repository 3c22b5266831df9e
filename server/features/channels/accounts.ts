/**
 * Tenants' Meta channel accounts (the channel_accounts table): a WhatsApp Cloud API number, Facebook pages, Instagram
 * accounts. Tokens and the app secret are sealed together (AES-256-GCM under a key derived from the server's secret:
 * sms/secret-box.ts) and never leave the server; the console sees a hint, the webhook URL and the verify token.
 * One phone number id or page is active for one tenant at a time (a unique index).
 */
import { randomBytes } from "node:crypto"
import { sql } from "drizzle-orm"
import type { ChannelAccount } from "../../../src/contract/schemas/channels"
import type { Config } from "../../config"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { hintOf, open, seal } from "../sms"

export type MetaChannel = "whatsapp" | "facebook" | "instagram"
export type Health = "pending" | "connected" | "failed"

export interface AccountSecrets {
  readonly accessToken: string
  readonly appSecret: string
}

export interface AccountRow {
  readonly id: number
  readonly clientId: number
  readonly channel: MetaChannel
  readonly externalId: string
  readonly name: string
  readonly health: Health
  readonly error: string | null
  readonly webhookKey: string
  readonly verifyToken: string
  readonly secretHint: string
  readonly sealed: string
  readonly config: Record<string, unknown>
  readonly updatedAt: Date
}

const rowOf = (r: Record<string, unknown>): AccountRow => ({
  id: Number(r.id),
  clientId: Number(r.client_id),
  channel: String(r.channel) as MetaChannel,
  externalId: String(r.external_id),
  name: String(r.name),
  health: String(r.health) as Health,
  error: r.error === null || r.error === undefined ? null : String(r.error),
  webhookKey: String(r.webhook_key ?? ""),
  verifyToken: String(r.verify_token),
  secretHint: String(r.secret_hint),
  sealed: String(r.secrets),
  config: (typeof r.config === "string" ? JSON.parse(r.config) : (r.config ?? {})) as Record<string, unknown>,
  updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(String(r.updated_at)),
})

export const sealSecrets = (config: Config, secrets: AccountSecrets) =>
  seal(config.jwtSecret, JSON.stringify({ access_token: secrets.accessToken, app_secret: secrets.appSecret }))

export const secretsOf = (config: Config, account: Pick<AccountRow, "sealed">): AccountSecrets => {
  const plain = JSON.parse(open(config.jwtSecret, account.sealed)) as { access_token: string; app_secret: string }
  return { accessToken: plain.access_token, appSecret: plain.app_secret }
}

export const newWebhookKey = () => randomBytes(18).toString("base64url")
export const newVerifyToken = () => randomBytes(24).toString("base64url")
export { hintOf }

/** Where Meta posts this account's webhooks (pasted in Meta's console with the verify token). */
export const webhookUrlOf = (config: Config, key: string) => `${config.publicUrl()}/hooks/meta/${key}`

/** Where the adapters reach the Graph API. */
export const graphBaseOf = (config: Config) => (config.graphBaseUrl === "self" ? `${config.publicUrl()}/dev/graph` : config.graphBaseUrl)

/**
 * Where an account connected through Instagram Login reaches Meta: graph.instagram.com (the fake Meta's
 * `/dev/instagram-graph` with GRAPH_BASE_URL=self; another Graph base, such as a proxy, serves both).
 */
export const instagramBaseOf = (config: Config) =>
  config.graphBaseUrl === "self"
    ? `${config.publicUrl()}/dev/instagram-graph`
    : config.graphBaseUrl.replace(/^https:\/\/graph\.facebook\.com$/, "https://graph.instagram.com")

/**
 * How a Messenger page or an Instagram account was connected: an Instagram account through Facebook Login (its
 * page's token, at graph.facebook.com) or through Instagram Login (the Instagram user's token, at graph.instagram.com).
 */
export type MetaLoginKind = "facebook_login" | "instagram_login"

export const loginKindOf = (account: Pick<AccountRow, "config">): MetaLoginKind =>
  account.config.login_kind === "instagram_login" ? "instagram_login" : "facebook_login"

/**
 * Where a page's or Instagram account's calls go: the host and token of its connection, and the id Meta's documentation
 * sends from (a page: itself; Instagram through Facebook Login: its page; through Instagram Login: the Instagram user).
 */
export const pageApiOf = (config: Config, account: Pick<AccountRow, "channel" | "externalId" | "sealed" | "config">) => {
  const token = secretsOf(config, account).accessToken
  if (account.channel === "instagram" && loginKindOf(account) === "instagram_login")
    return { baseUrl: instagramBaseOf(config), token, pageId: account.externalId }
  const pageId = account.channel === "instagram" && typeof account.config.page_id === "string" ? account.config.page_id : account.externalId
  return { baseUrl: graphBaseOf(config), token, pageId }
}

/** The tenant's active account on a channel (its newest), or null. */
export const activeAccount = async (db: Db, clientId: number, channel: MetaChannel): Promise<AccountRow | null> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT * FROM channel_accounts WHERE client_id = ${clientId} AND channel = ${channel} AND status = 'active'
      AND secrets <> '' ORDER BY id DESC LIMIT 1`),
  )
  return row ? rowOf(row) : null
}

/** The tenant's Facebook or Instagram login (status 'login': no channel of its own, counted against no limit). */
export const loginOf = async (db: Db, clientId: number, channel: "facebook" | "instagram"): Promise<AccountRow | null> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT * FROM channel_accounts WHERE client_id = ${clientId} AND channel = ${channel} AND status = 'login'
      ORDER BY id DESC LIMIT 1`),
  )
  return row ? rowOf(row) : null
}

/** The account whose webhook URL ends in `key` (any tenant: the key is the only thing Meta sends). */
export const accountByKey = async (db: Db, key: string): Promise<AccountRow | null> => {
  const [row] = rowsOf(await db.execute(sql`SELECT * FROM channel_accounts WHERE webhook_key = ${key}`))
  return row ? rowOf(row) : null
}

/** Where an event for `externalId` goes: the tenant's own active account with that id (never another tenant's). */
export const routedAccount = async (db: Db, clientId: number, channel: MetaChannel, externalId: string): Promise<AccountRow | null> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT * FROM channel_accounts WHERE client_id = ${clientId} AND channel = ${channel}
      AND external_id = ${externalId} AND status = 'active'`),
  )
  return row ? rowOf(row) : null
}

export const setHealth = async (db: Db, id: number, health: Health, error: string | null, name?: string) => {
  await db.execute(sql`UPDATE channel_accounts SET health = ${health}, error = ${error}, name = COALESCE(${name ?? null}, name),
    updated_at = now() WHERE id = ${id}`)
}

/** The console's view of an account; a tenant without one sees "not connected". */
export const accountView = (config: Config, channel: MetaChannel, account: AccountRow | null): ChannelAccount =>
  account
    ? {
        channel_type: channel,
        status: account.health === "connected" ? "connected" : account.health === "failed" ? "failed" : "pending",
        display_name: account.name || null,
        error: account.error,
        updated_at: account.updatedAt.toISOString(),
        id: account.id,
        external_id: account.externalId,
        webhook_url: webhookUrlOf(config, account.webhookKey),
        verify_token: account.verifyToken,
        secret_hint: account.secretHint || null,
        ...(channel === "whatsapp" ? {} : { connection: loginKindOf(account) }),
      }
    : {
        channel_type: channel,
        status: "not_connected",
        display_name: null,
        error: null,
        updated_at: new Date(0).toISOString(),
        id: null,
        external_id: null,
        webhook_url: null,
        verify_token: null,
        secret_hint: null,
      }
