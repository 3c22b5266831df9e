/**
 * Date ranges of the report calls. A bare `YYYY-MM-DD` end date means the whole day (the console sends days), so the
 * range is half-open: `[start, end)` with a date-only end moved to the next midnight UTC.
 */
import { badRequest } from "../http/errors"

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

const parse = (text: string, field: string): Date => {
  const iso = DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text.includes("T") ? text : `${text.replace(" ", "T")}Z`
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) throw badRequest(`${field} is not a date`, field)
  return date
}

export interface Range {
  readonly from: Date | null
  readonly to: Date | null
}

/** `end` exclusive: a date-only end covers its whole day, `HH:mm:ss` ends at the end of that second. */
export const rangeOf = (start: string | undefined, end: string | undefined, fields = ["start_date", "end_date"]): Range => {
  const from = start ? parse(start, fields[0]) : null
  let to: Date | null = null
  if (end) {
    const parsed = parse(end, fields[1])
    to = new Date(parsed.getTime() + (DATE_ONLY.test(end) ? 86_400_000 : 1000))
  }
  return { from, to }
}

export const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString())
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value))
