/**
 * The SLA clock: how much business time passes between two instants, and when a target is reached. Business time is
 * the tenant's working hours (settings' `working_hours`, read in its time zone exactly as chatbots' `inWorkingHours`
 * reads them: on weekday `day`, local times in [open, close), or outside [close, open) when close is before open; no
 * hours at all means always open), minus the spans the clock is paused. Pure: no database, no `Date.now()`.
 *
 * DST: an instant's local time is its UTC time plus the zone's offset at that instant, so the range is cut where the
 * offset changes and each piece is read with its own offset. A local hour skipped in spring is never business time;
 * an hour repeated in autumn counts twice, as the wall clock shows it twice.
 */
import type { WorkingDay } from "../../../src/contract/schemas/tenants"

export interface Calendar {
  readonly hours: readonly WorkingDay[]
  readonly zone: string
}

/** A half-open span of instants [start, end) in epoch milliseconds; `end` may be Infinity (a pause still running). */
export interface Span {
  readonly start: number
  readonly end: number
}

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const
const MINUTE = 60_000
const DAY = 86_400_000
/** Offsets are sampled this far apart; zones change offset at most twice a year, never twice in six hours. */
const OFFSET_STEP = 6 * 3_600_000
/** How far ahead `dueAt` looks before answering that the target is never reached (hours that never open). */
const HORIZON = 400 * DAY

const formatters = new Map<string, Intl.DateTimeFormat | null>()

const formatterOf = (zone: string): Intl.DateTimeFormat | null => {
  if (!formatters.has(zone)) {
    try {
      const options = { timeZone: zone, hourCycle: "h23" } as const
      const parts = { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" } as const
      formatters.set(zone, new Intl.DateTimeFormat("en-US", { ...options, ...parts }))
    } catch {
      // An unknown zone reads as UTC, as inWorkingHours reads it.
      formatters.set(zone, null)
    }
  }
  return formatters.get(zone) ?? null
}

/** Milliseconds to add to an instant to get its wall-clock time in `zone`. */
export const offsetAt = (zone: string, at: number): number => {
  const format = formatterOf(zone)
  if (!format) return 0
  const base = Math.floor(at / 1000) * 1000
  const p: Record<string, number> = {}
  for (const part of format.formatToParts(base)) p[part.type] = Number(part.value)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - base
}

interface Piece extends Span {
  readonly offset: number
}

/** [from, to) cut where the zone's offset changes. */
const offsetPieces = (zone: string, from: number, to: number): Piece[] => {
  const pieces: Piece[] = []
  let start = from
  let offset = offsetAt(zone, from)
  let at = from
  while (at < to) {
    const next = Math.min(at + OFFSET_STEP, to)
    if (offsetAt(zone, next) === offset) {
      at = next
      continue
    }
    let lo = at
    let hi = next
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2)
      if (offsetAt(zone, mid) === offset) lo = mid
      else hi = mid
    }
    if (hi < to) pieces.push({ start, end: hi, offset })
    start = hi
    offset = offsetAt(zone, hi)
    at = hi
  }
  if (start < to) pieces.push({ start, end: to, offset })
  return pieces
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** A local day's open spans, as offsets from its midnight. */
const dayHours = (hours: readonly WorkingDay[], weekday: (typeof DAYS)[number]): Span[] =>
  hours
    .filter((h) => h.day === weekday)
    .flatMap((h) => {
      const open = minutesOf(h.open) * MINUTE
      const close = minutesOf(h.close) * MINUTE
      return open <= close
        ? [{ start: open, end: close }]
        : [
            { start: 0, end: close },
            { start: open, end: DAY },
          ]
    })

/** Sorted, overlapping or touching spans joined. */
export const merge = (spans: readonly Span[]): Span[] => {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start)
  const out: Span[] = []
  for (const s of sorted) {
    const last = out[out.length - 1]
    if (last && s.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, s.end) }
    else out.push(s)
  }
  return out
}

/** The business-hours spans within [from, to), sorted and joined. */
export const openSpans = (calendar: Calendar, from: number, to: number): Span[] => {
  if (to <= from) return []
  if (calendar.hours.length === 0) return [{ start: from, end: to }]
  const zone = formatterOf(calendar.zone) ? calendar.zone : "UTC"
  const spans: Span[] = []
  for (const piece of offsetPieces(zone, from, to)) {
    const localFrom = piece.start + piece.offset
    const localTo = piece.end + piece.offset
    for (let midnight = Math.floor(localFrom / DAY) * DAY; midnight < localTo; midnight += DAY) {
      const weekday = DAYS[new Date(midnight).getUTCDay()]
      for (const h of dayHours(calendar.hours, weekday)) {
        const start = Math.max(midnight + h.start, localFrom)
        const end = Math.min(midnight + h.end, localTo)
        if (end > start) spans.push({ start: start - piece.offset, end: end - piece.offset })
      }
    }
  }
  return merge(spans)
}

/** `spans` with `pauses` taken out; both sorted and joined. */
export const without = (spans: readonly Span[], pauses: readonly Span[]): Span[] => {
  const out: Span[] = []
  const cuts = merge(pauses)
  for (const span of spans) {
    let start = span.start
    for (const cut of cuts) {
      if (cut.end <= start || cut.start >= span.end) continue
      if (cut.start > start) out.push({ start, end: cut.start })
      start = Math.max(start, cut.end)
      if (start >= span.end) break
    }
    if (start < span.end) out.push({ start, end: span.end })
  }
  return out
}

const total = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + (s.end - s.start), 0)

/** Business milliseconds in [from, to), not counting `pauses`. */
export const elapsed = (calendar: Calendar, from: number, to: number, pauses: readonly Span[] = []): number =>
  total(without(openSpans(calendar, from, to), pauses))

/**
 * The instant at which `target` business milliseconds have passed since `from`, not counting `pauses`; null when that
 * never happens within the horizon (hours that never open, or a pause that does not end).
 */
export const dueAt = (calendar: Calendar, from: number, target: number, pauses: readonly Span[] = []): number | null => {
  if (target <= 0) return from
  let done = 0
  for (let at = from; at < from + HORIZON; at += 7 * DAY) {
    for (const span of without(openSpans(calendar, at, at + 7 * DAY), pauses)) {
      const length = span.end - span.start
      if (done + length >= target) return span.start + (target - done)
      done += length
    }
  }
  return null
}

/** Whether the clock runs at `at`: within business hours and outside every pause. */
export const runningAt = (calendar: Calendar, at: number, pauses: readonly Span[] = []): boolean =>
  elapsed(calendar, at, at + 1, pauses) > 0
