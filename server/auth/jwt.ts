/** HS256 JSON Web Tokens with node:crypto (no dependency for three small functions). */
import { createHmac, timingSafeEqual } from "node:crypto"

const b64 = (data: string | Buffer) => Buffer.from(data).toString("base64url")
const HEADER = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }))

export interface Claims {
  readonly typ: "user" | "client"
  readonly sub?: number
  readonly cid: number
  readonly lid?: string
  readonly scope?: string
  readonly iat: number
  readonly exp?: number
}

export const nowSeconds = () => Math.floor(Date.now() / 1000)

export const signJwt = (claims: Claims, secret: string): string => {
  const body = `${HEADER}.${b64(JSON.stringify(claims))}`
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`
}

export type Verified = { ok: true; claims: Claims } | { ok: false; reason: "invalid" | "expired" }

export const verifyJwt = (token: string, secret: string): Verified => {
  const parts = token.split(".")
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: "invalid" }
  const expected = createHmac("sha256", secret).update(`${parts[0]}.${parts[1]}`).digest()
  const given = Buffer.from(parts[2], "base64url")
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" }
  let claims: Claims
  try {
    claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"))
  } catch {
    return { ok: false, reason: "invalid" }
  }
  if (typeof claims !== "object" || claims === null || typeof claims.cid !== "number") return { ok: false, reason: "invalid" }
  if (typeof claims.exp === "number" && claims.exp <= nowSeconds()) return { ok: false, reason: "expired" }
  return { ok: true, claims }
}
