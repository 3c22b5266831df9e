/** Pure formatting shared by the report screens and their CSV files (spec 000 section 9). */
import { dateTimeText } from "../../contract/report-text"

export { type DurationParts, durationParts, formatDuration } from "../../contract/report-text"

/** `DD-MM-YYYY hh:mm a` in the viewer's time zone; "" for nothing. */
export const formatDateTime = (value: string | number | Date | null | undefined): string => {
  if (value === null || value === undefined || value === "") return ""
  const date = value instanceof Date ? value : new Date(typeof value === "number" ? value * 1000 : value)
  if (Number.isNaN(date.getTime())) return ""
  return dateTimeText(date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes())
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
