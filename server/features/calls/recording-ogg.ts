/**
 * A call recording's file without decoding a sample: an Ogg Opus stream of two channels, each its own mono Opus stream
 * (channel mapping family 1, two uncoupled streams, RFC 7845), so every 20 ms the customer's packet and the packet the
 * customer heard are put side by side in one multistream packet, as they came off the wire. The first stream of a
 * multistream packet is in self-delimiting framing (RFC 6716 appendix B): its last frame's length is written out.
 * Any packet that is not 20 ms of Opus (another frame size, or not Opus at all) is recorded as 20 ms of silence.
 */

/** Samples per 20 ms frame at Opus's 48 kHz; the granule positions count these. */
export const FRAME_SAMPLES = 960
/** 20 ms of silence (CELT, full band, one frame), the packet WebRTC stacks send for digital silence. */
export const SILENT_FRAME = Buffer.from([0xf8, 0xff, 0xfe])

/** A frame's duration in 48 kHz samples from its TOC byte's configuration (RFC 6716 section 3.1). */
const frameSamplesOf = (toc: number) => {
  const config = toc >> 3
  if (config < 12) return [480, 960, 1920, 2880][config % 4]
  if (config < 16) return [480, 960][config % 2]
  return [120, 240, 480, 960][config % 4]
}

const lengthBytes = (n: number) => (n < 252 ? [n] : [252 + (n & 3), (n - 252 - (n & 3)) >> 2])

/** A frame length at `at` (one or two bytes): its value and how many bytes it took, or null past the packet's end. */
const readLength = (p: Buffer, at: number) => {
  if (at >= p.length) return null
  if (p[at] < 252) return { value: p[at], size: 1 }
  return at + 1 < p.length ? { value: p[at] + 4 * p[at + 1], size: 2 } : null
}

/**
 * `packet` in self-delimiting framing when it is well-formed 20 ms of Opus, else null. The extra length goes before
 * the frames: after the TOC (code 0 and 1), after the first frame's length (code 2), after the count byte, the padding
 * length and the VBR lengths (code 3).
 */
export const selfDelimited = (packet: Buffer): Buffer | null => {
  if (packet.length < 1) return null
  const toc = packet[0]
  const code = toc & 3
  const perFrame = frameSamplesOf(toc)
  const withLength = (headerEnd: number, last: number, bodyEnd = packet.length) =>
    last < 0 || last > 1275 || headerEnd > bodyEnd
      ? null
      : Buffer.concat([packet.subarray(0, headerEnd), Buffer.from(lengthBytes(last)), packet.subarray(headerEnd)])
  if (code === 0) return perFrame === FRAME_SAMPLES ? withLength(1, packet.length - 1) : null
  if (code === 1) {
    if (perFrame * 2 !== FRAME_SAMPLES || (packet.length - 1) % 2 !== 0) return null
    return withLength(1, (packet.length - 1) / 2)
  }
  if (code === 2) {
    const first = readLength(packet, 1)
    if (perFrame * 2 !== FRAME_SAMPLES || !first) return null
    return withLength(1 + first.size, packet.length - 1 - first.size - first.value)
  }
  if (packet.length < 2) return null
  const count = packet[1] & 0x3f
  const vbr = (packet[1] & 0x80) !== 0
  if (count === 0 || perFrame * count !== FRAME_SAMPLES) return null
  let at = 2
  let padding = 0
  if (packet[1] & 0x40) {
    // Each 255 adds 254 bytes of padding and another length byte follows.
    while (at < packet.length && packet[at] === 255) {
      padding += 254
      at++
    }
    if (at >= packet.length) return null
    padding += packet[at++]
  }
  const bodyEnd = packet.length - padding
  if (!vbr) {
    const size = (bodyEnd - at) / count
    return Number.isInteger(size) ? withLength(at, size, bodyEnd) : null
  }
  let sizes = 0
  for (let i = 0; i < count - 1; i++) {
    const length = readLength(packet, at)
    if (!length) return null
    sizes += length.value
    at += length.size
  }
  return withLength(at, bodyEnd - at - sizes, bodyEnd)
}

/** One 20 ms multistream packet: `first` (self-delimited) then `second` as it is; silence for either that is not 20 ms of Opus. */
export const pairOf = (first: Buffer | null, second: Buffer | null): Buffer => {
  const head = (first && selfDelimited(first)) ?? (selfDelimited(SILENT_FRAME) as Buffer)
  const tail = second && selfDelimited(second) ? second : SILENT_FRAME
  return Buffer.concat([head, tail])
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let i = 0; i < 256; i++) {
    let r = i << 24
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
    table[i] = r >>> 0
  }
  return table
})()

const crcOf = (page: Buffer) => {
  let crc = 0
  for (const byte of page) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0
  return crc
}

/** One Ogg page of whole packets (each under 255 × 255 bytes, as Opus packets are). */
const pageOf = (packets: readonly Buffer[], granule: bigint, serial: number, sequence: number, flags: number) => {
  const lacing = packets.flatMap((p) => [...Array(Math.floor(p.length / 255)).fill(255), p.length % 255])
  const header = Buffer.alloc(27 + lacing.length)
  header.write("OggS", 0, "latin1")
  header[5] = flags
  header.writeBigInt64LE(granule, 6)
  header.writeUInt32LE(serial, 14)
  header.writeUInt32LE(sequence, 18)
  header[26] = lacing.length
  Buffer.from(lacing).copy(header, 27)
  const page = Buffer.concat([header, ...packets])
  page.writeUInt32LE(crcOf(page), 22)
  return page
}

const opusHead = () => {
  const head = Buffer.alloc(21)
  head.write("OpusHead", 0, "latin1")
  head[8] = 1 // version
  head[9] = 2 // channels
  head.writeUInt16LE(0, 10) // pre-skip: the packets come from live encoders, already past their start
  head.writeUInt32LE(48_000, 12)
  head.writeInt16LE(0, 16) // output gain
  head[18] = 1 // mapping family 1: a stream per channel
  head[19] = 2 // streams
  head[20] = 0 // coupled streams
  return Buffer.concat([head, Buffer.from([0, 1])])
}

const opusTags = () => {
  const vendor = Buffer.from("messaging-console call recording")
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4)
  tags.write("OpusTags", 0, "latin1")
  tags.writeUInt32LE(vendor.length, 8)
  vendor.copy(tags, 12)
  return tags
}

/** Packets per audio page: one second. */
const PAGE_PACKETS = 50

/**
 * An Ogg Opus file of two channels written as it goes: 20 ms multistream packets (`pairOf`) added one after the other,
 * a page made every second of them (so ending a long call does not stall the process making the whole file at once).
 */
export const oggWriter = (serial = Math.floor(Math.random() * 0x1_0000_0000)) => {
  const pages = [pageOf([opusHead()], 0n, serial, 0, 0x02), pageOf([opusTags()], 0n, serial, 1, 0)]
  let pending: Buffer[] = []
  let packets = 0
  const flush = (last: boolean) => {
    pages.push(pageOf(pending, BigInt(packets * FRAME_SAMPLES), serial, pages.length, last ? 0x04 : 0))
    pending = []
  }
  return {
    add: (packet: Buffer) => {
      pending.push(packet)
      packets++
      if (pending.length === PAGE_PACKETS) flush(false)
    },
    /** 20 ms packets added so far. */
    count: () => packets,
    /** The file; the last page marked as the end (an empty recording has 20 ms of silence). */
    finish: () => {
      if (packets === 0) {
        pending.push(pairOf(null, null))
        packets++
      }
      flush(true)
      return Buffer.concat(pages)
    },
  }
}
