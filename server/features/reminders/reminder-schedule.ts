/**
 * When a reminder runs: at `start_at`, then every day / week / month after it (a monthly run keeps the start's day,
 * or the month's last day when shorter), until `end_at`. Pure functions of instants, so tests need no clock.
 */
import type { ReminderSchedule } from "../../../src/contract/schemas/tagging"

const DAY = 86_400_000

const addMonths = (start: Date, months: number): Date => {
  const d = new Date(start.getTime())
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

/** The k-th run (0 = start_at). */
export const occurrence = (schedule: ReminderSchedule, k: number): Date => {
  const start = new Date(schedule.start_at)
  switch (schedule.repeat) {
    case "once":
      return start
    case "daily":
      return new Date(start.getTime() + k * DAY)
    case "weekly":
      return new Date(start.getTime() + k * 7 * DAY)
    case "monthly":
      return addMonths(start, k)
  }
}

/** The first run at or after `from` (strictly after when `strict`), or null when there is none (once and past, or after end_at). */
export const nextRun = (schedule: ReminderSchedule, from: Date, strict = false): Date | null => {
  const end = schedule.end_at ? new Date(schedule.end_at).getTime() : Number.POSITIVE_INFINITY
  const after = (d: Date) => (strict ? d.getTime() > from.getTime() : d.getTime() >= from.getTime())
  let k = 0
  if (schedule.repeat !== "once") {
    const period = schedule.repeat === "daily" ? DAY : schedule.repeat === "weekly" ? 7 * DAY : 28 * DAY
    k = Math.max(0, Math.floor((from.getTime() - new Date(schedule.start_at).getTime()) / period) - 1)
  }
  for (let i = 0; i < 1000; i++, k++) {
    const at = occurrence(schedule, k)
    if (at.getTime() > end) return null
    if (after(at)) return at
    if (schedule.repeat === "once") return null
  }
  return null
}
