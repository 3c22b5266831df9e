/**
 * A recorded PBX call's file from rtpengine's pcap (--recording-method=pcap): each packet rtpengine received, plain
 * RTP after SRTP, under a made-up IP/UDP header whose destination port is rtpengine's port facing its sender. The
 * customer's packets (sent to `customerPorts`) and the other side's are laid on the 20 ms grid by the time rtpengine
 * received them, as a call relayed by this server is (recording-track.ts), into the same two-channel Ogg Opus file.
 */
import { type RecordedCall, startTrack } from "../calls"

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

/** The payload type most of `packets` carry among the dynamic ones (Opus's on a WebRTC leg), or null (G.711 only). */
const dynamicTypeOf = (packets: readonly RtpPacket[]): number | null => {
  const counts = new Map<number, number>()
  for (const packet of packets) if (packet.payloadType >= 96) counts.set(packet.payloadType, (counts.get(packet.payloadType) ?? 0) + 1)
  let best: number | null = null
  for (const [type, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = type
  return best
}

/**
 * The two-channel recording of a pcap: the customer (packets to `customerPorts`) in the first channel, the other side
 * in the second. Null when neither side sent Opus (a G.711 call: this file format carries Opus only).
 */
export const recordingOfPcap = (file: Buffer, customerPorts: ReadonlySet<number>): RecordedCall | null => {
  const packets = rtpPacketsOf(file).sort((a, b) => a.atMs - b.atMs)
  const customer = packets.filter((packet) => customerPorts.has(packet.port))
  const other = packets.filter((packet) => !customerPorts.has(packet.port))
  const customerType = dynamicTypeOf(customer)
  const otherType = dynamicTypeOf(other)
  if (customerType === null && otherType === null) return null
  let clock = packets[0].atMs
  const track = startTrack(() => clock)
  for (const packet of packets) {
    clock = packet.atMs
    const ours = customerPorts.has(packet.port)
    if (packet.payloadType !== (ours ? customerType : otherType)) continue
    if (ours) track.tap.customer(packet.payload)
    else track.tap.heard(packet.payload)
  }
  return track.stop()
}
