/**
 * Kamailio (Debian's package) as the softphone's SIP-over-WebSocket server: renders sip/kamailio.cfg.tpl with a
 * host, port, SIP domain and the secret shared with the API server, starts `kamailio -DD -E` in the foreground
 * of a child process, waits until the port accepts connections, and stops it. Used by `server/serve.ts` (when the
 * binary is installed) and by the tests, which start it on private ports.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const KAMAILIO_BIN = "/usr/sbin/kamailio"
const AUTHEPH_MODULE = "/usr/lib/x86_64-linux-gnu/kamailio/modules/auth_ephemeral.so"
const WEBSOCKET_MODULE = "/usr/lib/x86_64-linux-gnu/kamailio/modules/websocket.so"
const template = fileURLToPath(new URL("./kamailio.cfg.tpl", import.meta.url))

export interface KamailioOptions {
  readonly port: number
  readonly secret: string
  readonly host?: string
  readonly domain?: string
  /** Kamailio's own log lines go here (default: dropped). */
  readonly log?: (line: string) => void
}

export interface Kamailio {
  readonly host: string
  readonly port: number
  readonly domain: string
  /** The WebSocket URL a browser registers to. */
  readonly wsUrl: string
  readonly stop: () => Promise<void>
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
  if (!/^[A-Za-z0-9._-]+$/.test(options.domain)) throw new Error(`bad SIP domain ${options.domain}`)
  if (!/^[A-Za-z0-9+/=_-]+$/.test(options.secret))
    throw new Error("the SIP secret must be base64 or hex (it is written into a quoted config string)")
  return readFileSync(template, "utf8")
    .replaceAll("__HOST__", options.host)
    .replaceAll("__PORT__", String(options.port))
    .replaceAll("__DOMAIN__", options.domain)
    .replaceAll("__SECRET__", options.secret)
}

const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port })
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once("exit", () => resolve())
  })

export const startKamailio = async (options: KamailioOptions): Promise<Kamailio> => {
  const missing = kamailioMissing()
  if (missing) throw new Error(missing)
  const host = options.host ?? "127.0.0.1"
  const domain = options.domain ?? "pbx.local"
  const dir = mkdtempSync(join(tmpdir(), "kamailio-"))
  const cfg = join(dir, "kamailio.cfg")
  writeFileSync(cfg, renderConfig({ host, port: options.port, domain, secret: options.secret }), { mode: 0o600 })
  const child = spawn(KAMAILIO_BIN, ["-f", cfg, "-DD", "-E", "-P", join(dir, "kamailio.pid"), "-Y", dir], {
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const onData = (chunk: Buffer) => {
    const text = chunk.toString()
    if (output.length < 20_000) output += text
    if (options.log) for (const line of text.split("\n")) if (line.trim()) options.log(line)
  }
  child.stdout?.on("data", onData)
  child.stderr?.on("data", onData)
  // Kamailio must not outlive the Node process that started it (a test runner that exits, a crashed server).
  const killOnExit = () => child.kill("SIGKILL")
  process.once("exit", killOnExit)
  const cleanup = () => {
    process.removeListener("exit", killOnExit)
    rmSync(dir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 15_000
  while (!(await canConnect(host, options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL")
      cleanup()
      throw new Error(`kamailio did not start on ${host}:${options.port}:\n${output.slice(-3000)}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }

  let stopping: Promise<void> | null = null
  const stop = () => {
    stopping ??= (async () => {
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000)
      await exited(child)
      clearTimeout(timer)
      cleanup()
    })()
    return stopping
  }
  return { host, port: options.port, domain, wsUrl: `ws://${host}:${options.port}`, stop }
}

/** What server/serve.ts needs: the settings for the API server's config, and how to stop Kamailio. */
export interface SipServerForApp {
  readonly settings: { secret: string; domain: string; wsUrl: string | null; wsPort: number; ttlSeconds: number }
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
  // Kamailio listens where the API server does: 0.0.0.0 when HOST is, so other machines can register.
  let kamailio: Kamailio
  try {
    kamailio = await startKamailio({ port: wsPort, secret, host, domain })
  } catch (error) {
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
      ttlSeconds: Number(env.SIP_CREDENTIAL_TTL_SECONDS ?? 12 * 3600),
    },
    stop: kamailio.stop,
  }
}
