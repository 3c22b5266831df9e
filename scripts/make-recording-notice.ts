/**
 * Makes the announcement a customer hears when the tenant records calls (server/features/calls/recording-notice.opus):
 * the recording tone telephone networks use, three 1400 Hz beeps of 0.2 s, 0.2 s apart (1.4 s in all), language-free
 * so one clip serves every customer (docs/decisions/recording-announcement.md). Encoded by opusenc in 20 ms frames
 * (opus-clip.ts): `npx tsx scripts/make-recording-notice.ts` (needs /usr/bin/opusenc).
 */
import { join } from "node:path"
import { notesOf, writeOpusClip } from "./opus-clip"

const beeps = [0, 0.4, 0.8].map((from) => ({ from, to: from + 0.2, hz: 1400 }))
writeOpusClip(notesOf(1.2, beeps, 0.2), join(import.meta.dirname, "..", "server", "features", "calls", "recording-notice.opus"))
