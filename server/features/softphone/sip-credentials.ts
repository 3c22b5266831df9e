/**
 * Per-user SIP credentials for the PBX softphone. Kamailio's auth_ephemeral module shares a secret with this
 * server: a username "<expiry>:<extension>" and password base64(HMAC-SHA1(secret, username)) are valid until the
 * expiry, for that extension only (the Kamailio config checks the registered AoR and the From user against it).
 * Nothing is stored; revoking a user's access means their next credentials are not issued.
 */
import { createHmac } from "node:crypto"
import type { SipCredentials } from "../../../src/contract/schemas/tenants"
import type { SipSettings } from "../../config"

/** Every user gets a stable extension; ids are global, so extensions never collide across tenants. */
export const extensionOf = (userId: number): string => String(1000 + userId)

export const ephemeralPassword = (secret: string, username: string): string => createHmac("sha1", secret).update(username).digest("base64")

const wsUrlFor = (sip: SipSettings, origin: string): string => {
  if (sip.wsUrl) return sip.wsUrl
  let host = "127.0.0.1"
  try {
    if (origin) host = new URL(origin).hostname
  } catch {
    // a malformed Origin/Host header: keep loopback
  }
  return `ws://${host.includes(":") ? `[${host}]` : host}:${sip.wsPort}`
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
  }
}
