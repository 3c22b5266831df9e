/**
 * rtpengine's pcap of a recorded PBX call becomes its two-channel file: with Opus, the Ogg Opus file, decoded here by
 * opusdec; with G.711 only (PCMU, PCMA), a WAV of 16-bit PCM. Either way the customer's tone is in the first channel and
 * the other side's in the second, each where it was sent.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { holdTone } from "../calls"
import { PCMA, PCMU, samplesOfG711 } from "./g711"
import { recordingOfPcap } from "./pbx-recording-pcap"

const CUSTOMER_PORT = 30_000
const AGENT_PORT = 30_010
const SILENT = Buffer.from([0xf8, 0xff, 0xfe])

/** The highest set bit's position of a positive number. */
const topBit = (n: number) => 31 - Math.clz32(n)

/** ITU-T G.711 μ-law of a 16-bit sample (the reference encoder: biased by 0x84, the bits sent inverted). */
const ulawOf = (sample: number) => {
  const mask = sample < 0 ? 0x7f : 0xff
  const linear = Math.min(sample < 0 ? 0x84 - sample : 0x84 + sample, 0x7fff)
  const segment = topBit(linear | 0xff) - 7
  return segment >= 8 ? 0x7f ^ mask : ((segment << 4) | ((linear >> (segment + 3)) & 0x0f)) ^ mask
}

/** ITU-T G.711 A-law of a 16-bit sample (the reference encoder: the even bits inverted). */
const alawOf = (sample: number) => {
  const mask = sample >= 0 ? 0xd5 : 0x55
  const linear = sample >= 0 ? sample : -sample - 1
  const segment = topBit(linear | 0xff) - 7
  return segment >= 8 ? 0x7f ^ mask : ((segment << 4) | ((linear >> (segment ? segment + 3 : 4)) & 0x0f)) ^ mask
}

/** The `index`th 20 ms packet (160 samples at 8 kHz) of a `hz` sine at half scale, encoded by `encode`. */
const g711Of = (encode: (sample: number) => number, hz: number, index: number) =>
  Buffer.from(Array.from({ length: 160 }, (_, i) => encode(Math.round(16_000 * Math.sin((2 * Math.PI * hz * (index * 160 + i)) / 8000)))))

/** A WAV file's header fields and its two channels (0..1 scale). */
const wavOf = (file: Buffer) => {
  expect(file.subarray(0, 4).toString("latin1")).toBe("RIFF")
  expect(file.subarray(8, 16).toString("latin1")).toBe("WAVEfmt ")
  expect(file.subarray(36, 40).toString("latin1")).toBe("data")
  const dataBytes = file.readUInt32LE(40)
  expect(dataBytes).toBe(file.length - 44)
  const samples = Array.from({ length: dataBytes / 2 }, (_, i) => file.readInt16LE(44 + i * 2) / 32768)
  return {
    file,
    riffSize: file.readUInt32LE(4),
    format: file.readUInt16LE(20),
    channels: file.readUInt16LE(22),
    rate: file.readUInt32LE(24),
    byteRate: file.readUInt32LE(28),
    blockAlign: file.readUInt16LE(32),
    bits: file.readUInt16LE(34),
    left: samples.filter((_, i) => i % 2 === 0),
    right: samples.filter((_, i) => i % 2 === 1),
  }
}

const windowOf = (samples: readonly number[], { from, to }: { from: number; to: number }) =>
  samples.slice(Math.round(from * 8000), Math.round(to * 8000))
const rms = (samples: readonly number[], span: { from: number; to: number }) => {
  const part = windowOf(samples, span)
  return Math.sqrt(part.reduce((sum, s) => sum + s * s, 0) / Math.max(1, part.length))
}
const crossingsPerSecond = (samples: readonly number[], span: { from: number; to: number }) => {
  const part = windowOf(samples, span)
  let crossings = 0
  for (let i = 1; i < part.length; i++) if (part[i - 1] < 0 !== part[i] < 0) crossings++
  return crossings / (span.to - span.from)
}

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

describe("G.711", () => {
  it("decodes to the standard's values, each of the 256 codes back to itself through the reference encoders", () => {
    const samples = (type: number, codes: number[]) => Array.from(samplesOfG711(type, Buffer.from(codes)))
    expect(samples(PCMU, [0xff, 0x7f, 0x00, 0x80, 0xfe, 0x7e])).toEqual([0, 0, -32124, 32124, 8, -8])
    expect(samples(PCMA, [0xd5, 0x55, 0xaa, 0x2a, 0xd4])).toEqual([8, -8, 32256, -32256, 24])
    const all = Array.from({ length: 256 }, (_, code) => code)
    // μ-law has two zeros (0x7f, 0xff); the encoder answers 0xff for both.
    expect(samples(PCMU, all).map(ulawOf)).toEqual(all.map((code) => (code === 0x7f ? 0xff : code)))
    expect(samples(PCMA, all).map(alawOf)).toEqual(all)
  })
})

