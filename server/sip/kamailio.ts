/**
 * Kamailio (Debian's package) as the softphone's SIP-over-WebSocket server: renders server/sip/kamailio.cfg.tpl with a
 * host, port, SIP domain and the secret shared with the API server, starts `kamailio -DD -E` in the foreground
 * of a child process, waits until the port accepts connections, and stops it. Used by `server/serve.ts` (when the
 * binary is installed) and by the tests, which start it on private ports.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import type { SipSettings } from "../config"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { networkInterfaces } from "node:os"
import { canConnect, startDaemon } from "./daemon"
import { rtpengineMissing, startRtpengine, type Rtpengine } from "./rtpengine"
import { coturnMissing, startCoturn, type Coturn } from "./coturn"
import { rpcTokenOf } from "./kamailio-rpc"

export const KAMAILIO_BIN = "/usr/sbin/kamailio"
const AUTHEPH_MODULE = "/usr/lib/x86_64-linux-gnu/kamailio/modules/auth_ephemeral.so"
const WEBSOCKET_MODULE = "/usr/lib/x86_64-linux-gnu/kamailio/modules/websocket.so"
const template = fileURLToPath(new URL("./kamailio.cfg.tpl", import.meta.url))

export interface KamailioOptions {
  readonly port: number
  readonly secret: string
  readonly host?: string
  readonly domain?: string
  /** rtpengine's control socket ("udp:127.0.0.1:PORT"): calls between a browser and a plain-RTP phone go through it. */
  readonly rtpengine?: string
  /** Kamailio's own log lines go here (default: dropped). */
  readonly log?: (line: string) => void
}

export interface Kamailio {
  readonly host: string
  readonly port: number
  readonly domain: string
  /** The WebSocket URL a browser registers to. */
  readonly wsUrl: string
  /** Its JSON-RPC endpoint (kamailio-rpc.ts), reachable from this machine. */
  readonly controlUrl: string
  readonly stop: () => Promise<void>
  /** Follows Kamailio's log lines (the tests wait for what it logged). */
  readonly onLine: (listener: (line: string) => void) => () => void
}

/** Why the softphone cannot run here, or null when Kamailio and the modules it needs are installed. */
export const kamailioMissing = (): string | null => {
  if (!existsSync(KAMAILIO_BIN))
    return "kamailio is not installed (apt-get install -y kamailio kamailio-websocket-modules kamailio-autheph-modules)"
  if (!existsSync(WEBSOCKET_MODULE)) return "Kamailio's WebSocket module is missing (apt-get install -y kamailio-websocket-modules)"
  if (!existsSync(AUTHEPH_MODULE)) return "Kamailio's auth_ephemeral module is missing (apt-get install -y kamailio-autheph-modules)"
  return null
}

/**
 * Why the Kamailio tests should be skipped, or null to run them. Under `npm test` (which installs the packages
 * first and sets REQUIRE_SYSTEM_DEPS) nothing is skipped: a missing package fails the suite instead of hiding.
 */
export const kamailioSkipReason = (): string | null => (process.env.REQUIRE_SYSTEM_DEPS ? null : kamailioMissing())

export const renderConfig = (options: Required<Omit<KamailioOptions, "log">>): string => {
  if (options.rtpengine && !/^udp:[0-9.]+:[0-9]+$/.test(options.rtpengine)) throw new Error(`bad rtpengine socket ${options.rtpengine}`)
  const defines = [
    options.rtpengine ? `#!define WITH_RTPENGINE\n#!define RTPENGINE_SOCK "${options.rtpengine}"` : "",
    `#!define RPC_TOKEN "${rpcTokenOf(options.secret)}"`,
  ].join("\n")
  if (!/^[A-Za-z0-9._-]+$/.test(options.domain)) throw new Error(`bad SIP domain ${options.domain}`)
  if (!/^[A-Za-z0-9+/=_-]+$/.test(options.secret))
    throw new Error("the SIP secret must be base64 or hex (it is written into a quoted config string)")
  return readFileSync(template, "utf8")
    .replaceAll("__HOST__", options.host)
    .replaceAll("__PORT__", String(options.port))
    .replaceAll("__DOMAIN__", options.domain)
    .replaceAll("__SECRET__", options.secret)
    .replace("__DEFINES__", defines)
}

export const startKamailio = async (options: KamailioOptions): Promise<Kamailio> => {
  const missing = kamailioMissing()
  if (missing) throw new Error(missing)
  const host = options.host ?? "127.0.0.1"
  const domain = options.domain ?? "pbx.local"
  const config = renderConfig({ host, port: options.port, domain, secret: options.secret, rtpengine: options.rtpengine ?? "" })
  const daemon = await startDaemon({
    name: "kamailio",
    bin: KAMAILIO_BIN,
    prepare: (dir) => writeFileSync(join(dir, "kamailio.cfg"), config, { mode: 0o600 }),
    args: (dir) => ["-f", join(dir, "kamailio.cfg"), "-DD", "-E", "-P", join(dir, "kamailio.pid"), "-Y", dir],
    ready: () => canConnect(host, options.port),
    log: options.log,
  })
  return {
    host,
    port: options.port,
    domain,
    wsUrl: `ws://${host}:${options.port}`,
    controlUrl: controlUrlOf(host, options.port),
    stop: daemon.stop,
    onLine: daemon.onLine,
  }
}

