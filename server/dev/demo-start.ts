/**
 * What `npm start` adds on a development server so the demo tenant works end to end from the first start.
 *
 * Before the server starts (`demoStartEnv`), unless set: Meta is the server's own fake (GRAPH_BASE_URL=self), and the
 * simulator SMSC listens where the seed's SMS gateway points (SMSC_PORT=2775, db/seed/sms.ts).
 *
 * Once it listens (`connectDemoChannels`), the demo tenant's WhatsApp number, Facebook page and Instagram account are
 * connected to the fake Meta. It does what the tenant admin and Meta's app dashboard would: Meta learns the number and the login
 * (/dev/meta/numbers, /dev/meta/logins), the admin connects them through the channels calls (/onboarding/whatsapp,
 * /onboarding/fb, /onboarding/instagram, /onboarding/fb-pages), and Meta's console takes the webhook URLs the admin was
 * shown. The fake Meta lives in memory, so every start teaches it again; the admin's calls run only for a channel the
 * tenant has never connected (an account of the admin's own choosing is left alone), which also keeps the admin's
 * open session from being replaced by a login at every restart.
 *
 * Test servers (server/testing/test-server.ts) never run either: their specs connect numbers themselves.
 */
import { sql } from "drizzle-orm"
import type { RunningServer } from "../app"
import { DEMO_SMSC_PORT } from "../db/seed/sms"
import { DEMO_PASSWORD } from "../db/seed/tenants"
import { rowsOf } from "../db/rows"
import { webhookUrlOf } from "../features/channels"
import { DEV_KEY_HEADER } from "./access"

/** The demo tenant's WhatsApp Cloud API number, as Meta's WhatsApp Manager would show it. */
export const DEMO_NUMBER = {
  phone_number_id: "109200300400501",
  waba_id: "102290129340398",
  display_number: "+905320000001",
  verified_name: "Acme Retail",
  access_token: "EAAGdemoAcmeRetailWhatsappToken",
  app_secret: "acdemo0a1b2c3d4e5f60718293a4b5c6",
} as const

const DEMO_PAGE = { id: "201200300400502", name: "Acme Retail" } as const
const DEMO_INSTAGRAM = { id: "178200300400503", username: "acme.retail" } as const

/** The Facebook login that manages the demo page and, through a second page, the Instagram business account. */
export const DEMO_LOGIN = {
  user_id: "301200300400504",
  name: "Aylin Admin",
  access_token: "EAAGdemoAcmeRetailLoginToken",
  app_secret: "acdemo1a2b3c4d5e6f708192a3b4c5d6",
  pages: [
    { id: DEMO_PAGE.id, name: DEMO_PAGE.name, access_token: "EAAGdemoAcmeRetailPageToken" },
    {
      id: "201200300400505",
      name: "Acme Retail Shop",
      access_token: "EAAGdemoAcmeRetailShopToken",
      instagram: DEMO_INSTAGRAM,
    },
  ],
} as const

type Log = (line: string) => void

/** The development start's defaults, set before the server reads its settings: what a setting already says wins. */
export const demoStartEnv = (env: NodeJS.ProcessEnv) => {
  env.GRAPH_BASE_URL ??= "self"
  env.SMSC_PORT ??= String(DEMO_SMSC_PORT)
}

interface Hook {
  readonly channel: string
  readonly externalId: string
  readonly status: string
  readonly webhookKey: string
  readonly verifyToken: string
}

/** The tenant's Meta accounts as stored: what is connected, and the webhook each login or number was given. */
const hooksOf = async (server: RunningServer, clientId: number): Promise<Hook[]> =>
  rowsOf(
    await server.services.database.db.execute(sql`SELECT channel, external_id, status, webhook_key, verify_token FROM channel_accounts
      WHERE client_id = ${clientId} AND channel IN ('whatsapp', 'facebook', 'instagram') AND status IN ('active', 'login')`),
  ).map((r) => ({
    channel: String(r.channel),
    externalId: String(r.external_id),
    status: String(r.status),
    webhookKey: String(r.webhook_key ?? ""),
    verifyToken: String(r.verify_token ?? ""),
  }))

