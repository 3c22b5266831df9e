/**
 * One-time codes: drawn from `crypto.randomInt`, named by a random key (`newCodeKey`), kept at rest as an HMAC-SHA256 (under a key derived from the server's
 * secret, bound to the log row's id so a digest cannot be moved to another row), compared in constant time.
 */
import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto"

export const CODE_LENGTH = 6

export const newCode = (length = CODE_LENGTH): string => String(randomInt(0, 10 ** length)).padStart(length, "0")

/** The key a sent code is verified by: 192 random bits (the row id is sequential, so anyone could name any code by it). */
export const newCodeKey = (): string => randomBytes(24).toString("base64url")

const keys = new Map<string, Buffer>()
const keyOf = (serverSecret: string) => {
  let key = keys.get(serverSecret)
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", serverSecret, "otp-codes", "hmac-sha256 v1", 32))
    keys.set(serverSecret, key)
  }
  return key
}

export const codeDigest = (serverSecret: string, logId: number, code: string): string =>
  createHmac("sha256", keyOf(serverSecret)).update(`${logId}:${code}`).digest("hex")

/** Whether `code` is the one whose digest is `stored`: both digests compared with `timingSafeEqual`. */
export const sameCode = (serverSecret: string, logId: number, code: string, stored: string): boolean => {
  const given = Buffer.from(codeDigest(serverSecret, logId, code), "hex")
  const kept = Buffer.from(stored, "hex")
  return given.length === kept.length && timingSafeEqual(given, kept)
}

/** Where a code went, as the person asking may see it: `+90•••••4567`, `a•••@example.com`. */
export const maskedTarget = (target: string): string => {
  const at = target.indexOf("@")
  if (at > 0) return `${target[0]}•••${target.slice(at)}`
  return target.length <= 7 ? `•••${target.slice(-2)}` : `${target.slice(0, 3)}•••••${target.slice(-4)}`
}
