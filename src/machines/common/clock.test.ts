import { describe, expect, it } from "vitest"
import { formatClock } from "./clock"

describe("formatClock", () => {
  it("pads minutes and seconds to two digits", () => {
    expect([0, 9, 59, 60, 65].map(formatClock)).toEqual(["00:00", "00:09", "00:59", "01:00", "01:05"])
  })
  it("keeps counting minutes past the hour", () => {
    expect([3600 + 5, 75 * 60 + 3, 100 * 60].map(formatClock)).toEqual(["60:05", "75:03", "100:00"])
  })
  it("drops fractions and never shows a negative time", () => {
    expect([59.9, 0.4, -1, -61].map(formatClock)).toEqual(["00:59", "00:00", "00:00", "00:00"])
  })
})
