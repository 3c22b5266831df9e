/** The date-range picker's days and bounds: any date is taken (spec 000 section 5), the year menu stays short. */
import { describe, expect, it } from "vitest"
import { boundsOf, toDate, toDay, typedRange } from "./date-days"

const today = new Date(2026, 10, 23)

describe("date-range days", () => {
  it("turns days into local dates and back, whatever the year", () => {
    for (const day of ["2026-03-04", "1990-01-01", "2150-12-31", "0099-07-15", "0001-01-01", "9999-12-31"]) {
      expect(toDay(toDate(day))).toBe(day)
    }
    expect(toDate("")).toBeNull()
    expect(toDay(null)).toBe("")
  })

  it("bounds the picker a century either side of today, widened to hold the range shown", () => {
    expect(boundsOf(null, null, today).map((d) => toDay(d))).toEqual(["1926-01-01", "2126-12-31"])
    expect(boundsOf(toDate("1850-05-01"), toDate("2250-01-02"), today).map((d) => toDay(d))).toEqual(["1850-05-01", "2250-01-02"])
    // The former 2000-2100 clamp would have refused both ends of this range.
    expect(boundsOf(toDate("1990-01-01"), toDate("2150-12-31"), today).map((d) => toDay(d))).toEqual(["1926-01-01", "2150-12-31"])
  })

  it("takes a typed day the picker refused as out of range, not an unreadable one or a start after the end", () => {
    expect(typedRange([toDate("1850-01-01"), toDate("2026-11-23")])).toEqual(["1850-01-01", "2026-11-23"])
    expect(typedRange([toDate("2026-11-23"), toDate("2250-12-31")])).toEqual(["2026-11-23", "2250-12-31"])
    expect(typedRange([toDate("2250-12-31"), null])).toEqual(["2250-12-31", ""])
    expect(typedRange([new Date(Number.NaN), toDate("2026-11-23")])).toBeNull()
    expect(typedRange([toDate("2026-11-24"), toDate("2026-11-23")])).toBeNull()
    expect(typedRange([toDate("2026-11-24"), toDate("2026-11-23")], true)).toEqual(["2026-11-24", "2026-11-23"])
  })
})
