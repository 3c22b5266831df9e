/** Pure formatting shared by the report screens and their CSV files (spec 000 section 9). */

const pad = (n: number) => String(n).padStart(2, "0")

/** `DD-MM-YYYY hh:mm a` in the viewer's time zone; "" for nothing. */
export const formatDateTime = (value: string | number | Date | null | undefined): string => {
  if (value === null || value === undefined || value === "") return ""
  const date = value instanceof Date ? value : new Date(typeof value === "number" ? value * 1000 : value)
  if (Number.isNaN(date.getTime())) return ""
  const hours = date.getHours() % 12 || 12
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(hours)}:${pad(date.getMinutes())} ${date.getHours() < 12 ? "am" : "pm"}`
}

/**
 * formatDateTime for many values in a row (the 999,999-row export): the text depends only on the minute, and time
 * zone offsets are whole minutes, so each UTC minute is formatted once. Unix seconds and `...Z` ISO instants are keyed
 * by their UTC minute without building a Date; anything else falls back to formatDateTime.
 */
export const minuteFormatter = () => {
  let cache = new Map<number | string, string>()
  const remember = (key: number | string, text: string) => {
    if (cache.size > 50_000) cache = new Map()
    cache.set(key, text)
    return text
  }
  return (value: string | number | null | undefined): string => {
    if (typeof value === "number") {
      if (!Number.isFinite(value)) return ""
      const minute = Math.floor(value / 60)
      return cache.get(minute) ?? remember(minute, formatDateTime(minute * 60))
    }
    if (typeof value === "string" && value.length >= 17 && value.charCodeAt(value.length - 1) === 90 /* Z */ && value[10] === "T") {
      const key = value.slice(0, 16)
      return cache.get(key) ?? remember(key, formatDateTime(`${key}:00Z`))
    }
    return formatDateTime(value)
  }
}

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

/** The call id cell: first 10 characters plus an ellipsis. */
export const shortId = (id: string): string => (id.length > 10 ? `${id.slice(0, 10)}...` : id)

/** The Message tooltip: text up to 50 characters. */
export const PREVIEW_CAP = 50
export const preview = (text: string | null | undefined): string => {
  const value = text ?? ""
  return value.length > PREVIEW_CAP ? `${value.slice(0, PREVIEW_CAP)}...` : value
}

/** `YYYY-MM-DD` of a day in UTC. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10)
