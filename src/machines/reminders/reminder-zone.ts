import { isTimeZone } from "../../contract/time-zone"

/** The tenant's time zone (client setting `time_zone`) if the runtime knows it, else UTC; apart from dayjs, so the list loads light. */
export const zoneOr = (zone: unknown): string => (typeof zone === "string" && zone && isTimeZone(zone) ? zone : "UTC")
