/**
 * Signed, expiring URLs for attachment bytes. Browsers load media from <img>, <video> and <a> tags, which cannot send
 * the user-token header, so the URL itself carries the permission: an HMAC (keyed from the server's secret) over the
 * attachment id and an expiry. The tenant check happens when the URL is handed out (messageAttachmentByAttachmentId
 * and the message lists); attachment ids are global, so the id alone names one tenant's file.
 *
 * Expiries are rounded up to the hour, so the same file keeps the same URL for an hour and the browser cache works.
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import type { Config } from "../config"

export const URL_TTL_SECONDS = 6 * 3600
const ROUND_SECONDS = 3600

const keyOf = (secret: string) => createHmac("sha256", secret).update("attachment-url-v1").digest()

/** `kind` names another kind of stored file than attachments (a call recording), so one kind's link never opens another's. */
export const signatureOf = (secret: string, id: number, exp: number, kind = "") =>
  createHmac("sha256", keyOf(secret))
    .update(kind ? `${kind}:${id}.${exp}` : `${id}.${exp}`)
    .digest("base64url")

export const filePath = (config: Pick<Config, "apiBase">) => `${config.apiBase}/files`

/**
 * `origin` (the public address, attachments.ts publicOrigin) makes the URL absolute, so it can also be sent as a
 * media message's link (the contract's Url); without it the URL is relative, which is all an <img> needs.
 */
export const signedUrlOf = (config: Pick<Config, "apiBase" | "jwtSecret">, id: number, origin = "", nowMs = Date.now()) =>
  signedLinkOf(config.jwtSecret, `${origin}${filePath(config)}`, id, nowMs)

/** `<base>/<id>?exp=&sig=`, for `kind` of file (attachments: none). */
export const signedLinkOf = (secret: string, base: string, id: number, nowMs = Date.now(), kind = "") => {
  const exp = Math.ceil((Math.floor(nowMs / 1000) + URL_TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS
  return `${base}/${id}?exp=${exp}&sig=${signatureOf(secret, id, exp, kind)}`
}

export type Verdict = "ok" | "forged" | "expired"

export const verify = (
  secret: string,
  id: number,
  exp: string | undefined,
  sig: string | undefined,
  nowMs = Date.now(),
  kind = "",
): Verdict => {
  if (!exp || !/^\d{1,12}$/.test(exp) || !sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "forged"
  const expected = Buffer.from(signatureOf(secret, id, Number(exp), kind))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "forged"
  return Number(exp) * 1000 < nowMs ? "expired" : "ok"
}

/**
 * The attachment id behind a link the console got from an upload (absolute or relative), when the link is one of
 * ours and validly signed; null for any other link. Lets a media send link the stored file to its message
 * (attachments.message_id), so later reads hand out fresh URLs instead of the one that expires.
 */
export const fileIdOfLink = (config: Pick<Config, "apiBase" | "jwtSecret">, link: string, nowMs = Date.now()): number | null => {
  let url: URL
  try {
    url = new URL(link, "http://local")
  } catch {
    return null
  }
  const match = new RegExp(`^${filePath(config).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/([1-9][0-9]{0,9})$`).exec(url.pathname)
  if (!match) return null
  const id = Number(match[1])
  return verify(config.jwtSecret, id, url.searchParams.get("exp") ?? undefined, url.searchParams.get("sig") ?? undefined, nowMs) === "ok"
    ? id
    : null
}
