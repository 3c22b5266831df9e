/** The tenant's time zone (client setting `time_zone`) if the runtime knows it, else UTC; apart from dayjs, so the list loads light. */
export const zoneOr = (zone: unknown): string => {
  if (typeof zone !== "string" || !zone) return "UTC"
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone })
    return zone
  } catch {
    return "UTC"
  }
}
