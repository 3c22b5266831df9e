/**
 * Who may open a socket (ASVS 3.5.x, 13.x). socket.io answers with credentials, so an Origin it reflected would let
 * any web page the agent visits act on their live session; and a token in the URL lands in proxy and server logs.
 *  - Origin: none (not a browser), the console's own (the same host the request was sent to, or PUBLIC_URL's), or
 *    one of `config.allowedOrigins` (ALLOWED_ORIGINS: the web-chat widget's sites once it exists, a dev proxy).
 *  - The user token travels in the handshake's `auth` payload only; a handshake with `user_token` in its URL is
 *    refused.
 * socket.ts applies `handshakeToken`, `socketCors` and `allowHandshake` (engine.io's allowRequest, for every
 * transport: browsers do not apply CORS to WebSockets, so the Origin check cannot be left to CORS).
 */
import type { IncomingMessage } from "node:http"
import type { Config } from "../config"
import { fromTrustedProxy } from "../http/trusted-proxy"

type Settings = Pick<Config, "publicUrl" | "allowedOrigins" | "trustProxy">

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim()
/** The entry the nearest proxy added (the last one), as Fastify reads X-Forwarded-Host. */
const last = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value)?.split(",").at(-1)?.trim() || undefined

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/** Whether a browser on `origin` may open a socket to this request's server. */
export const originAllowed = (settings: Settings, req: IncomingMessage, origin: string | undefined): boolean => {
  if (origin === undefined) return true
  if (settings.allowedOrigins.includes(origin)) return true
  const host = hostOf(origin)
  if (host === null) return false
  // X-Forwarded-Host only from a trusted proxy (http/trusted-proxy.ts): anyone else could name the page's host.
  const forwarded = fromTrustedProxy(settings.trustProxy, req) ? last(req.headers["x-forwarded-host"]) : undefined
  const requestHost = forwarded ?? req.headers.host
  return host === requestHost || host === hostOf(settings.publicUrl())
}

/** The user token of a handshake: its `auth` payload's `user_token`, never the URL's. */
export const handshakeToken = (handshake: { auth?: unknown }): string | undefined => {
  const token = (handshake.auth as { user_token?: unknown } | undefined)?.user_token
  return typeof token === "string" && token.length > 0 ? token : undefined
}

/** engine.io's allowRequest: a foreign Origin or a token in the URL is refused (403) before any session exists. */
export const allowHandshake =
  (settings: Settings) => (req: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => {
    const query = new URL(req.url ?? "/", "http://x").searchParams
    if (query.has("user_token")) return callback("The user token goes in the handshake's auth payload, not the URL", false)
    if (!originAllowed(settings, req, first(req.headers.origin))) return callback("Origin not allowed", false)
    callback(null, true)
  }

/** socket.io's CORS for the polling transport: the same origins, with credentials; no others get CORS headers. */
export const socketCors = (settings: Settings) => ({
  origin: (origin: string | undefined, callback: (error: Error | null, allow?: boolean) => void) =>
    callback(null, origin === undefined || settings.allowedOrigins.includes(origin) || hostOf(origin) === hostOf(settings.publicUrl())),
  credentials: true,
})
