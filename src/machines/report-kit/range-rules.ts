/**
 * The one rule for a report's date range, on the console's side: both days set, the end not before the start, and
 * at most MAX_RANGE_DAYS days (the contract's limit, which the server answers with a 400: a ten-year range is a
 * typing slip, not a question). The problems
 * are keys the views word under `reportKit.problems`.
 */
import { MAX_RANGE_DAYS } from "../../contract/schemas/reports"
import { utcDay } from "./format"

export { MAX_RANGE_DAYS }
const DAY_MS = 86_400_000

export type RangeProblem = "missingDates" | "endBeforeStart" | "rangeTooLong"

const dayNumber = (day: string): number => {
  const ms = Date.parse(`${day}T00:00:00Z`)
  return Number.isNaN(ms) ? Number.NaN : ms / DAY_MS
}

/** `YYYY-MM-DD` days; null when the range may be asked for. */
export const rangeProblem = (startDate: string, endDate: string): RangeProblem | null => {
  const start = dayNumber(startDate)
  const end = dayNumber(endDate)
  if (Number.isNaN(start) || Number.isNaN(end)) return "missingDates"
  if (end < start) return "endBeforeStart"
  return end - start + 1 > MAX_RANGE_DAYS ? "rangeTooLong" : null
}

/** The last `days` days up to today (UTC), today included. */
export const lastDays = (days: number, now = new Date()): { startDate: string; endDate: string } => ({
  startDate: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)),
  endDate: utcDay(now),
})

/** `YYYY-MM` of a day in UTC. */
export const utcMonth = (date: Date): string => date.toISOString().slice(0, 7)
