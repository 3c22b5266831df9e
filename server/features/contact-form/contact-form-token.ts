/**
 * The public form's link token: `<client id>.<key>.<HMAC-SHA256 of both with the server's secret>`. The key is the
 * tenant's client setting `contact_form_key`; turning the form off drops it, so every earlier link is revoked, and
 * turning it on makes a new one. Tampering with any part breaks the signature; the tenant is read from the token only.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"

const signatureOf = (secret: string, clientId: number, key: string) =>
  createHmac("sha256", secret).update(`contact-form:${clientId}:${key}`).digest("base64url")

export const newFormKey = () => randomBytes(12).toString("base64url")

export const formTokenOf = (secret: string, clientId: number, key: string) => `${clientId}.${key}.${signatureOf(secret, clientId, key)}`

/** The token's tenant and key when its signature holds, else null. */
export const readFormToken = (secret: string, token: string): { clientId: number; key: string } | null => {
  const [id, key, signature, ...rest] = token.split(".")
  const clientId = Number(id)
  if (rest.length > 0 || !key || !signature || !Number.isInteger(clientId) || clientId <= 0) return null
  const expected = Buffer.from(signatureOf(secret, clientId, key))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given) ? { clientId, key } : null
}