/** Where this machine reaches Kamailio's JSON-RPC: loopback when it listens on every address. */
export const controlUrlOf = (host: string, port: number): string => {
  const local = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host
  return `http://${local}:${port}/RPC`
}

/** What server/serve.ts needs: the settings for the API server's config, and how to stop Kamailio. */
export interface SipServerForApp {
  readonly settings: SipSettings
  readonly stop: () => Promise<void>
}

/**
 * `npm start`: Kamailio on SIP_WS_PORT (5066) next to the API server, with a fresh secret each start (the two
 * restart together). SIP=off skips it; a missing binary or module is logged with the command that installs it.
 */
export const startSipServerFromEnv = async (
  env: NodeJS.ProcessEnv,
  host: string,
  log: (line: string) => void,
): Promise<SipServerForApp | null> => {
  if (env.SIP === "off") return null
  const missing = kamailioMissing()
  if (missing) {
    log(`PBX softphone unavailable: ${missing}`)
    return null
  }
  const wsPort = Number(env.SIP_WS_PORT ?? 5066)
  const secret = (await import("node:crypto")).randomBytes(24).toString("base64")
  const domain = env.SIP_DOMAIN ?? "pbx.local"
  // The media gateway between browsers and plain-RTP phones, when installed (browser-to-browser calls need none).
  let rtpengine: Rtpengine | null = null
  const noGateway = rtpengineMissing()
  if (noGateway) log(`PBX media gateway unavailable (browsers can call only browsers): ${noGateway}`)
  else {
    const mediaIp = env.SIP_MEDIA_IP || mediaAddressFor(host)
    try {
      rtpengine = await startRtpengine({
        mediaIp,
        ngPort: Number(env.RTPENGINE_NG_PORT ?? 2223),
        portMin: Number(env.RTP_PORT_MIN ?? 30000),
      })
      log(`PBX media gateway: rtpengine on ${mediaIp}, RTP ports from ${env.RTP_PORT_MIN ?? 30000}`)
    } catch (error) {
      log(`PBX media gateway unavailable: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`)
    }
  }
  // The TURN relay for browsers behind NAT, when installed.
  let coturn: Coturn | null = null
  const turnSecret = (await import("node:crypto")).randomBytes(24).toString("base64")
  const noRelay = coturnMissing()
  if (env.TURN === "off") log("PBX TURN relay off (TURN=off)")
  else if (noRelay) log(`PBX TURN relay unavailable (browsers behind NAT may get no audio): ${noRelay}`)
  else {
    try {
      coturn = await startCoturn({
        host,
        relayIp: env.SIP_MEDIA_IP || mediaAddressFor(host),
        port: Number(env.TURN_PORT ?? 3478),
        secret: turnSecret,
        realm: domain,
        relayPortMin: Number(env.TURN_RELAY_PORT_MIN ?? 49200),
      })
      log(`PBX TURN relay: coturn on ${host}:${coturn.port}`)
    } catch (error) {
      log(`PBX TURN relay unavailable: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`)
    }
  }
  // Kamailio listens where the API server does: 0.0.0.0 when HOST is, so other machines can register.
  let kamailio: Kamailio
  try {
    kamailio = await startKamailio({ port: wsPort, secret, host, domain, rtpengine: rtpengine?.socket })
  } catch (error) {
    await rtpengine?.stop()
    await coturn?.stop()
    log(
      `PBX softphone unavailable: ${error instanceof Error ? error.message.split("\n")[0] : String(error)} (is SIP_WS_PORT ${wsPort} free?)`,
    )
    return null
  }
  log(`PBX softphone: Kamailio SIP over WebSocket on ${kamailio.wsUrl} (domain ${domain})`)
  return {
    settings: {
      secret,
      domain,
      wsUrl: env.SIP_WS_URL || null,
      wsPort,
      controlUrl: kamailio.controlUrl,
      ttlSeconds: Number(env.SIP_CREDENTIAL_TTL_SECONDS ?? 12 * 3600),
      turn: coturn ? { secret: turnSecret, urls: env.TURN_URLS ? env.TURN_URLS.split(",") : null, port: coturn.port } : null,
      rtpengine: rtpengine ? { ngHost: rtpengine.ngHost, ngPort: rtpengine.ngPort, recordingDir: rtpengine.recordingDir } : null,
    },
    stop: async () => {
      await kamailio.stop()
      await rtpengine?.stop()
      await coturn?.stop()
    },
  }
}

/** The address rtpengine announces in SDP: HOST itself, or (HOST 0.0.0.0) the first external IPv4 address. */
const mediaAddressFor = (host: string): string => {
  if (host !== "0.0.0.0" && host !== "::" && /^[0-9.]+$/.test(host)) return host
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? []) if (address.family === "IPv4" && !address.internal) return address.address
  return "127.0.0.1"
}
