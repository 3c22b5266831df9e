/**
 * Outbound messages of tenants with a connected Meta account go through the Graph API (WhatsApp Cloud API, the
 * Messenger / Instagram Send API, at the host and id of the way the account was connected: accounts.ts `pageApiOf`);
 * every other send stays with the built-in simulator. A refusal answers the caller
 * with Meta's reason in a person's words (graph-errors.ts); a refused token marks the channel failing.
 *
 * The accounts used for sending are cached per server: a send runs inside its call's transaction, and on PGlite (one
 * connection) a second query would wait for that transaction forever. The cache is loaded at start and again after
 * each change of an account in this process; on PostgreSQL (several processes) it is also reloaded in the background
 * when older than RELOAD_MS (a send never waits for that reload: it would need a second connection).
 */
import { sql } from "drizzle-orm"
import type { ChannelLayer } from "../chat"
import type { AgentTyping, OutboundMessage } from "../../channels/message-channel"
import { GraphError } from "../../channels/meta/graph-client"
import { failureOf, reasonOf, graphRefusal } from "../../channels/meta/graph-errors"
import { sendPageAction, sendPageMessage } from "../../channels/meta/send-api"
import { sendCloudMessage, sendCloudTyping } from "../../channels/whatsapp-cloud/cloud-api"
import { rowsOf } from "../../db/rows"
import type { Services } from "../../http/context"
import { type AccountRow, graphBaseOf, type MetaChannel, pageApiOf, secretsOf, setHealth } from "./accounts"

const RELOAD_MS = 5000

/** What a send needs of an account. */
type SendingAccount = Pick<AccountRow, "id" | "clientId" | "channel" | "externalId" | "sealed" | "config">

interface Cache {
  loading: Promise<void>
  loadedAt: number
  readonly byTenant: Map<string, SendingAccount>
}

const caches = new WeakMap<Services, Cache>()
const keyOf = (clientId: number, channel: string) => `${clientId}|${channel}`

const load = async (services: Services, cache: Cache) => {
  const rows = rowsOf(
    await services.database.db.execute(sql`SELECT id, client_id, channel, external_id, secrets, config FROM channel_accounts
      WHERE status = 'active' AND secrets <> '' AND channel IN ('whatsapp', 'facebook', 'instagram') ORDER BY id`),
  )
  cache.byTenant.clear()
  for (const r of rows)
    cache.byTenant.set(keyOf(Number(r.client_id), String(r.channel)), {
      id: Number(r.id),
      clientId: Number(r.client_id),
      channel: String(r.channel) as MetaChannel,
      externalId: String(r.external_id),
      sealed: String(r.secrets),
      config: (typeof r.config === "string" ? JSON.parse(r.config) : (r.config ?? {})) as Record<string, unknown>,
    })
  cache.loadedAt = Date.now()
}

const cacheOf = (services: Services): Cache => {
  let cache = caches.get(services)
  if (!cache) {
    const fresh: Cache = { loading: Promise.resolve(), loadedAt: 0, byTenant: new Map() }
    fresh.loading = load(services, fresh)
    caches.set(services, fresh)
    cache = fresh
  }
  return cache
}

/** Loads the accounts now (at start, before any transaction holds PGlite's connection). */
export const primeAccounts = (services: Services) => void cacheOf(services)

/** An account was connected, changed or removed: the next sends see it (call after the commit). */
export const accountsChanged = (services: Services) => {
  const cache = cacheOf(services)
  cache.loading = load(services, cache).catch((error) => console.error("[channels] reloading accounts failed", error))
}

const sendingAccount = async (services: Services, clientId: number, channel: MetaChannel) => {
  const cache = cacheOf(services)
  await cache.loading
  // Refreshed in the background, never awaited: the send holds a transaction's connection, and with every pooled
  // connection in such a transaction (a campaign's concurrent batches) a reload awaited here would wait forever.
  if (services.database.kind === "postgres" && Date.now() - cache.loadedAt > RELOAD_MS) {
    cache.loadedAt = Date.now()
    void load(services, cache).catch((error) => console.error("[channels] reloading accounts failed", error))
  }
  return cache.byTenant.get(keyOf(clientId, channel)) ?? null
}

const isMeta = (channel: string): channel is MetaChannel => channel === "whatsapp" || channel === "facebook" || channel === "instagram"

const viaGraph = async (services: Services, account: SendingAccount, out: OutboundMessage): Promise<string> => {
  const baseUrl = graphBaseOf(services.config)
  try {
    return account.channel === "whatsapp"
      ? await sendCloudMessage({ baseUrl, token: secretsOf(services.config, account).accessToken, phoneNumberId: account.externalId }, out)
      : await sendPageMessage(pageApiOf(services.config, account), out)
  } catch (error) {
    if (!(error instanceof GraphError)) throw error
    if (failureOf(error.code, error.subcode) === "auth_failed") {
      const reason = reasonOf(error.code, error.message)
      // Not in the send's transaction (it rolls back with the refusal): after it, so PGlite is free again.
      setTimeout(() => void services.database.transaction((tx) => setHealth(tx, account.id, "failed", reason)).catch(() => {}), 0)
    }
    throw graphRefusal(error, out.number)
  }
}

/**
 * The agent's typing indicator through the Graph API: WhatsApp's as a read mark with `typing_indicator` on the customer's
 * last message (Meta hides it at our reply or after 25 s, so "paused" sends nothing), Messenger's and Instagram's as
 * `sender_action`. Only a hint: Meta refusing it (an old message, a closed window) is logged, never the agent's error.
 */
const typingViaGraph = async (services: Services, account: SendingAccount, update: AgentTyping): Promise<void> => {
  try {
    if (account.channel !== "whatsapp")
      await sendPageAction(pageApiOf(services.config, account), update.number, update.state === "typing" ? "typing_on" : "typing_off")
    else if (update.state === "typing" && update.replyTo) {
      const token = secretsOf(services.config, account).accessToken
      await sendCloudTyping({ baseUrl: graphBaseOf(services.config), token, phoneNumberId: account.externalId }, update.replyTo)
    }
  } catch (error) {
    if (!(error instanceof GraphError)) throw error
    console.warn(`[channels] Meta refused the typing indicator for ${update.number}: ${reasonOf(error.code, error.message)}`)
  }
}

/** The hub's channel: Graph API for connected tenants, the simulator for the rest. */
export const withMetaAccounts: ChannelLayer = (services, _events, simulator) => {
  primeAccounts(services)
  return {
    ...simulator,
    send: async (out) => {
      const account = isMeta(out.channel) ? await sendingAccount(services, out.clientId, out.channel) : null
      return account ? { externalId: await viaGraph(services, account, out) } : simulator.send(out)
    },
    typing: async (update) => {
      const account = isMeta(update.channel) ? await sendingAccount(services, update.clientId, update.channel) : null
      return account ? typingViaGraph(services, account, update) : simulator.typing(update)
    },
  }
}
