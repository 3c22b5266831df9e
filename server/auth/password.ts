/** scrypt password hashes, stored as `scrypt$<salt b64>$<hash b64>`. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from "node:crypto"
import { promisify } from "node:util"

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>
const KEY_LENGTH = 32

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, KEY_LENGTH)
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`
}

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, salt, hash] = stored.split("$")
  if (scheme !== "scrypt" || !salt || !hash) return false
  const expected = Buffer.from(hash, "base64")
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length)
  return timingSafeEqual(actual, expected)
}

/** A hash nobody's password matches: login of an unknown user still spends one scrypt (no user enumeration by timing). */
export const DUMMY_HASH = "scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

export const randomToken = () => randomBytes(24).toString("base64url")
export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")
