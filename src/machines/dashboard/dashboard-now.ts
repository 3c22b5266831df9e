/**
 * The live "now" values (open, waiting, unassigned conversations, agents online): which of two readings to keep.
 * They come from POST /info/boxes (with every read of the figures) and from the socket's `dashboard:now` events
 * (src/contract/dashboard-events.ts). The reading taken later on the server (`at`) wins; of two events, the one with
 * the higher `seq` (events arrive in order, but a read of the figures may overtake one).
 */
import type { DashboardNow } from "../../contract/schemas/reports"

export interface LiveNow {
  readonly now: DashboardNow | null
  /** The highest event seq applied (0 before the first). */
  readonly seq: number
}

const later = (a: DashboardNow, b: DashboardNow) => Date.parse(a.at) >= Date.parse(b.at)

/** A `dashboard:now` event; an older or repeated one changes nothing. */
export const applyEvent = (live: LiveNow, seq: number, now: DashboardNow): LiveNow =>
  seq <= live.seq || (live.now !== null && !later(now, live.now)) ? live : { now, seq }

/** The `now` of a fresh read of the figures. */
export const applyRead = (live: LiveNow, now: DashboardNow): LiveNow =>
  live.now !== null && !later(now, live.now) ? live : { ...live, now }
