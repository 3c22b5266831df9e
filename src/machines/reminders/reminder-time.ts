/**
 * A reminder's time on the tenant's clock (client setting `time_zone`, IANA, default UTC): the wall-clock value of a
 * `datetime-local` field as the instant the contract stores (with that zone's offset, so a daylight-saving change is
 * the zone's own), and back. dayjs with its utc and timezone plugins does the zone arithmetic.
 */
import dayjs from "dayjs"
import timezone from "dayjs/plugin/timezone"
import utc from "dayjs/plugin/utc"
import { zoneOr } from "./reminder-zone"

dayjs.extend(utc)
dayjs.extend(timezone)

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

/** `2026-11-23T18:00` in `Europe/Istanbul` as `2026-11-23T18:00:00+03:00`; "" for an empty or partial value. */
export const instantOf = (local: string, zone: string): string => (LOCAL.test(local) ? dayjs.tz(local, zoneOr(zone)).format() : "")

/** An instant as the zone's wall clock for a `datetime-local` field; "" for none. */
export const localOf = (instant: string | null, zone: string): string =>
  instant ? dayjs(instant).tz(zoneOr(zone)).format("YYYY-MM-DDTHH:mm") : ""

/** An instant on the zone's clock in the console's table form (spec 000: `DD-MM-YYYY hh:mm a`); "" for none. */
export const shownAt = (instant: string | null, zone: string): string =>
  instant ? dayjs(instant).tz(zoneOr(zone)).format("DD-MM-YYYY hh:mm a") : ""
