/**
 * What a customer on hold hears: the Opus packets of the hold tone (hold-tone.opus, made by scripts/make-hold-tone.ts),
 * read once from its Ogg container into one 20 ms packet per entry, which the call relay loops. Reading Ogg here, not
 * encoding, is why the server needs no Opus encoder (see docs/decisions/hold-tone.md).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"

/** The Opus packets of an Ogg Opus file, in order, without its two header packets (OpusHead, OpusTags). */
export const opusPacketsOf = (ogg: Buffer): Buffer[] => {
  const packets: Buffer[] = []
  let partial: Buffer[] = []
  let offset = 0
  while (offset + 27 <= ogg.length) {
    if (ogg.toString("latin1", offset, offset + 4) !== "OggS") throw new Error(`Not an Ogg page at byte ${offset}`)
    const segments = ogg[offset + 26]
    const table = ogg.subarray(offset + 27, offset + 27 + segments)
    let body = offset + 27 + segments
    for (const size of table) {
      partial.push(ogg.subarray(body, body + size))
      body += size
      // A segment shorter than 255 bytes ends its packet; 255 means the packet continues.
      if (size < 255) {
        packets.push(Buffer.concat(partial))
        partial = []
      }
    }
    offset = body
  }
  const [head, tags, ...audio] = packets
  if (head?.toString("latin1", 0, 8) !== "OpusHead" || tags?.toString("latin1", 0, 8) !== "OpusTags") throw new Error("Not Ogg Opus")
  return audio
}

let tone: readonly Buffer[] | null = null

/** The hold tone's packets (20 ms each), read on first use. */
export const holdTone = (): readonly Buffer[] => {
  tone ??= opusPacketsOf(readFileSync(join(import.meta.dirname, "hold-tone.opus")))
  return tone
}
