/**
 * Publishes the tenants' trunks into Kamailio's `pbx` table (server/sip/kamailio.cfg.tpl, route[TO_TRUNK] and
 * route[FROM_TRUNK]) over its JSON-RPC: at start, every 30 s (so a restarted Kamailio is filled again), when a tenant
 * saves its trunk or its call setting, and when a user gets softphone credentials before the next round; a failed
 * round is tried again after 2 s. Every softphone user's extension is published with its tenant, so Kamailio refuses
 * calls between tenants. Only what changed is sent; an epoch key tells whether Kamailio still holds what this server
 * published.
 */
import { randomUUID } from "node:crypto"
import { lookup } from "node:dns/promises"
import { isIP } from "node:net"
import { sql } from "drizzle-orm"
import { KamailioRpcError, kamailioRpc, type KamailioRpc } from "../../sip/kamailio-rpc"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Services } from "../../http/context"
import type { HttpRoutes } from "../../core/registry"
import { tenantsRecordingCalls } from "../onboarding"
import { allTrunks, type StoredTrunk } from "./pbx-trunk-store"
import { extensionOf } from "./sip-credentials"

const TABLE = "pbx"
const ROUND_MS = 30_000
const RETRY_MS = 2_000
const SOFTPHONE_KEY = "FRONT:/apps/pbxcalls"

/** The tenant's users who may use the softphone (a super admin, or a role granting /apps/pbxcalls). */
const mayUseSoftphone = sql`(u.super_admin OR EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p
  ON p.id = rp.permission_id WHERE rp.role_id = u.role_id AND p.key = ${SOFTPHONE_KEY}))`

export const softphoneUserIds = async (db: Db, clientId: number): Promise<number[]> =>
  rowsOf(await db.execute(sql`SELECT u.id FROM users u WHERE u.client_id = ${clientId} AND ${mayUseSoftphone} ORDER BY u.id`)).map((row) =>
    Number(row.id),
  )

/** The tenant's active softphone users, by name: whom a call can be transferred to. */
export const softphoneUsers = async (db: Db, clientId: number): Promise<{ id: number; name: string }[]> =>
  rowsOf(
    await db.execute(sql`SELECT u.id, u.display_name FROM users u WHERE u.client_id = ${clientId} AND u.status = 'active'
      AND ${mayUseSoftphone} ORDER BY u.display_name, u.id`),
  ).map((row) => ({ id: Number(row.id), name: String(row.display_name) }))

/** Every tenant's softphone users' extensions ("ext:<extension>" = tenant): calls between tenants are refused. */
export const extensionKeys = async (db: Db): Promise<Map<string, string>> =>
  new Map(
    rowsOf(await db.execute(sql`SELECT u.id, u.client_id FROM users u WHERE ${mayUseSoftphone}`)).map((row) => [
      `ext:${extensionOf(Number(row.id))}`,
      String(row.client_id),
    ]),
  )

const addressOf = async (host: string): Promise<string | null> => {
  if (isIP(host)) return host
  try {
    return (await lookup(host, { family: 4 })).address
  } catch {
    return null
  }
}

/** One tenant's keys in the `pbx` table (see the table's description in the Kamailio config). */
export const trunkKeys = async (db: Db, clientId: number, trunk: StoredTrunk): Promise<Map<string, string>> => {
  const keys = new Map<string, string>()
  if (!trunk.enabled) return keys
  const pbxUsers = await softphoneUserIds(db, clientId)
  const t = String(clientId)
  keys.set(`trunk:${t}`, `${trunk.host}:${trunk.port};transport=${trunk.transport}`)
  keys.set(`host:${t}`, trunk.host)
  keys.set(`cid:${t}`, trunk.caller_id)
  keys.set(`fmt:${t}`, trunk.number_format)
  if (trunk.number_format === "national") {
    keys.set(`cc:${t}`, trunk.country_code)
    keys.set(`np:${t}`, trunk.national_prefix)
    keys.set(`ip:${t}`, trunk.international_prefix)
  }
  if (trunk.auth === "digest") {
    keys.set(`user:${t}`, trunk.username)
    keys.set(`pass:${t}`, trunk.password)
  }
  const source = await addressOf(trunk.host)
  if (source) keys.set(`src:${t}`, source)
  // The carrier may send the number with or without "+", or nationally: each form finds the tenant.
  for (const number of trunk.inbound_numbers) {
    keys.set(`did:${number}`, t)
    keys.set(`did:${number.slice(1)}`, t)
    if (trunk.number_format === "national" && trunk.country_code && number.startsWith(`+${trunk.country_code}`))
      keys.set(`did:${trunk.national_prefix}${number.slice(1 + trunk.country_code.length)}`, t)
  }
  const allowed = new Set(pbxUsers)
  const ring = trunk.ring_user_ids.length > 0 ? trunk.ring_user_ids.filter((id) => allowed.has(id)) : pbxUsers
  if (ring.length > 0) keys.set(`ring:${t}`, ring.map(extensionOf).join(";"))
  return keys
}

