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
  /**
   * Development conveniences: server/dev, loaded only then (the /dev/* hooks: mail outbox, channel simulator; the
   * simulators as the fallback channels). Off when NODE_ENV=production.
   */
  readonly dev: boolean
  /**
   * A random key made at each start and printed by `npm start`: the CLI scripts send it as `x-dev-key` to reach the
   * /dev/* hooks for any tenant (people and the console use a tenant admin's user token instead). See dev/access.ts.
   */
  readonly devKey: string
  /** The whole request (headers and body) must arrive within this, or the server answers 408 and closes (http/limits.ts). */
  readonly requestTimeoutMs: number
  /**
   * Origins besides the console's own that may open a socket (ALLOWED_ORIGINS, comma-separated: the web-chat widget's
   * sites, a development proxy on another port). See realtime/handshake.ts.
   */
  readonly allowedOrigins: readonly string[]
  /**
   * Behind a reverse proxy: the client's address and protocol come from its X-Forwarded-* headers. TRUST_PROXY=1 trusts
   * any peer; TRUSTED_PROXIES (addresses and CIDR ranges, comma-separated) trusts only those, so a caller elsewhere
   * cannot choose the address the IP whitelist sees. Neither: the socket's address.
   */
  readonly trustProxy: boolean | readonly string[]
  /**
   * Open connections one address may hold (CONNECTIONS_PER_ADDRESS, 256; 0: no cap, the default behind a proxy where
   * every client shares its address). An office behind one NAT address holds about one socket and a few HTTP
   * connections per agent: raise it for large offices.
   */
  readonly connectionsPerAddress: number
  /** Login, token-login and password-reset calls one address may make per minute (http/throttle.ts). */
  readonly credentialRatePerMinute: number
  /** Registration uploads and registrations (no credential) one address may make per hour, together (http/throttle.ts). */
  readonly registrationRatePerHour: number
  /**
   * The console's public address, the start of every link that leaves the server (every mail: core/mail.ts): PUBLIC_URL,
   * else the address the server listens on. Never taken from a request's Origin or Host, which a caller chooses.
   */
  readonly publicUrl: () => string
  /**
   * The mail server every mail leaves through (SMTP_URL: smtp://user:pass@host:587, smtps://...; server/core/mail.ts).
   * Null: development keeps mail in the outbox table, production refuses to send.
   */
  readonly smtpUrl: string | null
  /** The From of every mail (MAIL_FROM); null: "Messaging Console <no-reply@<host of the public URL>>". */
  readonly mailFrom: string | null
  /**
   * Where the Meta adapters reach the Graph API (GRAPH_BASE_URL, default https://graph.facebook.com). `self` is this
   * server's own simulator of it under /dev/graph (development servers: server/dev/meta/graph-routes.ts).
   */
  readonly graphBaseUrl: string
  /** The PBX softphone's SIP server (Kamailio), when one runs: see server/features/softphone and server/sip/kamailio.ts. */
  readonly sip?: SipSettings | null
  /**
   * Redis shared by every server process (REDIS_URL, e.g. redis://10.0.0.5:6379): socket events reach the agents on
   * every process, and the per-address rate limits count once. Unset: one process, everything in its memory.
   */
  readonly redisUrl: string | null
  /**
   * On SIGTERM, how long /readyz answers 503 while the server still serves, so the balancer stops sending first
   * (SHUTDOWN_DRAIN_MS, 0; behind HAProxy: its check interval times `fall`, plus a margin).
   */
  readonly shutdownDrainMs: number
  /**
   * Customers' traffic that its sender retries (Meta's webhooks, the simulator's) is refused with 503 and Retry-After
   * while a query waits longer than this for the database (SHED_AFTER_MS, 300; 0: never): http/shedding.ts.
   */
  readonly shedAfterMs: number
}

export interface SipSettings {
  /** Shared with Kamailio's auth_ephemeral module. */
  readonly secret: string
  readonly domain: string
  /** The WebSocket URL browsers register to; null: ws://<the host the console was loaded from>:<wsPort>. */
  readonly wsUrl: string | null
  readonly wsPort: number
  /** Kamailio's JSON-RPC endpoint (server/sip/kamailio-rpc.ts): the server publishes the tenants' trunks there. */
  readonly controlUrl?: string | null
  /** Lifetime of issued SIP credentials. */
  readonly ttlSeconds: number
  /** The TURN relay (coturn) for browsers behind NAT, when one runs. */
  readonly turn?: TurnSettings | null
  /** The media gateway (rtpengine), when one runs: PBX calls of tenants that record calls are recorded there. */
  readonly rtpengine?: RtpengineSettings | null
}

export interface RtpengineSettings {
  readonly ngHost: string
  readonly ngPort: number
  /** Its --recording-dir: the pcaps of recorded calls are read from `<dir>/pcaps` and removed. */
  readonly recordingDir: string
}

export interface TurnSettings {
  /** Shared with coturn (use-auth-secret): credentials are "<expiry>:<user id>" and base64(HMAC-SHA1(secret, it)). */
  readonly secret: string
  /** The TURN URLs browsers use; null: turn:<the host the console was loaded from>:<port> over UDP and TCP. */
  readonly urls: readonly string[] | null
  readonly port: number
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

/** PUBLIC_URL without a trailing slash (a path is kept: the console may live under one), or an error at start. */
export const publicUrlFrom = (value: string): string => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, not ${JSON.stringify(value)}`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`PUBLIC_URL must use http or https, not ${url.protocol}`)
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`
}

/** `listening`: the server's own address once it listens (the default public URL). */
export const makeConfig = (secret: string, overrides: Partial<Config> = {}, listening: () => string = () => ""): Config => {
  const configured = process.env.PUBLIC_URL ? publicUrlFrom(process.env.PUBLIC_URL) : null
  return {
    jwtSecret: secret,
    tokenTtlSeconds: Number(process.env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    resetTokenTtlSeconds: 30 * 60,
    apiBase: "/api",
    rtBase: "/rt",
    dev: process.env.NODE_ENV !== "production",
    // DEV_KEY: one key for every process of a cluster (scripts/cluster.ts), so a CLI script may reach any of them.
    devKey: process.env.DEV_KEY || randomBytes(24).toString("base64url"),
    requestTimeoutMs: Number(process.env.REQUEST_TIMEOUT_MS ?? 60_000),
    trustProxy: process.env.TRUSTED_PROXIES
      ? process.env.TRUSTED_PROXIES.split(",")
          .map((entry) => entry.trim())
          .filter(Boolean)
      : process.env.TRUST_PROXY === "1",
    allowedOrigins: (process.env.ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    connectionsPerAddress: Number(process.env.CONNECTIONS_PER_ADDRESS ?? (process.env.TRUST_PROXY === "1" ? 0 : 256)),
    credentialRatePerMinute: Number(process.env.CREDENTIAL_RATE_PER_MINUTE ?? 30),
    registrationRatePerHour: Number(process.env.REGISTRATION_RATE_PER_HOUR ?? 30),
    publicUrl: () => configured ?? listening(),
    smtpUrl: process.env.SMTP_URL || null,
    mailFrom: process.env.MAIL_FROM || null,
    graphBaseUrl: (process.env.GRAPH_BASE_URL ?? "https://graph.facebook.com").replace(/\/+$/, ""),
    redisUrl: process.env.REDIS_URL || null,
    shutdownDrainMs: Number(process.env.SHUTDOWN_DRAIN_MS ?? 0),
    shedAfterMs: Number(process.env.SHED_AFTER_MS ?? 300),
    ...overrides,
  }
}
