/**
 * A recorded PBX call's file from rtpengine's pcap (--recording-method=pcap): each packet rtpengine received, plain
 * RTP after SRTP, under a made-up IP/UDP header whose destination port is rtpengine's port facing its sender. The
 * customer's packets (sent to `customerPorts`) and the other side's are laid on the 20 ms grid by the time rtpengine
 * received them, as a call relayed by this server is (recording-track.ts). Each side's codec is the one most of its
 * voice packets carry: a call where either side spoke Opus becomes the same two-channel Ogg Opus file as a WhatsApp
 * call's, its packets as they came; a call of G.711 only (PCMU, PCMA) becomes a two-channel WAV of the decoded samples
 * (pbx-recording-wav.ts). With no Opus decoder here, a side of G.711 in a call whose other side spoke Opus is silent in
 * the Ogg file (rtpengine does not transcode, so both sides speak the codec they agreed on).
 */
import { setImmediate as nextTurn } from "node:timers/promises"
import { type RecordedCall, startTrack } from "../calls"
import { isG711, samplesOfG711 } from "./g711"
import { FRAME_SAMPLES_8K, frameOf, wavTrack } from "./pbx-recording-wav"

interface RtpPacket {
  /** When rtpengine received it (ms since the epoch). */
  readonly atMs: number
  readonly port: number
  readonly payloadType: number
  readonly payload: Buffer
}

/** The UDP payload of one captured IP packet (raw IP, or Ethernet), with its destination port; null for anything else. */
const udpOf = (frame: Buffer, linkType: number): { port: number; data: Buffer } | null => {
  const ip = linkType === 1 ? frame.subarray(14) : frame
  if (ip.length < 20) return null
  const version = ip[0] >> 4
  let udp: Buffer
  if (version === 4) {
    if (ip[9] !== 17) return null
    udp = ip.subarray((ip[0] & 0x0f) * 4)
  } else if (version === 6) {
    if (ip[6] !== 17) return null
    udp = ip.subarray(40)
  } else return null
  return udp.length < 8 ? null : { port: udp.readUInt16BE(2), data: udp.subarray(8) }
}

/** An RTP packet's payload type and payload; null for RTCP (muxed on the same port) or what is not RTP. */
const rtpOf = (data: Buffer): { payloadType: number; payload: Buffer } | null => {
  if (data.length < 12 || data[0] >> 6 !== 2) return null
  const payloadType = data[1] & 0x7f
  if (payloadType >= 64 && payloadType <= 95) return null
  let at = 12 + 4 * (data[0] & 0x0f)
  if (data[0] & 0x10) {
    if (data.length < at + 4) return null
    at += 4 + 4 * data.readUInt16BE(at + 2)
  }
  const end = data[0] & 0x20 ? data.length - data[data.length - 1] : data.length
  return at < end ? { payloadType, payload: data.subarray(at, end) } : null
}

/** The RTP packets of a pcap file (microsecond or nanosecond timestamps, either byte order). */
export const rtpPacketsOf = (file: Buffer): RtpPacket[] => {
  if (file.length < 24) return []
  const magic = file.readUInt32LE(0)
  const little = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d
  const big = magic === 0xd4c3b2a1 || magic === 0x4d3cb2a1
  if (!little && !big) return []
  const u32 = (at: number) => (little ? file.readUInt32LE(at) : file.readUInt32BE(at))
  const fraction = magic === 0xa1b23c4d || magic === 0x4d3cb2a1 ? 1e6 : 1e3
  const linkType = u32(20)
  const packets: RtpPacket[] = []
  for (let at = 24; at + 16 <= file.length; ) {
    const length = u32(at + 8)
    const frame = file.subarray(at + 16, at + 16 + length)
    const atMs = u32(at) * 1000 + u32(at + 4) / fraction
    at += 16 + length
    const udp = udpOf(frame, linkType)
    const rtp = udp && rtpOf(udp.data)
    if (udp && rtp) packets.push({ atMs, port: udp.port, ...rtp })
  }
  return packets
}

