/**
 * How the report screens and their files write a date and time and a duration (spec 000 section 9): one layout each,
 * for the console (in the viewer's own zone) and for the server writing a file in the zone the viewer named.
 */

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))

/** `DD-MM-YYYY hh:mm am` from a wall clock's fields (month 1–12, hours 0–23). */
export const dateTimeText = (year: number, month: number, day: number, hours: number, minutes: number): string =>
  `${pad(day)}-${pad(month)}-${year} ${pad(hours % 12 || 12)}:${pad(minutes)} ${hours < 12 ? "am" : "pm"}`

export interface DurationParts {
  readonly h: number
  readonly m: number
  readonly s: number
  /** Under a minute the screen shows seconds only. */
  readonly short: boolean
}

export const durationParts = (seconds: number): DurationParts => {
  const total = Math.max(0, Math.round(seconds))
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60, short: total < 60 }
}

/** English form for files: `45s`, `1h 2m 5s`, `0h 12m 0s`. */
export const formatDuration = (seconds: number): string => {
  if (Number.isInteger(seconds) && seconds >= 0 && seconds < 60) return `${seconds}s`
  const p = durationParts(seconds)
  return p.short ? `${p.s}s` : `${p.h}h ${p.m}m ${p.s}s`
}

const MINUTE = 60_000
/** Zone offsets change on quarter hours (UTC): an offset known at both ends of a quarter holds all through it. */
const QUARTER = 15

/**
 * The offset of `zone` (an IANA name the runtime knows; else Intl's RangeError) from UTC in minutes at a UTC minute
 * (Unix milliseconds / 60,000), for many minutes in a row: Intl is asked once per quarter hour, and minute by minute
 * only in a quarter where the offset changes.
 */
export const zoneOffsetMinutes = (zone: string): ((utcMinute: number) => number) => {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  })
  const offsetAt = (minute: number): number => {
    const f: Record<string, number> = {}
    for (const p of parts.formatToParts(minute * MINUTE)) if (p.type !== "literal") f[p.type] = Number(p.value)
    return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute) / MINUTE - minute
  }
  let quarters = new Map<number, number | null>()
  return (minute) => {
    const quarter = Math.floor(minute / QUARTER)
    let offset = quarters.get(quarter)
    if (offset === undefined) {
      const start = offsetAt(quarter * QUARTER)
      offset = start === offsetAt(quarter * QUARTER + QUARTER - 1) ? start : null
      if (quarters.size > 100_000) quarters = new Map()
      quarters.set(quarter, offset)
    }
    return offset ?? offsetAt(minute)
  }
}

/**
 * dateTimeText in `zone` for a UTC minute (Unix milliseconds / 60,000), for many values in a row (a 999,999-row file):
 * the offset comes from zoneOffsetMinutes, and each minute's text is made once.
 */
export const zonedMinuteText = (zone: string): ((utcMinute: number) => string) => {
  const offsetOf = zoneOffsetMinutes(zone)
  let texts = new Map<number, string>()
  return (minute) => {
    let text = texts.get(minute)
    if (text === undefined) {
      const wall = new Date((minute + offsetOf(minute)) * MINUTE)
      text = dateTimeText(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes())
      if (texts.size > 50_000) texts = new Map()
      texts.set(minute, text)
    }
    return text
  }
}
