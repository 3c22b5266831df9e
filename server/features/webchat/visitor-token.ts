/**
 * The signed visitor token that keeps a web-chat visitor's conversation across page loads: `v1.<clientId>.<visitorId>.
 * <expires>.<mac>`, the MAC an HMAC-SHA256 under a key derived from the server's secret (never the secret itself). A
 * changed byte, an expired token or another tenant's token reads as null.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"

export const VISITOR_TOKEN_TTL_S = 90 * 24 * 3600
/** A visitor's "number" in the chat: `wv_` and 22 url-safe characters (128 random bits). */
export const VISITOR_ID = /^wv_[A-Za-z0-9_-]{22}$/

export const newVisitorId = () => `wv_${randomBytes(16).toString("base64url")}`
export const isVisitorId = (number: string) => VISITOR_ID.test(number)

const keyOf = (secret: string) => createHmac("sha256", secret).update("webchat-visitor-token").digest()
const macOf = (secret: string, body: string) => createHmac("sha256", keyOf(secret)).update(body).digest("base64url")

export const signVisitorToken = (secret: string, clientId: number, visitorId: string, nowMs = Date.now()) => {
  const body = `v1.${clientId}.${visitorId}.${Math.floor(nowMs / 1000) + VISITOR_TOKEN_TTL_S}`
  return `${body}.${macOf(secret, body)}`
}

/** The visitor of `token` when it is genuine, unexpired and `clientId`'s; otherwise null. */
export const readVisitorToken = (secret: string, token: string, clientId: number, nowMs = Date.now()): string | null => {
  const parts = token.split(".")
  if (parts.length !== 5 || parts[0] !== "v1") return null
  const [, client, visitorId, expires, mac] = parts
  const expected = Buffer.from(macOf(secret, parts.slice(0, 4).join(".")))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  if (Number(client) !== clientId || !isVisitorId(visitorId)) return null
  if (!/^[0-9]{1,12}$/.test(expires) || Number(expires) * 1000 <= nowMs) return null
  return visitorId
}
