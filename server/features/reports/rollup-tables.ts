/**
 * Which roll-up rows a range reads: the UTC hour rows (0060_rollup_hours) or the UTC 15-minute slot rows (see
 * rollupTable). Rows grouped by the tenant's local day, hour or month read hours only when the zone's offset is a whole
 * number of hours over the whole range, so that each UTC hour lies in one local hour.
 */
import { sql, type SQL } from "drizzle-orm"
import { zoneOffsetMinutes } from "../../../src/contract/report-text"
import type { ReportRange } from "./report-range"

export type RollupKind = "conversation" | "message" | "call"

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

type OffsetReader = (utcMinute: number) => number

/** Each zone's offset reader (null: a zone the runtime does not know). */
const offsetReaders = new Map<string, OffsetReader | null>()
const offsetReaderOf = (zone: string) => {
  if (!offsetReaders.has(zone)) {
    try {
      offsetReaders.set(zone, zoneOffsetMinutes(zone))
    } catch {
      offsetReaders.set(zone, null)
    }
  }
  return offsetReaders.get(zone) ?? null
}

/** Whether the zone's offset at `at` (ms) is a whole number of hours (+03:00 is; +05:45 is not). */
const wholeHourAt = (offsetOf: OffsetReader, at: number) => offsetOf(at / MINUTE_MS) % 60 === 0

/**
 * Whether the zone's offset is whole hours at the UTC day's start and middle (zones change offset at most once a day);
 * the reader keeps each quarter hour's offset, so a day asked again costs two lookups.
 */
const wholeHourDay = (offsetOf: OffsetReader, day: number) =>
  wholeHourAt(offsetOf, day * DAY_MS) && wholeHourAt(offsetOf, day * DAY_MS + DAY_MS / 2)

/** Whether the zone's offset is a whole number of hours on every day of the range. */
export const wholeHourZone = (r: ReportRange): boolean => {
  const offsetOf = offsetReaderOf(r.zone)
  if (!offsetOf) return false
  for (let day = Math.floor(r.from.getTime() / DAY_MS); day <= Math.floor((r.to.getTime() - 1) / DAY_MS); day++)
    if (!wholeHourDay(offsetOf, day)) return false
  return true
}

/** The conversation and message counters are read through their `_now` views: with the deltas not yet flushed (0067). */
const TABLES: Record<RollupKind, { slots: string; hours: string; columns: string }> = {
  conversation: {
    slots: "conversation_rollups_now",
    hours: "conversation_rollup_hours_now",
    columns:
      "client_id, slot, channel, started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum, resolution_sum, agent_messages",
  },
  message: {
    slots: "message_rollups_now",
    hours: "message_rollup_hours_now",
    columns: "client_id, slot, channel, direction, status, messages",
  },
  call: { slots: "call_rollups", hours: "call_rollup_hours", columns: "client_id, slot, call_type, status, calls, duration_sum" },
}

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`

/**
 * The roll-up rows of `kind` that the range reads, as a table for `FROM` (the callers filter it by tenant and range
 * with slotWhere): the slots when an agent is asked for, when the range holds no whole UTC hour, or when `local` (rows
 * grouped by local day, hour or month) and the zone's offset is not whole hours; else the hours, plus the slots of
 * the range's partial first and last hours when its bounds are not on the hour. Both hold the same sums under the same
 * columns (an hour row is its four slots summed), so a figure reads the same either way.
 */
export const rollupTable = (r: ReportRange, kind: RollupKind, agentId: number | undefined, local: boolean): SQL => {
  const t = TABLES[kind]
  const from = r.from.getTime()
  const to = r.to.getTime()
  const firstHour = Math.ceil(from / HOUR_MS) * HOUR_MS
  const lastHour = Math.floor(to / HOUR_MS) * HOUR_MS
  if ((kind === "conversation" && agentId !== undefined) || firstHour >= lastHour || (local && !wholeHourZone(r))) return sql.raw(t.slots)
  if (firstHour === from && lastHour === to) return sql.raw(t.hours)
  const columns = sql.raw(t.columns)
  const parts = [
    sql`SELECT ${columns} FROM ${sql.raw(t.hours)} WHERE client_id = ${r.clientId} AND slot >= ${at(firstHour)} AND slot < ${at(lastHour)}`,
  ]
  if (from < firstHour)
    parts.push(
      sql`SELECT ${columns} FROM ${sql.raw(t.slots)} WHERE client_id = ${r.clientId} AND slot >= ${at(from)} AND slot < ${at(firstHour)}`,
    )
  if (lastHour < to)
    parts.push(
      sql`SELECT ${columns} FROM ${sql.raw(t.slots)} WHERE client_id = ${r.clientId} AND slot >= ${at(lastHour)} AND slot < ${at(to)}`,
    )
  return sql`(${sql.join(parts, sql` UNION ALL `)}) AS ${sql.raw(kind)}_rows`
}
