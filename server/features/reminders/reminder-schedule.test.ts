/** A reminder's runs on the tenant's clock: the same wall-clock time across daylight saving, month ends, end_at. */
import { describe, expect, it } from "vitest"
import { nextRun, occurrence } from "./reminder-schedule"

describe("reminder schedule", () => {
  it("keeps a daily 09:00 at 09:00 in the tenant's zone across a daylight-saving change", () => {
    const daily = { repeat: "daily" as const, start_at: "2026-03-27T09:00:00+01:00" }
    expect(occurrence(daily, 1, "Europe/Berlin").toISOString()).toBe("2026-03-28T08:00:00.000Z")
    // 29 March: Berlin moves to +02:00, and the run stays at 09:00 local.
    expect(occurrence(daily, 2, "Europe/Berlin").toISOString()).toBe("2026-03-29T07:00:00.000Z")
    expect(nextRun(daily, new Date("2026-03-29T06:00:00Z"), false, "Europe/Berlin")?.toISOString()).toBe("2026-03-29T07:00:00.000Z")
    // In UTC nothing moves.
    expect(occurrence(daily, 2, "UTC").toISOString()).toBe("2026-03-29T08:00:00.000Z")
  })

  it("repeats weekly and monthly on the tenant's calendar, a month's last day standing in for a missing one", () => {
    const monthly = { repeat: "monthly" as const, start_at: "2026-01-31T10:00:00+03:00" }
    expect(occurrence(monthly, 1, "Europe/Istanbul").toISOString()).toBe("2026-02-28T07:00:00.000Z")
    expect(occurrence(monthly, 2, "Europe/Istanbul").toISOString()).toBe("2026-03-31T07:00:00.000Z")
    const weekly = { repeat: "weekly" as const, start_at: "2026-10-19T18:30:00+02:00" }
    // Berlin leaves summer time on 25 October: still 18:30 local, one hour later in UTC.
    expect(occurrence(weekly, 1, "Europe/Berlin").toISOString()).toBe("2026-10-26T17:30:00.000Z")
  })

  it("has no run after end_at, nor for a one-off already past", () => {
    const capped = { repeat: "daily" as const, start_at: "2026-01-01T09:00:00Z", end_at: "2026-01-03T12:00:00Z" }
    expect(nextRun(capped, new Date("2026-01-03T10:00:00Z"))).toBeNull()
    expect(nextRun(capped, new Date("2026-01-02T10:00:00Z"))?.toISOString()).toBe("2026-01-03T09:00:00.000Z")
    expect(nextRun({ repeat: "once", start_at: "2026-01-01T09:00:00Z" }, new Date("2026-01-01T09:00:01Z"))).toBeNull()
  })
})
