/**
 * The SLA clock against a naive reference that walks minute by minute and asks chatbots' `inWorkingHours` (the one
 * definition of the tenant's hours) whether each minute is open. Ranges are placed around DST changes in zones with
 * hour, half-hour (Lord Howe) and southern-hemisphere changes, and in zones with odd offsets (Kathmandu, +05:45).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { WorkingDay } from "../../../src/contract/schemas/tenants"
import { inWorkingHours } from "../chatbots"
import { type Calendar, type Span, dueAt, elapsed, runningAt } from "./sla-clock"

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** [zone, an instant within a day of one of its offset changes] */
const EDGES: readonly (readonly [string, string])[] = [
  ["Europe/Istanbul", "2026-03-29T00:00:00Z"],
  ["Europe/London", "2026-03-29T00:30:00Z"],
  ["Europe/London", "2026-10-25T00:00:00Z"],
  ["America/New_York", "2026-03-08T06:00:00Z"],
  ["America/New_York", "2026-11-01T05:00:00Z"],
  ["Australia/Lord_Howe", "2026-04-04T14:00:00Z"],
  ["Australia/Lord_Howe", "2026-10-03T15:00:00Z"],
  ["America/Santiago", "2026-04-05T02:00:00Z"],
  ["Asia/Kathmandu", "2026-06-01T00:00:00Z"],
  ["Asia/Tehran", "2026-03-21T00:00:00Z"],
  ["UTC", "2026-01-01T00:00:00Z"],
]

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`)
const day = fc.record({
  day: fc.constantFrom("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
  open: time,
  close: time,
}) as fc.Arbitrary<WorkingDay>
const hoursArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant<WorkingDay[]>([]) },
  { weight: 5, arbitrary: fc.array(day, { maxLength: 7 }) },
)

/** Minute offsets from the range's start: pauses as [start, start + length). */
const pausesArb = fc.array(fc.tuple(fc.integer({ min: -120, max: 3000 }), fc.integer({ min: 1, max: 600 })), { maxLength: 4 })

const caseArb = fc.record({
  edge: fc.constantFrom(...EDGES),
  shift: fc.integer({ min: -30 * 60, max: 30 * 60 }),
  minutes: fc.integer({ min: 0, max: 2 * 24 * 60 }),
  hours: hoursArb,
  pauses: pausesArb,
})

/** Per minute of [from, to): whether the clock runs in it. */
const naiveMinutes = (calendar: Calendar, from: number, to: number, pauses: readonly Span[]) => {
  const out: boolean[] = []
  for (let at = from; at < to; at += MINUTE) {
    const paused = pauses.some((p) => at >= p.start && at < p.end)
    out.push(!paused && inWorkingHours(calendar.hours, calendar.zone, new Date(at)))
  }
  return out
}

describe("the SLA clock", () => {
  it("counts business minutes and finds the due instant as a minute-by-minute walk does", () => {
    fc.assert(
      fc.property(caseArb, ({ edge, shift, minutes, hours, pauses }) => {
        const calendar = { hours, zone: edge[0] }
        const from = Date.parse(edge[1]) + shift * MINUTE
        const to = from + minutes * MINUTE
        const spans = pauses.map(([s, l]) => ({ start: from + s * MINUTE, end: from + (s + l) * MINUTE }))
        const walk = naiveMinutes(calendar, from, to, spans)
        const open = walk.filter(Boolean).length
        expect(elapsed(calendar, from, to, spans)).toBe(open * MINUTE)
        // The due instant of a target that the walk reaches: the end of the minute that completes it.
        const target = Math.max(1, Math.floor(open / 2))
        if (open > 0) {
          let count = 0
          const index = walk.findIndex((running) => running && ++count === target)
          expect(dueAt(calendar, from, target * MINUTE, spans)).toBe(from + (index + 1) * MINUTE)
        }
        if (walk.length > 0) expect(runningAt(calendar, from, spans)).toBe(walk[0])
      }),
      { numRuns: 40 },
    )
  })

  it("never reaches a target while a pause lasts, or when the hours never open", () => {
    const from = Date.parse("2026-03-08T06:00:00Z")
    expect(dueAt({ hours: [], zone: "America/New_York" }, from, HOUR, [{ start: from, end: Number.POSITIVE_INFINITY }])).toBeNull()
    expect(dueAt({ hours: [{ day: "mon", open: "09:00", close: "09:00" }], zone: "UTC" }, from, HOUR)).toBeNull()
  })

  it("skips the hour that spring-forward removes and counts the hour that autumn repeats twice", () => {
    const allDay = (["sun"] as const).map((d) => ({ day: d, open: "00:00", close: "23:59" }))
    const ny = { hours: allDay, zone: "America/New_York" }
    // Sunday 8 March 2026: 00:00 to 04:00 local is three hours of wall clock in New York.
    expect(elapsed(ny, Date.parse("2026-03-08T05:00:00Z"), Date.parse("2026-03-08T08:00:00Z"))).toBe(3 * HOUR)
    // Sunday 1 November 2026: 00:00 to 03:00 local is four hours.
    expect(elapsed(ny, Date.parse("2026-11-01T04:00:00Z"), Date.parse("2026-11-01T08:00:00Z"))).toBe(4 * HOUR)
    // A 09:00-17:00 weekday target of 10 hours started Friday 16:00 Istanbul is due Monday 17:00 Istanbul (14:00 UTC).
    const week = (["mon", "tue", "wed", "thu", "fri"] as const).map((d) => ({ day: d, open: "09:00", close: "17:00" }))
    expect(dueAt({ hours: week, zone: "Europe/Istanbul" }, Date.parse("2026-11-27T13:00:00Z"), 9 * HOUR)).toBe(
      Date.parse("2026-11-30T14:00:00Z"),
    )
  })
})