/** A side's voice: Opus (its dynamic payload type), G.711 (payload types 0 and 8, either), or nothing. */
type Voice = { readonly opus: number } | "g711" | null

const isOpus = (voice: Voice): voice is { readonly opus: number } => voice !== null && voice !== "g711"

/**
 * The voice most of `packets` carry: the commonest dynamic payload type (Opus on a WebRTC leg; a telephone-event's
 * few packets lose to it), unless more packets are G.711.
 */
const voiceOf = (packets: readonly RtpPacket[]): Voice => {
  const counts = new Map<number, number>()
  let g711 = 0
  for (const { payloadType } of packets)
    if (isG711(payloadType)) g711++
    else if (payloadType >= 96) counts.set(payloadType, (counts.get(payloadType) ?? 0) + 1)
  let best: number | null = null
  for (const [type, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = type
  if (best !== null && (counts.get(best) ?? 0) > g711) return { opus: best }
  return g711 > 0 ? "g711" : null
}

/** A side's G.711 packets cut into 20 ms frames, whatever their packets' length. */
const framerOf = (send: (frame: Buffer) => void) => {
  let frame = new Int16Array(FRAME_SAMPLES_8K)
  let filled = 0
  return (packet: RtpPacket) => {
    const samples = samplesOfG711(packet.payloadType, packet.payload)
    for (let at = 0; at < samples.length; ) {
      const taken = Math.min(FRAME_SAMPLES_8K - filled, samples.length - at)
      frame.set(samples.subarray(at, at + taken), filled)
      filled += taken
      at += taken
      if (filled === FRAME_SAMPLES_8K) {
        send(frameOf(frame))
        frame = new Int16Array(FRAME_SAMPLES_8K)
        filled = 0
      }
    }
  }
}

export interface PcapRecording {
  readonly recorded: RecordedCall
  /** The side that spoke G.711 in a call recorded as Opus (silent in the file), or null. */
  readonly unheard: "customer" | "other" | null
}

/** Packets laid before the event loop gets a turn (about 10 s of a G.711 call, some 10 ms of work). */
const PACKETS_PER_TURN = 1000

/**
 * The two-channel recording of a pcap: the customer (packets to `customerPorts`) in the first channel, the other side
 * in the second. Null when neither side sent Opus or G.711.
 */
export const recordingOfPcap = async (file: Buffer, customerPorts: ReadonlySet<number>): Promise<PcapRecording | null> => {
  const packets = rtpPacketsOf(file).sort((a, b) => a.atMs - b.atMs)
  const customerVoice = voiceOf(packets.filter((packet) => customerPorts.has(packet.port)))
  const otherVoice = voiceOf(packets.filter((packet) => !customerPorts.has(packet.port)))
  if (customerVoice === null && otherVoice === null) return null
  let clock = packets[0].atMs
  const opus = isOpus(customerVoice) || isOpus(otherVoice)
  const track = startTrack(() => clock, opus ? undefined : wavTrack())
  const customerFrames = framerOf(track.tap.customer)
  const otherFrames = framerOf(track.tap.heard)
  for (const [index, packet] of packets.entries()) {
    if (index % PACKETS_PER_TURN === PACKETS_PER_TURN - 1) await nextTurn()
    clock = packet.atMs
    const ours = customerPorts.has(packet.port)
    const voice = ours ? customerVoice : otherVoice
    if (opus) {
      if (isOpus(voice) && packet.payloadType === voice.opus) (ours ? track.tap.customer : track.tap.heard)(packet.payload)
    } else if (isG711(packet.payloadType)) (ours ? customerFrames : otherFrames)(packet)
  }
  const unheard = !opus ? null : customerVoice === "g711" ? "customer" : otherVoice === "g711" ? "other" : null
  return { recorded: track.stop(), unheard }
}
