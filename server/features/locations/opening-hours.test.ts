/** Opening hours as people write them: parsed, refused with a reason, and open or closed at a given instant in a zone. */
import { describe, expect, it } from "vitest"
import { isOpenAt, parseOpeningHours } from "./opening-hours"

// 2026-11-23 is a Monday.
const at = (iso: string) => new Date(iso)

describe("opening hours", () => {
  it("reads days, ranges that wrap, several spans and 24/7, and refuses text without hours or days", () => {
    expect(parseOpeningHours("Mon-Fri 09:00-18:00; Sat 10:00-14:00")).toMatchObject({ ok: true })
    expect(parseOpeningHours("24/7")).toMatchObject({ ok: true })
    expect(parseOpeningHours("whenever")).toMatchObject({ ok: false })
    expect(parseOpeningHours("Someday 09:00-10:00")).toMatchObject({ ok: false })
    expect(parseOpeningHours("Mon 25:00-26:00")).toMatchObject({ ok: false })
    const wrap = parseOpeningHours("Fri-Mon 10:00-12:00")
    expect(wrap.ok && [...new Set(wrap.spans.map((s) => s.day))].sort()).toEqual([0, 1, 5, 6])
  })

  it("is open inside a span in the tenant's zone, closed outside, and past midnight for overnight hours", () => {
    const hours = "Mon-Fri 09:00-18:00; Sat 10:00-14:00"
    expect(isOpenAt(hours, at("2026-11-23T08:30:00Z"), "UTC")).toBe(false)
    expect(isOpenAt(hours, at("2026-11-23T09:00:00Z"), "UTC")).toBe(true)
    expect(isOpenAt(hours, at("2026-11-23T18:00:00Z"), "UTC")).toBe(false)
    // 07:00 UTC is 10:00 in Istanbul.
    expect(isOpenAt(hours, at("2026-11-23T07:00:00Z"), "Europe/Istanbul")).toBe(true)
    expect(isOpenAt(hours, at("2026-11-29T12:00:00Z"), "UTC")).toBe(false)
    expect(isOpenAt("daily 22:00-02:00", at("2026-11-24T01:00:00Z"), "UTC")).toBe(true)
    expect(isOpenAt("daily 22:00-02:00", at("2026-11-24T03:00:00Z"), "UTC")).toBe(false)
    expect(isOpenAt(null, at("2026-11-24T03:00:00Z"), "UTC")).toBe(true)
  })
})
