/** A transcript as CSV through the one CSV writer: one line per entry, times as ISO instants (UTC). */
import { writeCsv } from "../../core/csv-writer"
import type { Labels } from "./labels"
import type { Transcript } from "./transcript-entries"

export const transcriptCsv = (t: Transcript, l: Labels): string => {
  const k = l.columns
  return writeCsv(
    [k.time, k.kind, k.direction, k.sender, k.agent, k.text, k.attachments],
    t.entries.map((e) => [
      e.at,
      l.kinds[e.kind],
      e.direction === "inbound" ? l.inbound : e.direction === "outbound" ? l.outbound : "",
      e.sender,
      e.agent,
      e.text,
      e.attachments.join("; "),
    ]),
  )
}
