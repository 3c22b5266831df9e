/**
 * rtpengine (Debian's rtpengine-daemon, userspace forwarding) as the softphone's media gateway: Kamailio's rtpengine
 * module asks it, over the "ng" control protocol, to turn a browser's DTLS-SRTP/ICE/rtcp-mux offer into plain
 * RTP/AVP for a desk phone or trunk, and back. Started next to Kamailio (npm start, the tests, the bench) on a
 * private control port and a private range of media ports. A call it is asked to record (ng "start recording") is
 * written as a pcap of the plain RTP each side sent, under `recordingDir`/pcaps (server/features/softphone/pbx-recording.ts).
 */
import { existsSync } from "node:fs"
import { createSocket } from "node:dgram"
import { randomBytes } from "node:crypto"
import { startDaemon, type Daemon } from "./daemon"

export const RTPENGINE_BIN = "/usr/bin/rtpengine"

export const rtpengineMissing = (): string | null =>
  existsSync(RTPENGINE_BIN) ? null : "rtpengine is not installed (apt-get install -y rtpengine-daemon)"

export interface RtpengineOptions {
  /** The address media flows through (what the SDP it writes announces). */
  readonly mediaIp: string
  readonly ngPort: number
  /** First media port; it uses `ports` of them (default 200). */
  readonly portMin: number
  readonly ports?: number
  readonly log?: (line: string) => void
}

export interface Rtpengine {
  readonly ngHost: string
  readonly ngPort: number
  /** What Kamailio's rtpengine_sock names. */
  readonly socket: string
  /** Where the calls asked to be recorded are written (pcaps/, metadata/): inside the daemon's own directory. */
  readonly recordingDir: string
  readonly stop: () => Promise<void>
}

// The ng protocol: "<cookie> <bencoded dictionary>" over UDP.
type Bencodable = string | number | readonly Bencodable[] | { readonly [key: string]: Bencodable }

export const bencode = (value: Bencodable): string => {
  if (typeof value === "number") return `i${Math.trunc(value)}e`
  if (typeof value === "string") return `${Buffer.byteLength(value)}:${value}`
  if (Array.isArray(value)) return `l${value.map(bencode).join("")}e`
  const record = value as { readonly [key: string]: Bencodable }
  return `d${Object.keys(record)
    .sort()
    .map((key) => bencode(key) + bencode(record[key]))
    .join("")}e`
}

export const bdecode = (text: Buffer): unknown => {
  let at = 0
  const read = (): unknown => {
    const c = String.fromCharCode(text[at])
    if (c === "i") {
      const end = text.indexOf("e", at)
      const n = Number(text.subarray(at + 1, end).toString())
      at = end + 1
      return n
    }
    if (c === "l" || c === "d") {
      at += 1
      const items: unknown[] = []
      while (text[at] !== 0x65) items.push(read())
      at += 1
      if (c === "l") return items
      const record: Record<string, unknown> = {}
      for (let i = 0; i < items.length; i += 2) record[String(items[i])] = items[i + 1]
      return record
    }
    const colon = text.indexOf(":", at)
    const length = Number(text.subarray(at, colon).toString())
    const value = text.subarray(colon + 1, colon + 1 + length).toString()
    at = colon + 1 + length
    return value
  }
  return read()
}

/** Sends one ng command and resolves with the answer's dictionary (rejects after `timeoutMs`). */
export const ngCommand = (host: string, port: number, command: Record<string, Bencodable>, timeoutMs = 1000) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const socket = createSocket("udp4")
    const cookie = randomBytes(6).toString("hex")
    const timer = setTimeout(() => {
      socket.close()
      reject(new Error(`rtpengine did not answer ${String(command.command)}`))
    }, timeoutMs)
    socket.on("message", (message) => {
      const space = message.indexOf(" ")
      if (message.subarray(0, space).toString() !== cookie) return
      clearTimeout(timer)
      socket.close()
      resolve(bdecode(message.subarray(space + 1)) as Record<string, unknown>)
    })
    socket.send(`${cookie} ${bencode(command)}`, port, host)
  })

export const startRtpengine = async (options: RtpengineOptions): Promise<Rtpengine> => {
  const missing = rtpengineMissing()
  if (missing) throw new Error(missing)
  const ngHost = "127.0.0.1"
  const ping = () =>
    ngCommand(ngHost, options.ngPort, { command: "ping" }, 300).then(
      (reply) => reply.result === "pong",
      () => false,
    )
  const daemon: Daemon = await startDaemon({
    name: "rtpengine",
    bin: RTPENGINE_BIN,
    args: (dir) => [
      "--config-file=none",
      "--foreground",
      "--log-stderr",
      // 7 (debug) logs every ng command's SDPs and each relayed packet: RTPENGINE_LOG_LEVEL=7 when tracing a call.
      `--log-level=${/^[0-7]$/.test(process.env.RTPENGINE_LOG_LEVEL ?? "") ? process.env.RTPENGINE_LOG_LEVEL : 5}`,
      // Userspace forwarding: no kernel module, no iptables.
      "--table=-1",
      `--interface=${options.mediaIp}`,
      `--listen-ng=${ngHost}:${options.ngPort}`,
      `--port-min=${options.portMin}`,
      `--port-max=${options.portMin + (options.ports ?? 200) - 1}`,
      "--num-threads=2",
      "--delete-delay=0",
      `--pidfile=${dir}/rtpengine.pid`,
      `--recording-dir=${dir}/recordings`,
      "--recording-method=pcap",
      "--recording-format=raw",
    ],
    ready: ping,
    log: options.log,
  })
  return {
    ngHost,
    ngPort: options.ngPort,
    socket: `udp:${ngHost}:${options.ngPort}`,
    recordingDir: `${daemon.dir}/recordings`,
    stop: daemon.stop,
  }
}
