/** An instant as a transcript shows it: `YYYY-MM-DD HH:mm:ss` on the wall clock of the tenant's time zone. */
const formats = new Map<string, Intl.DateTimeFormat>()

export const wallClock = (instant: string, zone: string): string => {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
    formats.set(zone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}
