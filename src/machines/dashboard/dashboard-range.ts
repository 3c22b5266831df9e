/**
 * The dashboard's date range: whole days (`YYYY-MM-DD`, the tenant's days: the server buckets them in the tenant's
 * time zone), both ends included. The default is the contract's: the last DEFAULT_RANGE_DAYS (30) days, today
 * included. A range is refused before any call when an end is missing, the end comes before the start, or it spans
 * more than the contract's MAX_RANGE_DAYS (366) days, the same limit the server answers 400 beyond.
 */
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from "../../contract/range-limits"

export { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS }

export interface DayRange {
  readonly start: string
  readonly end: string
}

export type RangeProblem = "missing" | "endBeforeStart" | "tooLong"

const DAY_MS = 86_400_000
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

const dayNumber = (day: string): number | null => {
  const match = DAY.exec(day)
  if (!match) return null
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isNaN(time) ? null : time / DAY_MS
}

const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)

/** The local calendar day of a moment, as `YYYY-MM-DD`. */
export const localDay = (now: Date): string =>
  `${String(now.getFullYear()).padStart(4, "0")}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`

/** The last `DEFAULT_RANGE_DAYS` days up to and including today. */
export const defaultRange = (now: Date): DayRange => {
  const end = localDay(now)
  return { start: dayText((dayNumber(end) ?? 0) - (DEFAULT_RANGE_DAYS - 1)), end }
}

export const rangeProblem = ({ start, end }: DayRange): RangeProblem | null => {
  const from = dayNumber(start)
  const to = dayNumber(end)
  if (from === null || to === null) return "missing"
  if (to < from) return "endBeforeStart"
  if (to - from + 1 > MAX_RANGE_DAYS) return "tooLong"
  return null
}

/** Every day of a (valid) range, in order: the trend chart's categories, so days without traffic show as zero. */
export const daysOf = ({ start, end }: DayRange): readonly string[] => {
  const from = dayNumber(start)
  const to = dayNumber(end)
  if (from === null || to === null || to < from) return []
  return Array.from({ length: to - from + 1 }, (_, i) => dayText(from + i))
}

/** The request fields of a range: whole days, the end day included (the server reads a date-only end so). */
export const rangeQuery = ({ start, end }: DayRange) => ({ start_date: start, end_date: end })
