/** The Call History file's columns and line (spec 000 section 9), shared by the console and the server that writes the file. */
import { csvLine } from "./csv"
import { formatDuration } from "./report-text"
import type { CallTransferEntry } from "./schemas/reports"

export const CALL_COLUMNS = [
  "Call ID",
  "Name",
  "Number",
  "Call Type",
  "Call Start Time",
  "Call End Time",
  "Duration",
  "Accepted By",
  "Status",
  "Call Blocks",
  "Date Time",
  "Message",
  // Ours, after the spec's columns.
  "Transfers",
] as const

/** One call as the file's cells take it; `T` is how the caller holds an instant (its `when` writes it). */
export interface CallCsvCells<T> {
  readonly call_id: string
  readonly name: string | null
  readonly number: string | null
  readonly call_type: string
  readonly start: T
  readonly end: T
  readonly duration: number
  readonly username: string | null
  readonly status: string
  readonly blocks: number
  readonly dt: T
  readonly message: string | null
  readonly transfers: string | null
}

/** A call's CSV line in CALL_COLUMNS' order, instants written by `when`. */
export const callCsvLine =
  <T>(when: (instant: T) => string) =>
  (c: CallCsvCells<T>): string =>
    csvLine([
      c.call_id,
      c.name,
      c.number,
      c.call_type,
      when(c.start),
      when(c.end),
      formatDuration(c.duration),
      c.username,
      c.status,
      c.blocks,
      when(c.dt),
      c.message,
      c.transfers,
    ])

const OUTCOME_TEXT: Readonly<Record<CallTransferEntry["outcome"], (t: CallTransferEntry) => string>> = {
  taken: (t) => `taken by ${t.taken_by ?? "?"}`,
  not_taken: () => "not taken",
  ringing: () => "ringing",
  cancelled: () => "cancelled",
}

export const TRANSFER_OUTCOMES: ReadonlySet<string> = new Set(Object.keys(OUTCOME_TEXT))

/** The Transfers cell: `agent1 → Sales: taken by agent2; …`, oldest first. */
export const transfersCell = (transfers: readonly CallTransferEntry[]): string =>
  transfers.map((t) => `${t.from ?? "?"} → ${t.to}: ${OUTCOME_TEXT[t.outcome]?.(t) ?? t.outcome}`).join("; ")
