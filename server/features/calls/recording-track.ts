/**
 * A call being recorded on the process carrying its media: the relay hands it each packet both ways (CallTap), and it
 * lays them on one 20 ms grid from the recording's start, the customer's voice in the first channel and what the
 * customer heard in the second. A slot is written once it is `DELAY_FRAMES` old, so a packet that arrives a little
 * late still lands in its own slot; a side with no packet for a slot (held, muted, lost) is silent there. The file's
 * length is therefore the wall clock's, whatever the sides sent. The track writes an Ogg Opus file of the packets as
 * they came (`oggTrack`), or any other two-channel file of 20 ms frames (a PBX call's WAV).
 */
import type { CallTap } from "../../channels/channel-adapter"
import type { RecordingType } from "./recording-format"
import { oggWriter, pairOf } from "./recording-ogg"

const FRAME_MS = 20
/** How old a slot is before it is written: 60 ms for late packets to arrive. */
const DELAY_FRAMES = 3
/** A side whose queue grows past this (its sender's clock runs fast) loses its oldest packets. */
const MAX_QUEUE = 10
/** The longest recording kept: four hours (about 60–120 MB in memory before it is stored). */
export const MAX_RECORDING_MS = 4 * 3_600_000

export interface RecordedCall {
  readonly file: Buffer
  readonly contentType: RecordingType
  readonly durationMs: number
}

/** The file a track writes, one 20 ms slot at a time. */
export interface TrackWriter {
  readonly contentType: RecordingType
  /** One slot: each side's frame, or null where that side sent nothing (silence). */
  readonly add: (customer: Buffer | null, heard: Buffer | null) => void
  /** Slots written so far. */
  readonly count: () => number
  readonly finish: () => Buffer
}

/** The Ogg Opus file of two channels, each side's Opus packets as they came (recording-ogg.ts). */
export const oggTrack = (): TrackWriter => {
  const file = oggWriter()
  return { contentType: "audio/ogg", add: (customer, heard) => file.add(pairOf(customer, heard)), count: file.count, finish: file.finish }
}

export interface RecordingTrack {
  readonly tap: CallTap
  /** Writes what is left and answers the file; the track takes no more packets. */
  readonly stop: () => RecordedCall
}

export const startTrack = (now: () => number = () => performance.now(), file: TrackWriter = oggTrack()): RecordingTrack => {
  const startedAt = now()
  const customer: Buffer[] = []
  const heard: Buffer[] = []
  let stopped = false
  const maxFrames = MAX_RECORDING_MS / FRAME_MS

  const writeUntil = (slot: number) => {
    const until = Math.min(slot, maxFrames)
    while (file.count() < until) file.add(customer.shift() ?? null, heard.shift() ?? null)
  }
  const slotNow = () => Math.floor((now() - startedAt) / FRAME_MS)
  const take = (queue: Buffer[]) => (payload: Buffer) => {
    if (stopped) return
    queue.push(payload)
    if (queue.length > MAX_QUEUE) queue.shift()
    writeUntil(slotNow() - DELAY_FRAMES)
  }

  return {
    tap: { customer: take(customer), heard: take(heard) },
    stop: () => {
      stopped = true
      writeUntil(slotNow())
      const durationMs = file.count() * FRAME_MS
      return { file: file.finish(), contentType: file.contentType, durationMs }
    },
  }
}
