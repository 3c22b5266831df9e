/**
 * A branch's opening hours as people write them: `Mon-Fri 09:00-18:00; Sat 10:00-14:00`, `daily 08:00-22:00`,
 * `24/7`. Parts are separated by `;` or `,` (or new lines); each is optional days (a day, a range that may wrap such
 * as `Fri-Mon`, `daily`; none means every day) and one or more `HH:MM-HH:MM` spans (an end before the start runs past
 * midnight; `24:00` is the end of the day). A day no part names is closed. Times are the tenant's time zone.
 */

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const

/** One open span: a weekday (0 Sunday) and minutes from that day's midnight, `to` may pass 1440 (overnight). */
export interface Span {
  readonly day: number
  readonly from: number
  readonly to: number
}

export type Parsed = { readonly ok: true; readonly spans: readonly Span[] } | { readonly ok: false; readonly error: string }

const dayOf = (word: string) => DAYS.indexOf(word.slice(0, 3).toLowerCase() as (typeof DAYS)[number])

const daysOf = (text: string): number[] | null => {
  const t = text.trim().toLowerCase()
  if (t === "" || t === "daily" || t === "every day" || t === "mon-sun") return [0, 1, 2, 3, 4, 5, 6]
  const days: number[] = []
  for (const part of t.split(/\s*&\s*|\s+/)) {
    const range = /^([a-z]{3,9})(?:\s*-\s*([a-z]{3,9}))?$/.exec(part)
    if (!range) return null
    const a = dayOf(range[1])
    const b = range[2] === undefined ? a : dayOf(range[2])
    if (a < 0 || b < 0) return null
    for (let d = a; ; d = (d + 1) % 7) {
      days.push(d)
      if (d === b) break
    }
  }
  return days
}

const minutesOf = (hh: string, mm: string) => Number(hh) * 60 + Number(mm)

export const parseOpeningHours = (text: string): Parsed => {
  const spans: Span[] = []
  const trimmed = text.trim()
  if (/^24\s*\/\s*7$/.test(trimmed)) return { ok: true, spans: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: 0, to: 1440 })) }
  for (const raw of trimmed.split(/[;,\n]+/)) {
    const part = raw.trim()
    if (part === "") continue
    const times = [...part.matchAll(/(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})/g)]
    if (times.length === 0) return { ok: false, error: `"${part}" has no HH:MM-HH:MM hours` }
    const days = daysOf(part.slice(0, times[0].index))
    if (!days) return { ok: false, error: `"${part}" names no day (Mon, Tue-Fri, daily)` }
    for (const [, h1, m1, h2, m2] of times) {
      const from = minutesOf(h1, m1)
      let to = minutesOf(h2, m2)
      if (Number(h1) > 23 || Number(m1) > 59 || Number(h2) > 24 || Number(m2) > 59 || to > 1440)
        return { ok: false, error: `"${part}" has a time that is not HH:MM` }
      if (to <= from) to += 1440
      for (const day of days) spans.push({ day, from, to })
    }
  }
  if (spans.length === 0) return { ok: false, error: "Opening hours name no hours" }
  return { ok: true, spans }
}

/** The weekday (0 Sunday) and minute of the day of `at` in the time zone. */
export const localTimeOf = (at: Date, zone: string): { day: number; minute: number } => {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value
  return { day: dayOf(part("weekday") ?? "sun"), minute: Number(part("hour")) * 60 + Number(part("minute")) }
}

/** Whether the hours say open at `at` (hours that do not parse, or none, count as open: the branch did not say otherwise). */
export const isOpenAt = (hours: string | null, at: Date, zone: string): boolean => {
  if (hours === null || hours.trim() === "") return true
  const parsed = parseOpeningHours(hours)
  if (!parsed.ok) return true
  const { day, minute } = localTimeOf(at, zone)
  const yesterday = (day + 6) % 7
  return parsed.spans.some(
    (s) => (s.day === day && minute >= s.from && minute < s.to) || (s.day === yesterday && s.to > 1440 && minute < s.to - 1440),
  )
}