export const allTrunkKeys = async (db: Db): Promise<Map<string, string>> => {
  const keys = await extensionKeys(db)
  for (const { clientId, trunk } of await allTrunks(db))
    for (const [key, value] of await trunkKeys(db, clientId, trunk)) keys.set(key, value)
  // Kamailio asks rtpengine to record these tenants' calls from the answer on (pbx-recording.ts starts the others' late).
  for (const clientId of await tenantsRecordingCalls(db)) keys.set(`rec:${clientId}`, "1")
  return keys
}

export interface RoutePublisher {
  /** Brings Kamailio's table in line with the database; resolves once done (errors are logged, not thrown). */
  readonly sync: () => Promise<void>
  /** Whether this user's extension is missing from what Kamailio was told (a user new since the last round). */
  readonly lacks: (extension: string) => boolean
  readonly stop: () => void
}

export const routePublisher = (db: Db, rpc: KamailioRpc, log: (line: string) => void = console.warn): RoutePublisher => {
  const epoch = randomUUID()
  let published = new Map<string, string>()
  let running: Promise<void> = Promise.resolve()
  let lastError = ""
  let retry: NodeJS.Timeout | null = null
  const once = async () => {
    const wanted = await allTrunkKeys(db)
    let theirs: unknown = null
    try {
      theirs = await rpc.call("htable.get", [TABLE, "epoch"])
    } catch (error) {
      if (!(error instanceof KamailioRpcError)) throw error
    }
    const held = (theirs as { item?: { value?: string } } | null)?.item?.value
    if (held !== epoch) {
      // A fresh (or restarted) Kamailio, or one another server filled: start from an empty table.
      await rpc.call("htable.flush", [TABLE])
      published = new Map()
    }
    for (const [key, value] of wanted) if (published.get(key) !== value) await rpc.call("htable.sets", [TABLE, key, value])
    for (const key of published.keys()) if (!wanted.has(key)) await rpc.call("htable.delete", [TABLE, key])
    if (held !== epoch) await rpc.call("htable.sets", [TABLE, "epoch", epoch])
    published = wanted
  }
  const sync = () => {
    running = running.then(
      () =>
        once().then(
          () => {
            lastError = ""
          },
          (error) => {
            const message = error instanceof Error ? error.message : String(error)
            if (message !== lastError) log(`[pbx] could not publish the trunks to Kamailio: ${message}`)
            lastError = message
            // A Kamailio slow to answer at its start is asked again soon, not at the next round.
            retry ??= setTimeout(() => {
              retry = null
              void sync()
            }, RETRY_MS)
            retry.unref()
          },
        ),
      () => undefined,
    )
    return running
  }
  const timer = setInterval(() => void sync(), ROUND_MS)
  timer.unref()
  return {
    sync,
    lacks: (extension) => !published.has(`ext:${extension}`),
    stop: () => {
      clearInterval(timer)
      if (retry) clearTimeout(retry)
    },
  }
}

const publishers = new WeakMap<Services, RoutePublisher>()

/** The server's publisher, or null when it runs without Kamailio. */
export const publisherOf = (services: Services): RoutePublisher | null => publishers.get(services) ?? null

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    const sip = services.config.sip
    if (!sip?.controlUrl) return
    const publisher = routePublisher(services.database.db, kamailioRpc(sip.controlUrl, sip.secret))
    publishers.set(services, publisher)
    app.addHook("onReady", async () => {
      void publisher.sync()
    })
    app.addHook("onClose", async () => publisher.stop())
  },
]
