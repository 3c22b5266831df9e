/**
 * Makes the hold tone the call relay plays to a customer on hold (server/features/calls/hold-tone.opus): a soft
 * two-note chime (440 Hz then 554 Hz, 0.4 s each, then 1.2 s of quiet; a 2 s loop) encoded by opusenc in 20 ms frames
 * (opus-clip.ts). Run it again to change the tone: `npx tsx scripts/make-hold-tone.ts` (needs /usr/bin/opusenc).
 */
import { join } from "node:path"
import { notesOf, writeOpusClip } from "./opus-clip"

const notes = [
  { from: 0, to: 0.4, hz: 440 },
  { from: 0.4, to: 0.8, hz: 554.37 },
]
writeOpusClip(notesOf(2, notes, 0.25), join(import.meta.dirname, "..", "server", "features", "calls", "hold-tone.opus"))
