/**
 * Gateway secrets at rest (SMPP passwords, HTTP API keys): AES-256-GCM under a key derived (HKDF-SHA256) from the
 * server's secret, a fresh 12-byte IV per value. Stored as `v1:<base64 iv|tag|ciphertext>`; a value that was tampered
 * with, or sealed under another server secret, does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"

const keys = new Map<string, Buffer>()
const keyOf = (serverSecret: string) => {
  let key = keys.get(serverSecret)
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", serverSecret, "sms-gateway-secrets", "aes-256-gcm v1", 32))
    keys.set(serverSecret, key)
  }
  return key
}

export const seal = (serverSecret: string, plain: string): string => {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", keyOf(serverSecret), iv)
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`
}

export const open = (serverSecret: string, sealed: string): string => {
  if (!sealed.startsWith("v1:")) throw new Error("Unknown secret format")
  const raw = Buffer.from(sealed.slice(3), "base64")
  const decipher = createDecipheriv("aes-256-gcm", keyOf(serverSecret), raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")
}

/** What the console may see of a secret: its last two characters. */
export const hintOf = (plain: string) => (plain.length <= 4 ? "••••" : `••••${plain.slice(-2)}`)
