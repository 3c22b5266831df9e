/**
 * baresip (Debian's) as a SIP phone in one of two profiles: "plain" (plain RTP/AVP with G.711 only, no DTLS, no ICE,
 * like a desk phone or a carrier's trunk) or "webrtc" (UDP/TLS/RTP/SAVPF: DTLS-SRTP keys, ICE with an optional
 * STUN/TURN server, rtcp-mux, opus before PCMU, as baresip's WebRTC profile and many softphones do). SIP over UDP or
 * TCP. It plays a 440 Hz tone into calls (aufile, 8 kHz WAV) and dumps what it
 * hears to WAV files (sndfile), is driven over ctrl_tcp (dial, answer, hang up) and reports call events. Used by the
 * softphone's browser tests, the trunk simulator and `npm run bench:pbx`.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { createConnection, createServer, type Socket } from "node:net"
import { join } from "node:path"
import { canConnect, freePort, startDaemon } from "./daemon"

export const BARESIP_BIN = "/usr/bin/baresip"
const MODULES = "/usr/lib/baresip/modules"

export const baresipMissing = (): string | null =>
  existsSync(BARESIP_BIN) && existsSync(join(MODULES, "sndfile.so")) ? null : "baresip is not installed (apt-get install -y baresip)"

export interface BaresipOptions {
  /** The account line's address, e.g. "sip:2001@pbx.local". */
  readonly aor: string
  readonly authUser?: string
  readonly authPass?: string
  /** Where it registers and sends calls: "sip:127.0.0.1:5066;transport=tcp". Without it, it does not register. */
  readonly outbound?: string
  /** "plain" (default) or "webrtc" (see above). */
  readonly media?: "plain" | "webrtc"
  /** The ICE server of a "webrtc" phone: "turn:127.0.0.1:3478" (or "stun:..."), with TURN's credentials. */
  readonly iceServer?: { readonly url: string; readonly username?: string; readonly password?: string }
  /** The codecs it offers and accepts: "PCMU" by default, "opus/48000/2,PCMU" for a "webrtc" phone. */
  readonly codecs?: string
  readonly answer?: "auto" | "manual"
  readonly host?: string
  /** Extra account parameters (e.g. ";regint=0"). */
  readonly extra?: string
  readonly log?: (line: string) => void
}

export interface BaresipEvent {
  readonly type: string
  readonly class?: string
  readonly peeruri?: string
  readonly param?: string
  readonly id?: string
}

export interface Baresip {
  readonly sipPort: number
  /** Sends a ctrl_tcp command ("dial", "accept", "hangup", ...). */
  readonly command: (command: string, params?: string) => Promise<void>
  /** Resolves with the next event of this type (e.g. "REGISTER_OK", "CALL_INCOMING", "CALL_ESTABLISHED"). */
  readonly next: (type: string, timeoutMs?: number) => Promise<BaresipEvent>
  readonly events: readonly BaresipEvent[]
  /**
   * Takes calls for its address (or another: `aor`) without registering anywhere, like a carrier's subscriber. Calls
   * to an address it does not listen on are answered 404.
   */
  readonly listen: (aor?: string) => Promise<void>
  /** Registers (every `seconds`) and resolves once the registrar said 200; rejects on a refusal. */
  readonly register: (seconds?: number) => Promise<void>
  /**
   * Peak absolute sample of everything it heard so far (0 = silence; a browser's tone or voice is far above), or only
   * in the recordings written since `since` (a Date.now() taken before the call: earlier calls left out).
   */
  readonly heardPeak: (since?: number) => number
  /** How far each recording has got: `heardPeakAfter` reads only what is heard after this point, on any call. */
  readonly heardMark: () => ReadonlyMap<string, number>
  readonly heardPeakAfter: (mark: ReadonlyMap<string, number>) => number
  readonly stop: () => Promise<void>
}

