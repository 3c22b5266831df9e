/**
 * Writes 48 kHz mono samples as an Ogg Opus file of 20 ms frames (the packet size WebRTC sends) with opusenc (Debian's
 * opus-tools), for the clips the call relay plays: the hold tone and the recording announcement. The server only reads
 * these files (server/features/calls/hold-tone.ts); only these scripts need /usr/bin/opusenc.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const RATE = 48_000

const wavOf = (samples: Int16Array) => {
  const wav = Buffer.alloc(44 + samples.byteLength)
  wav.write("RIFF", 0)
  wav.writeUInt32LE(36 + samples.byteLength, 4)
  wav.write("WAVEfmt ", 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(RATE, 24)
  wav.writeUInt32LE(RATE * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write("data", 36)
  wav.writeUInt32LE(samples.byteLength, 40)
  Buffer.from(samples.buffer).copy(wav, 44)
  return wav
}

/** Encodes `samples` into `output` (mono, 20 ms frames, `bitrate` kbit/s). */
export const writeOpusClip = (samples: Int16Array, output: string, bitrate = 24) => {
  const dir = mkdtempSync(join(tmpdir(), "opus-clip-"))
  const input = join(dir, "clip.wav")
  writeFileSync(input, wavOf(samples))
  execFileSync("opusenc", ["--quiet", "--music", "--bitrate", String(bitrate), "--framesize", "20", input, output])
  rmSync(dir, { recursive: true })
  console.log(`wrote ${output}`)
}

/** Sine notes `{ from, to, hz }` (seconds) in `seconds` of samples at `level` (0–1), with 20 ms fades at each edge. */
export const notesOf = (seconds: number, notes: readonly { from: number; to: number; hz: number }[], level: number) => {
  const samples = new Int16Array(Math.round(RATE * seconds))
  const fade = 0.02
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE
    const note = notes.find((n) => t >= n.from && t < n.to)
    if (!note) continue
    const edge = Math.min(1, (t - note.from) / fade, (note.to - t) / fade)
    samples[i] = Math.round(Math.sin(2 * Math.PI * note.hz * t) * level * 32767 * edge)
  }
  return samples
}
