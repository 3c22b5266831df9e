/** Whether an instant falls in the tenant's working hours (settings' working_hours, in the tenant's time zone). */
import type { WorkingDay } from "../../../src/contract/schemas/tenants"

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const

/** No hours set means the business never closes (so "outside working hours" never fires). */
export const inWorkingHours = (hours: readonly WorkingDay[], zone: string, at: Date): boolean => {
  if (hours.length === 0) return true
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(at)
  } catch {
    return inWorkingHours(hours, "UTC", at)
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ""
  const day = part("weekday").toLowerCase().slice(0, 3) as (typeof DAYS)[number]
  const time = `${part("hour")}:${part("minute")}`
  return hours.some((h) => h.day === day && (h.open <= h.close ? time >= h.open && time < h.close : time >= h.open || time < h.close))
}