/** An 8 kHz, 16-bit mono WAV holding `seconds` of a 440 Hz tone at half scale. */
const toneWav = (seconds: number): Buffer => {
  const rate = 8000
  const samples = rate * seconds
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(16000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2)
  const header = Buffer.alloc(44)
  header.write("RIFF", 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write("WAVEfmt ", 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write("data", 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** Peak of a 16-bit PCM WAV's samples after its 44-byte header (or from byte `from`). */
const peakOf = (file: Buffer, from = 44) => {
  let peak = 0
  for (let at = Math.max(44, from - (from % 2)); at + 1 < file.length; at += 2) peak = Math.max(peak, Math.abs(file.readInt16LE(at)))
  return peak
}

/** Whether a TCP port on `host` can be bound right now. */
const tcpFree = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once("error", () => resolve(false))
    probe.listen(port, host, () => probe.close(() => resolve(true)))
  })

/** baresip also listens for SIP over TLS on the port after `sip_listen`'s, and fails to start when that one is taken. */
const freeSipPort = async (host: string) => {
  for (;;) {
    const port = await freePort(host)
    if (port < 65535 && (await tcpFree(host, port + 1))) return port
  }
}

export const startBaresip = async (options: BaresipOptions): Promise<Baresip> => {
  const missing = baresipMissing()
  if (missing) throw new Error(missing)
  const host = options.host ?? "127.0.0.1"
  const sipPort = await freeSipPort(host)
  let ctrlPort = await freePort(host)
  while (ctrlPort === sipPort + 1) ctrlPort = await freePort(host)
  const webrtc = options.media === "webrtc"
  const ice = options.iceServer
  const accountOf = (aor: string) =>
    [
      `<${aor}>`,
      options.authUser ? `;auth_user=${options.authUser}` : "",
      options.authPass ? `;auth_pass=${options.authPass}` : "",
      options.outbound ? `;outbound="${options.outbound}"` : "",
      webrtc ? ";mediaenc=dtls_srtp;medianat=ice" : "",
      webrtc && ice ? `;stunserver="${ice.url}"` : "",
      webrtc && ice?.username ? `;stunuser=${ice.username}` : "",
      webrtc && ice?.password ? `;stunpass=${ice.password}` : "",
      `;audio_codecs=${options.codecs ?? (webrtc ? "opus/48000/2,PCMU" : "PCMU")}`,
      `;answermode=${options.answer ?? "manual"}`,
      options.extra ?? "",
    ].join("")
  const account = accountOf(options.aor)
  const daemon = await startDaemon({
    name: "baresip",
    bin: BARESIP_BIN,
    prepare: (dir) => {
      writeFileSync(join(dir, "tone.wav"), toneWav(120))
      // The account is added by register() ("uanew"), once the control connection listens for its outcome.
      writeFileSync(join(dir, "accounts"), "")
      writeFileSync(join(dir, "contacts"), "")
      writeFileSync(
        join(dir, "config"),
        [
          "poll_method epoll",
          `sip_listen ${host}:${sipPort}`,
          "call_local_timeout 120",
          `audio_source aufile,${join(dir, "tone.wav")}`,
          // The tone file's format; baresip resamples it to the codec's (opus: 48 kHz stereo).
          "ausrc_srate 8000",
          "ausrc_channels 1",
          "audio_player aubridge,none",
          "audio_alert aubridge,none",
          `rtcp_mux ${webrtc ? "yes" : "no"}`,
          `module_path ${MODULES}`,
          "module g711.so",
          ...(webrtc ? ["module opus.so", "module stun.so", "module turn.so", "module ice.so", "module dtls_srtp.so"] : []),
          "module aufile.so",
          "module aubridge.so",
          "module sndfile.so",
          `snd_path ${dir}`,
          "module_tmp uuid.so",
          "module_tmp account.so",
          "module_app menu.so",
          "module_app ctrl_tcp.so",
          `ctrl_tcp_listen ${host}:${ctrlPort}`,
          "",
        ].join("\n"),
      )
    },
    // BARESIP_VERBOSE=1 when tracing a call: baresip's debug lines (SIP messages, its audio pipeline's restarts).
    args: (dir) => ["-f", dir, "-4", ...(process.env.BARESIP_VERBOSE ? ["-v"] : [])],
    ready: () => canConnect(host, ctrlPort),
    log: options.log,
  })

  const events: BaresipEvent[] = []
  const waiters = new Set<{ type: string; resolve: (event: BaresipEvent) => void }>()
  const control: Socket = createConnection({ host, port: ctrlPort })
  let buffer = Buffer.alloc(0)
  control.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    // Netstrings: "<length>:<json>,".
    for (;;) {
      const colon = buffer.indexOf(":")
      if (colon < 0) break
      const length = Number(buffer.subarray(0, colon).toString())
      if (buffer.length < colon + 1 + length + 1) break
      const json = buffer.subarray(colon + 1, colon + 1 + length).toString()
      buffer = buffer.subarray(colon + 2 + length)
      let message: { event?: boolean } & BaresipEvent
      try {
        message = JSON.parse(json)
      } catch {
        continue
      }
      if (!message.event) continue
      events.push(message)
      for (const waiter of waiters)
        if (waiter.type === message.type) {
          waiters.delete(waiter)
          waiter.resolve(message)
        }
    }
  })
  control.on("error", () => undefined)
  await new Promise<void>((resolve) => control.once("connect", () => resolve()))

  const next = (type: string, timeoutMs = 10_000) =>
    new Promise<BaresipEvent>((resolve, reject) => {
      const waiter = {
        type,
        resolve: (event: BaresipEvent) => {
          clearTimeout(timer)
          resolve(event)
        },
      }
      const timer = setTimeout(() => {
        waiters.delete(waiter)
        reject(new Error(`baresip: no ${type} within ${timeoutMs} ms (events: ${events.map((e) => e.type).join(", ")})`))
      }, timeoutMs)
      waiters.add(waiter)
    })

  let token = 0
  const command = async (name: string, params?: string) => {
    token += 1
    const json = JSON.stringify({ command: name, params: params ?? "", token: String(token) })
    control.write(`${Buffer.byteLength(json)}:${json},`)
  }

  const recordings = () => readdirSync(daemon.dir).filter((name) => name.startsWith("dump-") && name.includes("-dec"))
  const heardPeak = (since = 0) =>
    recordings()
      .filter((name) => statSync(join(daemon.dir, name)).mtimeMs >= since)
      .reduce((peak, name) => Math.max(peak, peakOf(readFileSync(join(daemon.dir, name)))), 0)
  const heardMark = () => new Map(recordings().map((name) => [name, statSync(join(daemon.dir, name)).size]))
  const heardPeakAfter = (mark: ReadonlyMap<string, number>) =>
    recordings().reduce((peak, name) => Math.max(peak, peakOf(readFileSync(join(daemon.dir, name)), mark.get(name) ?? 0)), 0)

  const register = async (seconds = 60) => {
    const outcome = Promise.race([
      next("REGISTER_OK"),
      next("REGISTER_FAIL").then((event) => Promise.reject(new Error(`baresip: REGISTER failed: ${event.param}`))),
    ])
    await command("uanew", `${account};regint=${seconds}`)
    await outcome
  }

  return {
    sipPort,
    listen: (aor) => command("uanew", `${aor ? accountOf(aor) : account};regint=0`),
    register,
    command,
    next,
    events,
    heardPeak,
    heardMark,
    heardPeakAfter,
    stop: async () => {
      control.destroy()
      await daemon.stop()
    },
  }
}
