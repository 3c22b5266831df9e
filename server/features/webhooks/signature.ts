/**
 * The signature of a webhook request, Stripe-style: `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" with the webhook's secret>`. A receiver recomputes it over the raw body, compares in constant time
 * and refuses a timestamp older than its tolerance (replays). docs/features/webhooks.md ("Verifying a delivery") has the recipe.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

export const SIGNATURE_HEADER = "x-webhook-signature"
export const TIMESTAMP_HEADER = "x-webhook-timestamp"
export const EVENT_ID_HEADER = "x-webhook-id"
export const EVENT_TYPE_HEADER = "x-webhook-event"
export const ATTEMPT_HEADER = "x-webhook-attempt"

export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")

export const signatureHeader = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`

/** What a receiver does: true when the header signs this body with this secret within `toleranceSeconds` of `now`. */
export const verifySignature = (secret: string, header: string, body: string, toleranceSeconds = 300, now = Date.now()): boolean => {
  const parts = new Map(header.split(",").map((kv) => kv.split("=", 2) as [string, string]))
  const t = Number(parts.get("t"))
  const v1 = parts.get("v1") ?? ""
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false
  const expected = Buffer.from(signatureOf(secret, t, body), "hex")
  const given = Buffer.from(v1, "hex")
  return given.length === expected.length && timingSafeEqual(given, expected)
}
