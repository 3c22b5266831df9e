/**
 * Meta's webhook signature: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body under the app secret>`.
 * Always over the bytes as they arrived (Meta escapes non-ASCII as \u00e9 and / as \/): never over a re-serialised body.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

export const signatureOf = (appSecret: string, raw: Buffer | string): string =>
  `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`

export const signatureValid = (appSecret: string, raw: Buffer, header: string | undefined): boolean => {
  if (!header) return false
  const expected = Buffer.from(signatureOf(appSecret, raw))
  const given = Buffer.from(header.trim().toLowerCase())
  return given.length === expected.length && timingSafeEqual(given, expected)
}
