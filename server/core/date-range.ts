/**
 * Dates and months of the calls, one rule for all: a date names a real calendar day (and, when it has a time, a real
 * time) of a year from FIRST_YEAR to LAST_YEAR, a month a real month of those years; anything else answers 400 naming
 * the field. The years leave room for a day or a month either side in every time zone, in JavaScript and PostgreSQL.
 *
 * Date ranges of the list calls: a bare `YYYY-MM-DD` end date means the whole day (the console sends days), so the
 * range is half-open: `[start, end)` with a date-only end moved to the next midnight UTC.
 */
import { badRequest } from "../http/errors"

export const FIRST_YEAR = 1900
export const LAST_YEAR = 2999

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

const outOfYears = (field: string) => badRequest(`${field} must be a date from ${FIRST_YEAR} to ${LAST_YEAR}`, field)

/** Refuses a date that is not a real day and time of FIRST_YEAR..LAST_YEAR (the text's own day, before any zone). */
export const checkDate = (text: string, field: string): void => {
  const day = text.slice(0, 10)
  const parsed = new Date(`${day}T00:00:00Z`)
  const time = /[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text)
  const badTime = time !== null && (Number(time[1]) > 23 || Number(time[2]) > 59 || Number(time[3] ?? 0) > 59)
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day || badTime)
    throw badRequest(`${field} is not a date`, field)
  const year = Number(day.slice(0, 4))
  if (year < FIRST_YEAR || year > LAST_YEAR) throw outOfYears(field)
}

/** Refuses a month (`YYYY-MM`) that is not a real month of FIRST_YEAR..LAST_YEAR. */
export const checkMonth = (month: string, field = "month"): void => {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw badRequest(`${field} is not a month (YYYY-MM)`, field)
  checkDate(`${month}-01`, field)
}

const parse = (text: string, field: string): Date => {
  const iso = DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text.includes("T") ? text : `${text.replace(" ", "T")}Z`
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) throw badRequest(`${field} is not a date`, field)
  const year = date.getUTCFullYear()
  if (year < FIRST_YEAR || year > LAST_YEAR) throw outOfYears(field)
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
