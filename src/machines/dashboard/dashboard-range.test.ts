import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, daysOf, defaultRange, localDay, rangeProblem, rangeQuery } from "./dashboard-range"

describe("dashboard range", () => {
  it("defaults to the last 30 days, today included", () => {
    const range = defaultRange(new Date(2026, 2, 3, 15, 0))
    expect(range).toEqual({ start: "2026-02-02", end: "2026-03-03" })
    expect(daysOf(range)).toHaveLength(DEFAULT_RANGE_DAYS)
  })

  it("refuses a missing end, an end before the start and more than a year", () => {
    expect(rangeProblem({ start: "2026-03-03", end: "" })).toBe("missing")
    expect(rangeProblem({ start: "2026-03-03", end: "2026-03-02" })).toBe("endBeforeStart")
    expect(rangeProblem({ start: "2016-03-03", end: "2026-03-03" })).toBe("tooLong")
    expect(rangeProblem({ start: "2025-03-04", end: "2026-03-04" })).toBe(null)
    expect(rangeProblem({ start: "2025-03-03", end: "2026-03-04" })).toBe("tooLong")
    expect(rangeProblem({ start: "2026-03-03", end: "2026-03-03" })).toBe(null)
  })

  it("lists every day of a valid range once, in order, across months and leap days", () => {
    expect(daysOf({ start: "2028-02-27", end: "2028-03-01" })).toEqual(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"])
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 0, 1), noInvalidDate: true }),
        fc.nat(MAX_RANGE_DAYS - 1),
        (d, n) => {
          const start = localDay(d)
          const days = daysOf({ start, end: localDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() + n)) })
          expect(days).toHaveLength(n + 1)
          expect(days[0]).toBe(start)
          expect(new Set(days).size).toBe(days.length)
          expect([...days].sort()).toEqual(days)
        },
      ),
    )
  })

  it("sends whole days", () => {
    expect(rangeQuery({ start: "2026-03-01", end: "2026-03-03" })).toEqual({ start_date: "2026-03-01", end_date: "2026-03-03" })
  })
})
