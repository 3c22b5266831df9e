/**
 * rtpengine's pcap of a recorded PBX call becomes the two-channel Ogg Opus file: decoded (opusdec), the customer's
 * tone is in the first channel and the other side's in the second, each where it was sent; a call of G.711 only
 * yields no recording.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { holdTone } from "../calls"
import { recordingOfPcap } from "./pbx-recording-pcap"

const CUSTOMER_PORT = 30_000
const AGENT_PORT = 30_010

/** A pcap (raw IPv4, microseconds) of RTP packets: [ms, destination port, payload type, payload]. */
const pcapOf = (packets: readonly (readonly [number, number, number, Buffer])[]) => {
  const header = Buffer.alloc(24)
  header.writeUInt32LE(0xa1b2c3d4, 0)
  header.writeUInt16LE(2, 4)
  header.writeUInt16LE(4, 6)
  header.writeUInt32LE(65_535, 16)
  header.writeUInt32LE(101, 20)
  const records = packets.map(([ms, port, type, payload], seq) => {
    const rtp = Buffer.alloc(12)
    rtp[0] = 0x80
    rtp[1] = type
    rtp.writeUInt16BE(seq & 0xffff, 2)
    rtp.writeUInt32BE(port, 8)
    const udp = Buffer.alloc(8)
    udp.writeUInt16BE(40_000, 0)
    udp.writeUInt16BE(port, 2)
    udp.writeUInt16BE(8 + 12 + payload.length, 4)
    const ip = Buffer.alloc(20)
    ip[0] = 0x45
    ip.writeUInt16BE(20 + 8 + 12 + payload.length, 2)
    ip[9] = 17
    const frame = Buffer.concat([ip, udp, rtp, payload])
    const record = Buffer.alloc(16)
    const at = 1_800_000_000_000 + ms
    record.writeUInt32LE(Math.floor(at / 1000), 0)
    record.writeUInt32LE((at % 1000) * 1000, 4)
    record.writeUInt32LE(frame.length, 8)
    record.writeUInt32LE(frame.length, 12)
    return Buffer.concat([record, frame])
  })
  return Buffer.concat([header, ...records])
}

const decode = (ogg: Buffer): [number, number] => {
  const dir = mkdtempSync(join(tmpdir(), "pbx-recording-test-"))
  try {
    writeFileSync(join(dir, "call.opus"), ogg)
    execFileSync("opusdec", ["--quiet", "--rate", "48000", join(dir, "call.opus"), join(dir, "call.wav")])
    const wav = readFileSync(join(dir, "call.wav"))
    const data = wav.indexOf("data", 12, "latin1")
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + data + 8, wav.byteOffset + wav.length))
    const sums = [0, 0]
    for (let i = 0; i < samples.length; i++) sums[i % 2] += (samples[i] / 32768) ** 2
    return [Math.sqrt(sums[0] / (samples.length / 2)), Math.sqrt(sums[1] / (samples.length / 2))]
  } finally {
    rmSync(dir, { recursive: true })
  }
}

describe("a PBX call's pcap", () => {
  it("puts the customer in the first channel and the other side in the second, each heard", () => {
    // The hold tone's first second sounds (a beep, then silence).
    const tone = holdTone().slice(0, 40)
    const silent = Buffer.from([0xf8, 0xff, 0xfe])
    // Two seconds: the customer beeps in the first, the agent in the second (each side silent otherwise).
    const packets = Array.from({ length: 100 }, (_, i) => [
      [i * 20, CUSTOMER_PORT, 111, tone[i] ?? silent] as const,
      [i * 20 + 5, AGENT_PORT, 111, tone[i - 50] ?? silent] as const,
    ]).flat()
    const recorded = recordingOfPcap(pcapOf(packets), new Set([CUSTOMER_PORT]))
    expect(recorded?.durationMs).toBeGreaterThanOrEqual(1900)
    expect(recorded?.durationMs).toBeLessThanOrEqual(2100)
    const [customer, agent] = decode(recorded?.ogg ?? Buffer.alloc(0))
    expect(customer).toBeGreaterThan(0.01)
    expect(agent).toBeGreaterThan(0.01)
    // Only the customer sent: the other channel is silent.
    const firstHalfOnly = recordingOfPcap(pcapOf(packets.filter(([, port]) => port === CUSTOMER_PORT)), new Set([CUSTOMER_PORT]))
    const [alone, nobody] = decode(firstHalfOnly?.ogg ?? Buffer.alloc(0))
    expect(alone).toBeGreaterThan(0.01)
    expect(nobody).toBeLessThan(0.001)
  })

  it("of G.711 only yields no recording", () => {
    const pcmu = Buffer.alloc(160, 0xff)
    const packets = Array.from({ length: 50 }, (_, i) => [i * 20, i % 2 ? AGENT_PORT : CUSTOMER_PORT, 0, pcmu] as const)
    expect(recordingOfPcap(pcapOf(packets), new Set([CUSTOMER_PORT]))).toBeNull()
  })
})
