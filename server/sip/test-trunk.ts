/**
 * The simulator's test trunk: a carrier played by baresip on its own loopback address (127.0.0.2 by default, so
 * Kamailio tells it from the tenants' phones by address, like a carrier's IP authentication). It answers every call
 * for its subscribers' numbers (plain RTP, PCMU, a 440 Hz tone; 404 for a number it does not know, so a test sees the
 * number arrive in the carrier's format) and dials the tenant's numbers into the PBX. Used by the trunk tests.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { startBaresip, type Baresip } from "./baresip"
import { freePort, startDaemon, type Daemon } from "./daemon"
import { KAMAILIO_BIN } from "./kamailio"

const carrierTemplate = fileURLToPath(new URL("./test-carrier.cfg.tpl", import.meta.url))

export interface TestTrunkOptions {
  readonly host?: string
  readonly answer?: "auto" | "manual"
  /** The carrier demands digest authentication: a Kamailio in front of its phone challenges every call. */
  readonly digest?: { readonly username: string; readonly password: string }
  readonly log?: (line: string) => void
}

/** The carrier's proxy (test-carrier.cfg.tpl) on its own UDP port, in front of the carrier's phone. */
const startCarrierProxy = async (
  host: string,
  phonePort: number,
  digest: NonNullable<TestTrunkOptions["digest"]>,
  log?: (line: string) => void,
) => {
  if (!/^[A-Za-z0-9._+-]+$/.test(digest.username) || !/^[A-Za-z0-9._+!-]+$/.test(digest.password))
    throw new Error("test trunk credentials: letters, digits and ._+!- only")
  const port = await freePort(host)
  const config = readFileSync(carrierTemplate, "utf8")
    .replaceAll("__HOST__", host)
    .replaceAll("__PORT__", String(port))
    .replaceAll("__USER__", digest.username)
    .replaceAll("__PASSWORD__", digest.password)
    .replaceAll("__PHONE__", `${host}:${phonePort}`)
  const daemon: Daemon = await startDaemon({
    name: "carrier-kamailio",
    bin: KAMAILIO_BIN,
    prepare: (dir) => writeFileSync(join(dir, "carrier.cfg"), config),
    args: (dir) => ["-f", join(dir, "carrier.cfg"), "-DD", "-E", "-P", join(dir, "kamailio.pid"), "-Y", dir],
    // UDP only: ready once it logged its listener.
    ready: async (output) => output.includes("Listening on"),
    log,
  })
  return { port, stop: daemon.stop }
}

export interface TestTrunk {
  readonly host: string
  /** Where the tenant's trunk points: the carrier's proxy when it demands digest authentication, else its phone. */
  readonly port: number
  /** The carrier's phone: its events tell what reached it (CALL_INCOMING's peeruri is the caller id it saw). */
  readonly phone: Baresip
  /** Adds a subscriber: calls to this number (as the carrier receives it, e.g. "089123456") are answered. */
  readonly subscriber: (number: string) => Promise<void>
  /** Calls `number` at the PBX (`pbx`: "127.0.0.1:5066"), as the carrier would deliver a call to the tenant. */
  readonly dial: (number: string, pbx: string) => Promise<void>
  readonly stop: () => Promise<void>
}

export const startTestTrunk = async (options: TestTrunkOptions = {}) => {
  const host = options.host ?? "127.0.0.2"
  const phone = await startBaresip({ aor: `sip:carrier@${host}`, host, answer: options.answer ?? "auto", log: options.log })
  await phone.listen()
  let proxy: { port: number; stop: () => Promise<void> } | null = null
  try {
    if (options.digest) proxy = await startCarrierProxy(host, phone.sipPort, options.digest, options.log)
  } catch (error) {
    await phone.stop()
    throw error
  }
  const trunk: TestTrunk = {
    host,
    port: proxy?.port ?? phone.sipPort,
    phone,
    subscriber: (number) => phone.listen(`sip:${number}@${host}`),
    dial: (number, pbx) => phone.command("dial", `sip:${number}@${pbx};transport=udp`),
    stop: async () => {
      await proxy?.stop()
      await phone.stop()
    },
  }
  return trunk
}
