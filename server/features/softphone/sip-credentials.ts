/**
 * Per-user SIP credentials for the PBX softphone. Kamailio's auth_ephemeral module shares a secret with this
 * server: a username "<expiry>:<extension>" and password base64(HMAC-SHA1(secret, username)) are valid until the
 * expiry, for that extension only (the Kamailio config checks the registered AoR and the From user against it).
 * Nothing is stored; revoking a user's access means their next credentials are not issued.
 */
import { createHmac } from "node:crypto"
import type { IceServer, SipCredentials } from "../../../src/contract/schemas/tenants"
import type { SipSettings } from "../../config"

/** Every user gets a stable extension; ids are global, so extensions never collide across tenants. */
export const extensionOf = (userId: number): string => String(1000 + userId)

export const ephemeralPassword = (secret: string, username: string): string => createHmac("sha1", secret).update(username).digest("base64")

/** The host the console was loaded from (what the browser can reach), bracketed when IPv6. */
const hostOf = (origin: string): string => {
  let host = "127.0.0.1"
  try {
    if (origin) host = new URL(origin).hostname
  } catch {
    // a malformed Origin/Host header: keep loopback
  }
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host
}

const wsUrlFor = (sip: SipSettings, origin: string): string => sip.wsUrl ?? `ws://${hostOf(origin)}:${sip.wsPort}`

/**
 * The TURN relay with time-limited credentials (coturn's use-auth-secret, the same scheme as the SIP ones):
 * username "<expiry>:<user id>", credential base64(HMAC-SHA1(turn secret, username)). Empty without a relay.
 */
export const iceServersFor = (sip: SipSettings | null | undefined, userId: number, origin: string, expiresAt: number): IceServer[] => {
  const turn = sip?.turn
  if (!turn) return []
  const username = `${expiresAt}:${userId}`
  const host = hostOf(origin)
  const urls = turn.urls ? [...turn.urls] : [`turn:${host}:${turn.port}?transport=udp`, `turn:${host}:${turn.port}?transport=tcp`]
  return [{ urls, username, credential: ephemeralPassword(turn.secret, username) }]
}

export const issueSipCredentials = (sip: SipSettings, userId: number, origin: string, now = Date.now()): SipCredentials => {
  const extension = extensionOf(userId)
  const expiresAt = Math.floor(now / 1000) + sip.ttlSeconds
  const username = `${expiresAt}:${extension}`
  return {
    ws_url: wsUrlFor(sip, origin),
    domain: sip.domain,
    extension,
    username,
    password: ephemeralPassword(sip.secret, username),
    expires_at: expiresAt,
    ice_servers: iceServersFor(sip, userId, origin, expiresAt),
  }
}