/** One request through the server's own routes (the same handlers as over the network). */
const request = async (server: RunningServer, url: string, payload: object, headers: Record<string, string>) => {
  const reply = await server.app.inject({ method: "POST", url, payload, headers })
  if (reply.statusCode !== 200) throw new Error(`${url} answered ${reply.statusCode}: ${reply.body}`)
  return reply.json() as { data: Record<string, unknown> }
}

/** What the demo tenant has not connected yet, connected as its admin would (one login, only when something is missing). */
const connectMissing = async (server: RunningServer, hooks: readonly Hook[]) => {
  const has = (channel: string, status = "active") => hooks.some((h) => h.channel === channel && h.status === status)
  const missing = {
    whatsapp: !has("whatsapp"),
    facebook: !has("facebook", "login"),
    instagram: !has("instagram", "login"),
  }
  if (!missing.whatsapp && !missing.facebook && !missing.instagram) return false
  const login = await request(server, "/api/auth/user", { username: "admin", password: DEMO_PASSWORD }, {})
  const admin = { "user-token": String((login as unknown as { user_token: string }).user_token) }
  const { verified_name: _shownByMeta, ...number } = DEMO_NUMBER
  if (missing.whatsapp) await request(server, "/api/onboarding/whatsapp", number, admin)
  const secrets = { access_token: DEMO_LOGIN.access_token, app_secret: DEMO_LOGIN.app_secret }
  if (missing.facebook) await request(server, "/api/onboarding/fb", secrets, admin)
  if (missing.instagram) await request(server, "/api/onboarding/instagram", secrets, admin)
  const pages = [
    ...(missing.facebook ? [{ id: DEMO_PAGE.id, name: DEMO_PAGE.name }] : []),
    ...(missing.instagram ? [{ id: DEMO_INSTAGRAM.id, name: DEMO_INSTAGRAM.username }] : []),
  ]
  if (pages.length > 0) await request(server, "/api/onboarding/fb-pages", { pages }, admin)
  return true
}

/**
 * Teaches the fake Meta the demo number and login, connects what the demo tenant never connected, and points Meta's
 * webhooks at the URLs the tenant's accounts hold. Answers whether the admin's calls ran (a first start).
 */
export const connectDemoChannels = async (server: RunningServer, log: Log): Promise<boolean> => {
  const { config, database } = server.services
  if (!config.dev || config.graphBaseUrl !== "self") return false
  const [admin] = rowsOf(await database.db.execute(sql`SELECT client_id FROM users WHERE username = 'admin'`))
  if (!admin) return false
  const clientId = Number(admin.client_id)
  const dev = { [DEV_KEY_HEADER]: config.devKey }
  await request(server, "/dev/meta/numbers", { clientId, ...DEMO_NUMBER }, dev)
  await request(server, "/dev/meta/logins", { clientId, ...DEMO_LOGIN }, dev)
  let connected = false
  try {
    connected = await connectMissing(server, await hooksOf(server, clientId))
  } catch (error) {
    log(`[demo] the demo channels were not connected: ${error instanceof Error ? error.message : String(error)}`)
  }
  const hooks = await hooksOf(server, clientId)
  const number = hooks.find((h) => h.channel === "whatsapp" && h.externalId === DEMO_NUMBER.phone_number_id)
  if (number)
    await request(
      server,
      "/dev/meta/numbers",
      {
        clientId,
        phone_number_id: number.externalId,
        callback_url: webhookUrlOf(config, number.webhookKey),
        verify_token: number.verifyToken,
      },
      dev,
    )
  // One login serves the page and the Instagram account: Meta posts both to the Facebook login's webhook.
  const facebook = hooks.find((h) => h.channel === "facebook" && h.status === "login" && h.externalId === `user:${DEMO_LOGIN.user_id}`)
  if (facebook)
    await request(
      server,
      "/dev/meta/logins",
      { clientId, ...DEMO_LOGIN, callback_url: webhookUrlOf(config, facebook.webhookKey), verify_token: facebook.verifyToken },
      dev,
    )
  if (connected) log("[demo] Acme Retail's WhatsApp number, Facebook page and Instagram account are connected to the simulated Meta")
  return connected
}
