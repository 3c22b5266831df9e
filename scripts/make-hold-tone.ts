/**
 * Makes the hold tone the call relay plays to a customer on hold (server/features/calls/hold-tone.opus): a soft
 * two-note chime (440 Hz then 554 Hz, 0.4 s each, then 1.2 s of quiet; a 2 s loop) written as 48 kHz mono PCM and
 * encoded by opusenc (Debian's opus-tools) in 20 ms frames, the packet size WebRTC sends. Run it again to change the
 * tone: `npx tsx scripts/make-hold-tone.ts` (needs /usr/bin/opusenc; the server only reads the file).
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const RATE = 48_000
const LOOP_SECONDS = 2
const notes = [
  { from: 0, to: 0.4, hz: 440 },
  { from: 0.4, to: 0.8, hz: 554.37 },
]
const LEVEL = 0.25 * 32767
const FADE = 0.02

const samples = new Int16Array(RATE * LOOP_SECONDS)
for (let i = 0; i < samples.length; i++) {
  const t = i / RATE
  const note = notes.find((n) => t >= n.from && t < n.to)
  if (!note) continue
  // Short fades at each note's edges, so the loop has no clicks.
  const edge = Math.min(1, (t - note.from) / FADE, (note.to - t) / FADE)
  samples[i] = Math.round(Math.sin(2 * Math.PI * note.hz * t) * LEVEL * edge)
}

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

const dir = mkdtempSync(join(tmpdir(), "hold-tone-"))
const input = join(dir, "tone.wav")
writeFileSync(input, wav)
const output = join(import.meta.dirname, "..", "server", "features", "calls", "hold-tone.opus")
execFileSync("opusenc", ["--quiet", "--music", "--bitrate", "24", "--framesize", "20", input, output])
rmSync(dir, { recursive: true })
console.log(`wrote ${output}`)
