/**
 * The simulator's test trunk: a carrier played by baresip on its own loopback address (127.0.0.2 by default, so
 * Kamailio tells it from the tenants' phones by address, like a carrier's IP authentication). It answers every call
 * for its subscribers' numbers (plain RTP, PCMU, a 440 Hz tone; 404 for a number it does not know, so a test sees the
 * number arrive in the carrier's format) and dials the tenant's numbers into the PBX. Used by the trunk tests.
 */
import { startBaresip, type Baresip } from "./baresip"

export interface TestTrunk {
  readonly host: string
  readonly port: number
  /** The carrier's phone: its events tell what reached it (CALL_INCOMING's peeruri is the caller id it saw). */
  readonly phone: Baresip
  /** Adds a subscriber: calls to this number (as the carrier receives it, e.g. "089123456") are answered. */
  readonly subscriber: (number: string) => Promise<void>
  /** Calls `number` at the PBX (`pbx`: "127.0.0.1:5066"), as the carrier would deliver a call to the tenant. */
  readonly dial: (number: string, pbx: string) => Promise<void>
  readonly stop: () => Promise<void>
}

export const startTestTrunk = async (options: { host?: string; answer?: "auto" | "manual"; log?: (line: string) => void } = {}) => {
  const host = options.host ?? "127.0.0.2"
  const phone = await startBaresip({ aor: `sip:carrier@${host}`, host, answer: options.answer ?? "auto", log: options.log })
  await phone.listen()
  const trunk: TestTrunk = {
    host,
    port: phone.sipPort,
    phone,
    subscriber: (number) => phone.listen(`sip:${number}@${host}`),
    dial: (number, pbx) => phone.command("dial", `sip:${number}@${pbx};transport=udp`),
    stop: () => phone.stop(),
  }
  return trunk
}
