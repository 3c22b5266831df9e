/**
 * coturn (Debian's `turnserver`) as the TURN relay for browsers behind NAT: time-limited credentials
 * (use-auth-secret, shared with the API server, which issues them with the SIP ones), UDP and TCP on one port, no
 * TLS, no database. Started next to Kamailio by `npm start` when installed, and by the tests.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { canConnect, startDaemon } from "./daemon"

export const TURNSERVER_BIN = "/usr/bin/turnserver"

export const coturnMissing = (): string | null =>
  existsSync(TURNSERVER_BIN) ? null : "coturn is not installed (apt-get install -y coturn)"

export interface CoturnOptions {
  readonly host: string
  /** The address it announces for relayed media (HOST itself, or the machine's external address). */
  readonly relayIp: string
  readonly port: number
  readonly secret: string
  readonly realm: string
  /** First relay port; it uses 200. */
  readonly relayPortMin: number
  readonly log?: (line: string) => void
}

export interface Coturn {
  readonly port: number
  readonly stop: () => Promise<void>
}

export const startCoturn = async (options: CoturnOptions): Promise<Coturn> => {
  const missing = coturnMissing()
  if (missing) throw new Error(missing)
  if (!/^[A-Za-z0-9+/=_-]+$/.test(options.secret)) throw new Error("the TURN secret must be base64 or hex")
  const daemon = await startDaemon({
    name: "coturn",
    bin: TURNSERVER_BIN,
    args: (dir) => [
      "-n",
      "--no-cli",
      "--no-tls",
      "--no-dtls",
      "--log-file=stdout",
      "--simple-log",
      `--pidfile=${join(dir, "turnserver.pid")}`,
      `--listening-ip=${options.host}`,
      `--relay-ip=${options.relayIp}`,
      `--listening-port=${options.port}`,
      `--min-port=${options.relayPortMin}`,
      `--max-port=${options.relayPortMin + 199}`,
      "--use-auth-secret",
      `--static-auth-secret=${options.secret}`,
      `--realm=${options.realm}`,
      "--fingerprint",
      "--no-multicast-peers",
      // Loopback peers are what a single-machine install and the tests relay to.
      ...(options.relayIp.startsWith("127.") ? ["--allow-loopback-peers"] : []),
    ],
    ready: () => canConnect(options.host === "0.0.0.0" ? "127.0.0.1" : options.host, options.port),
    log: options.log,
  })
  return { port: options.port, stop: daemon.stop }
}
