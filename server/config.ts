/** Server settings from options and the environment. The JWT secret persists in the data folder when not given. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { randomBytes } from "node:crypto"

export interface Config {
  readonly jwtSecret: string
  /** Lifetime of a user token (the `exp` claim). */
  readonly tokenTtlSeconds: number
  readonly resetTokenTtlSeconds: number
  readonly apiBase: string
  readonly rtBase: string
  /** Development conveniences (GET /dev/outbox). Off when NODE_ENV=production. */
  readonly dev: boolean
  /** The PBX softphone's SIP server (Kamailio), when one runs: see server/features/softphone and sip/kamailio.ts. */
  readonly sip?: SipSettings | null
}

export interface SipSettings {
  /** Shared with Kamailio's auth_ephemeral module. */
  readonly secret: string
  readonly domain: string
  /** The WebSocket URL browsers register to; null: ws://<the host the console was loaded from>:<wsPort>. */
  readonly wsUrl: string | null
  readonly wsPort: number
  /** Lifetime of issued SIP credentials. */
  readonly ttlSeconds: number
}

export const secretFor = (dataDir: string | undefined, given?: string): string => {
  if (given) return given
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET
  if (!dataDir) return randomBytes(32).toString("hex")
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, "jwt-secret")
  if (existsSync(file)) return readFileSync(file, "utf8").trim()
  const secret = randomBytes(32).toString("hex")
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export const makeConfig = (secret: string, overrides: Partial<Config> = {}): Config => ({
  jwtSecret: secret,
  tokenTtlSeconds: Number(process.env.TOKEN_TTL_SECONDS ?? 12 * 3600),
  resetTokenTtlSeconds: 30 * 60,
  apiBase: "/api",
  rtBase: "/rt",
  dev: process.env.NODE_ENV !== "production",
  ...overrides,
})