describe("a PBX call's pcap", () => {
  it("puts the customer in the first channel and the other side in the second, each heard", async () => {
    // The hold tone's first second sounds (a beep, then silence).
    const tone = holdTone().slice(0, 40)
    // Two seconds: the customer beeps in the first, the agent in the second (each side silent otherwise).
    const packets = Array.from({ length: 100 }, (_, i) => [
      [i * 20, CUSTOMER_PORT, 111, tone[i] ?? SILENT] as const,
      [i * 20 + 5, AGENT_PORT, 111, tone[i - 50] ?? SILENT] as const,
    ]).flat()
    const recorded = (await recordingOfPcap(pcapOf(packets), new Set([CUSTOMER_PORT])))?.recorded
    expect(recorded?.contentType).toBe("audio/ogg")
    expect(recorded?.durationMs).toBeGreaterThanOrEqual(1900)
    expect(recorded?.durationMs).toBeLessThanOrEqual(2100)
    const [customer, agent] = decode(recorded?.file ?? Buffer.alloc(0))
    expect(customer).toBeGreaterThan(0.01)
    expect(agent).toBeGreaterThan(0.01)
    // Only the customer sent: the other channel is silent.
    const firstHalfOnly = await recordingOfPcap(pcapOf(packets.filter(([, port]) => port === CUSTOMER_PORT)), new Set([CUSTOMER_PORT]))
    const [alone, nobody] = decode(firstHalfOnly?.recorded.file ?? Buffer.alloc(0))
    expect(alone).toBeGreaterThan(0.01)
    expect(nobody).toBeLessThan(0.001)
  })

  it("of G.711 only is a WAV: the customer's PCMU tone on the left, the agent's PCMA tone on the right from when it spoke", async () => {
    // Two seconds: the customer says 400 Hz throughout (with a DTMF digit's packets), the agent 1000 Hz from 1 s on.
    const customer = Array.from({ length: 100 }, (_, i) => [i * 20, CUSTOMER_PORT, 0, g711Of(ulawOf, 400, i)] as const)
    const digit = Array.from({ length: 5 }, (_, i) => [i * 20 + 400 + 10, CUSTOMER_PORT, 101, Buffer.from([1, 10, 0, 160])] as const)
    const agent = Array.from({ length: 50 }, (_, i) => [1000 + i * 20 + 5, AGENT_PORT, 8, g711Of(alawOf, 1000, i)] as const)
    const made = await recordingOfPcap(pcapOf([...customer, ...digit, ...agent]), new Set([CUSTOMER_PORT]))
    expect(made?.unheard).toBeNull()
    expect(made?.recorded.contentType).toBe("audio/wav")
    const wav = wavOf(made?.recorded.file ?? Buffer.alloc(0))
    expect(wav).toMatchObject({ format: 1, channels: 2, rate: 8000, byteRate: 32_000, blockAlign: 4, bits: 16 })
    expect(wav.riffSize).toBe(wav.file.length - 8)
    expect(made?.recorded.durationMs).toBeGreaterThanOrEqual(1900)
    expect(made?.recorded.durationMs).toBeLessThanOrEqual(2100)
    expect(wav.left.length / 8000).toBeCloseTo((made?.recorded.durationMs ?? 0) / 1000, 3)
    // The customer's channel: 400 Hz throughout (800 zero crossings a second), loud; the DTMF packets left out.
    const first = { from: 0.1, to: 0.9 }
    const second = { from: 1.1, to: 1.9 }
    expect(crossingsPerSecond(wav.left, first)).toBeCloseTo(800, -1)
    expect(crossingsPerSecond(wav.left, second)).toBeCloseTo(800, -1)
    // A half-scale sine: RMS 0.345.
    expect(rms(wav.left, first)).toBeCloseTo(0.345, 1)
    // The agent's: silent while the agent sent nothing, then 1000 Hz, in step with the customer's.
    expect(rms(wav.right, first)).toBe(0)
    expect(rms(wav.right, second)).toBeCloseTo(0.345, 1)
    expect(crossingsPerSecond(wav.right, second)).toBeCloseTo(2000, -1)
    // Only the customer sent: the agent's channel is silent throughout.
    const alone = wavOf((await recordingOfPcap(pcapOf(customer), new Set([CUSTOMER_PORT])))?.recorded.file ?? Buffer.alloc(0))
    expect(rms(alone.left, second)).toBeGreaterThan(0.3)
    expect(rms(alone.right, { from: 0, to: 2 })).toBe(0)
  })

  it("whose agent spoke G.711 while the customer spoke Opus keeps the Opus file, the agent's side silent", async () => {
    const tone = holdTone().slice(0, 40)
    const packets = Array.from({ length: 50 }, (_, i) => [
      [i * 20, CUSTOMER_PORT, 111, tone[i] ?? SILENT] as const,
      [i * 20 + 5, AGENT_PORT, 8, g711Of(alawOf, 1000, i)] as const,
    ]).flat()
    const made = await recordingOfPcap(pcapOf(packets), new Set([CUSTOMER_PORT]))
    expect(made?.unheard).toBe("other")
    expect(made?.recorded.contentType).toBe("audio/ogg")
    const [customer, agent] = decode(made?.recorded.file ?? Buffer.alloc(0))
    expect(customer).toBeGreaterThan(0.01)
    expect(agent).toBeLessThan(0.001)
  })

  it("of neither Opus nor G.711 yields no recording", async () => {
    const g722 = Buffer.alloc(160, 0x55)
    const packets = Array.from({ length: 50 }, (_, i) => [i * 20, i % 2 ? AGENT_PORT : CUSTOMER_PORT, 9, g722] as const)
    expect(await recordingOfPcap(pcapOf(packets), new Set([CUSTOMER_PORT]))).toBeNull()
  })
})
