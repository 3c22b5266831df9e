/**
 * A clock as its countdown shows it at `now`: the business time left moves only while the clock ticks (in business
 * hours, not waiting on the customer); at zero the countdown turns breached before the next read confirms it.
 */
import type { SlaClock, SlaClockState } from "../../contract/groups/sla"

export interface Countdown {
  readonly state: SlaClockState
  /** Seconds left, or overdue once breached (never negative). */
  readonly seconds: number
}

export const countdownOf = (clock: SlaClock, readAt: number, now: number): Countdown => {
  const left = clock.ticking ? clock.remaining_ms - Math.max(0, now - readAt) : clock.remaining_ms
  const state = clock.state === "breached" || left <= 0 ? "breached" : clock.state
  return { state, seconds: Math.floor(Math.abs(left) / 1000) }
}
