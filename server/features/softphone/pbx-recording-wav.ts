/**
 * A PBX call of G.711 only recorded as a two-channel WAV file: 16-bit PCM at G.711's 8 kHz, the customer in the first
 * (left) channel and the other side in the second, as the Ogg Opus file's channels are. The recording track
 * (startTrack) hands it a 20 ms frame of each side per slot (`frameOf`: 160 samples), or null where a side sent
 * nothing: silence, so both channels stay in step. 32 000 bytes a second (1.9 MB a minute).
 */
import { endianness } from "node:os"
import type { TrackWriter } from "../calls"

export const WAV_RATE = 8000
/** Samples of one side in a 20 ms frame. */
export const FRAME_SAMPLES_8K = 160
const FRAME_BYTES = FRAME_SAMPLES_8K * 2
/** Frames kept per chunk before it joins the file's chunks: one second. */
const CHUNK_FRAMES = 50

const headerOf = (dataBytes: number) => {
  const header = Buffer.alloc(44)
  header.write("RIFF", 0, "latin1")
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write("WAVE", 8, "latin1")
  header.write("fmt ", 12, "latin1")
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(2, 22) // channels
  header.writeUInt32LE(WAV_RATE, 24)
  header.writeUInt32LE(WAV_RATE * 4, 28) // bytes a second
  header.writeUInt16LE(4, 32) // bytes a sample frame (both channels)
  header.writeUInt16LE(16, 34) // bits a sample
  header.write("data", 36, "latin1")
  header.writeUInt32LE(dataBytes, 40)
  return header
}

/** 20 ms of samples as a track's frame: the bytes of the samples (in the machine's order, as `wavTrack` reads them). */
export const frameOf = (samples: Int16Array): Buffer => Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)

/** The WAV file, written a second at a time; a frame that is not 160 samples (`frameOf`) is silence. */
export const wavTrack = (): TrackWriter => {
  const chunks: Int16Array[] = []
  let chunk = new Int16Array(CHUNK_FRAMES * FRAME_SAMPLES_8K * 2)
  let frames = 0
  const put = (frame: Buffer | null, at: number, channel: number) => {
    if (frame?.length !== FRAME_BYTES || frame.byteOffset % 2 !== 0) return
    const samples = new Int16Array(frame.buffer, frame.byteOffset, FRAME_SAMPLES_8K)
    for (let i = 0; i < FRAME_SAMPLES_8K; i++) chunk[at + i * 2 + channel] = samples[i]
  }
  return {
    contentType: "audio/wav",
    add: (customer, heard) => {
      const at = (frames % CHUNK_FRAMES) * FRAME_SAMPLES_8K * 2
      put(customer, at, 0)
      put(heard, at, 1)
      frames++
      if (frames % CHUNK_FRAMES === 0) {
        chunks.push(chunk)
        chunk = new Int16Array(CHUNK_FRAMES * FRAME_SAMPLES_8K * 2)
      }
    },
    count: () => frames,
    finish: () => {
      const data = [...chunks, chunk.subarray(0, (frames % CHUNK_FRAMES) * FRAME_SAMPLES_8K * 2)].map((part) => {
        const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength)
        // WAV's samples are little-endian.
        return endianness() === "BE" ? Buffer.from(bytes).swap16() : bytes
      })
      const size = data.reduce((sum, part) => sum + part.length, 0)
      return Buffer.concat([headerOf(size), ...data])
    },
  }
}
