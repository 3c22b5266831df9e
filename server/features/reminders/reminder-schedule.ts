/**
 * When a reminder runs: at `start_at`, then every day / week / month after it at the same wall-clock time in the
 * tenant's time zone (client setting `time_zone`; a daylight-saving change keeps 09:00 at 09:00), a monthly run
 * keeping the start's day (or the month's last day when shorter), until `end_at`. dayjs with its utc and timezone
 * plugins (imported with `.js`: Node runs the server as ESM) does the zone arithmetic. Pure functions of instants and
 * a zone, so tests need no clock.
 */
import dayjs from "dayjs"
import timezone from "dayjs/plugin/timezone.js"
import utc from "dayjs/plugin/utc.js"
import type { ReminderSchedule } from "../../../src/contract/schemas/tagging"

dayjs.extend(utc)
dayjs.extend(timezone)

const DAY = 86_400_000

/** The k-th run (0 = start_at), in `zone` (IANA; default UTC). */
export const occurrence = (schedule: ReminderSchedule, k: number, zone = "UTC"): Date => {
  const start = new Date(schedule.start_at)
  if (schedule.repeat === "once" || k === 0) return start
  const local = dayjs(start).tz(zone)
  const wall = local.format("HH:mm:ss.SSS")
  const day =
    schedule.repeat === "monthly"
      ? local
          .date(1)
          .add(k, "month")
          .date(Math.min(local.date(), local.date(1).add(k, "month").daysInMonth()))
      : local.add(schedule.repeat === "daily" ? k : 7 * k, "day")
  return dayjs.tz(`${day.format("YYYY-MM-DD")}T${wall}`, zone).toDate()
}

/** The first run at or after `from` (strictly after when `strict`), or null when there is none (once and past, or after end_at). */
export const nextRun = (schedule: ReminderSchedule, from: Date, strict = false, zone = "UTC"): Date | null => {
  const end = schedule.end_at ? new Date(schedule.end_at).getTime() : Number.POSITIVE_INFINITY
  const after = (d: Date) => (strict ? d.getTime() > from.getTime() : d.getTime() >= from.getTime())
  let k = 0
  if (schedule.repeat !== "once") {
    const period = schedule.repeat === "daily" ? DAY : schedule.repeat === "weekly" ? 7 * DAY : 28 * DAY
    k = Math.max(0, Math.floor((from.getTime() - new Date(schedule.start_at).getTime()) / period) - 1)
  }
  for (let i = 0; i < 1000; i++, k++) {
    const at = occurrence(schedule, k, zone)
    if (at.getTime() > end) return null
    if (after(at)) return at
    if (schedule.repeat === "once") return null
  }
  return null
}
