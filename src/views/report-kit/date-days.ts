/**
 * Days as the report machines keep them (`YYYY-MM-DD`) and as the date-range picker wants them (local Dates), and
 * the picker's bounds. Spec 000 section 5: any dates, past or future. Blueprint refuses a typed day outside its
 * bounds and lists every year between them in its year menu (4,000 years took a second to open), so the bounds are a
 * century either side of today, widened to hold the range shown; a day typed beyond them is taken all the same
 * (`typedRange`), and the bounds then move to hold it.
 */

/** `YYYY-MM-DD` as a local Date at midnight of that day; years below 100 stay themselves. */
export const toDate = (day: string): Date | null => {
  if (!day) return null
  const [y, m, d] = day.split("-").map(Number)
  const date = new Date(2000, m - 1, d)
  date.setFullYear(y)
  return date
}

export const toDay = (date: Date | null): string =>
  date
    ? `${String(date.getFullYear()).padStart(4, "0")}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`
    : ""

const CENTURY = 100

/** The picker's first and last day: today's year ± a century, and the range shown. */
export const boundsOf = (start: Date | null, end: Date | null, today = new Date()): readonly [Date, Date] => {
  const first = new Date(today.getFullYear() - CENTURY, 0, 1)
  const last = new Date(today.getFullYear() + CENTURY, 11, 31)
  const shown = [start, end].filter((d): d is Date => d !== null)
  const earliest = Math.min(first.getTime(), ...shown.map((d) => d.getTime()))
  const latest = Math.max(last.getTime(), ...shown.map((d) => d.getTime()))
  return [new Date(earliest), new Date(latest)]
}

const isDay = (date: Date | null) => date === null || !Number.isNaN(date.getTime())

/**
 * What the picker refused (its `onError`) that the report takes: days beyond the bounds, and a start after the end
 * when the report checks it itself (`reversed`: its machine then says why it will not apply). An unreadable day is
 * still refused (null).
 */
export const typedRange = ([from, to]: readonly [Date | null, Date | null], reversed = false): readonly [string, string] | null =>
  isDay(from) && isDay(to) && (reversed || !(from && to && from.getTime() > to.getTime())) ? [toDay(from), toDay(to)] : null
