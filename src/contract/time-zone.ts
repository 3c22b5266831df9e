/** Whether the runtime knows `zone` as a time zone (an IANA name such as `Europe/Istanbul`): the server and the console's one test. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone })
    return true
  } catch {
    return false
  }
}
