/**
 * The range of a dashboard or report call, in the tenant's time zone (client setting `time_zone`, default UTC).
 * `YYYY-MM-DD` is a whole local day (an end date covers its day); `YYYY-MM-DD HH:mm[:ss]` is a local time (an end
 * covers that second); an ISO instant with `Z` is taken as is. Bounds are then taken at the roll-ups' 15-minute
 * resolution (rounded down to a UTC 15-minute slot), which is exact for local days and hours in every zone.
 * No dates: the last DEFAULT_RANGE_DAYS local days, today included. End before start, or more than MAX_RANGE_DAYS:
 * a 400 naming the field.
 */
import { sql, type SQL } from "drizzle-orm"
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from "../../../src/contract/schemas/reports"
import { badRequest } from "../../http/errors"
import { actingFor, businessOf, tenantOf, type Ctx } from "../../http/context"
import type { Handler } from "../../core/registry"
import { rowsOf } from "../../db/rows"
import { checkDate, checkMonth } from "../../core/date-range"

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const SLOT_MS = 15 * 60_000

export interface ReportRange {
  readonly clientId: number
  readonly zone: string
  /** The tenant's service-level threshold T in seconds. */
  readonly slaSeconds: number
  /** Inclusive UTC start, slot-aligned. */
  readonly from: Date
  /** Exclusive UTC end, slot-aligned. */
  readonly to: Date
}

/** The bound as SQL evaluated in the tenant's zone (`zone`: SQL naming it). */
const boundSql = (text: string, zone: SQL, end: boolean) => {
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(text) && text.includes("T"))
    return sql`${text}::timestamptz + ${end ? "1 second" : "0 seconds"}::interval`
  const local = DATE_ONLY.test(text) ? `${text} 00:00:00` : text.replace("T", " ")
  const step = end ? (DATE_ONLY.test(text) ? "1 day" : "1 second") : "0 seconds"
  return sql`(${local}::timestamp + ${step}::interval) AT TIME ZONE ${zone}`
}

const validDate = (text: string | undefined, field: string) => {
  if (text !== undefined) checkDate(text, field)
}

const floorSlot = (date: Date) => new Date(Math.floor(date.getTime() / SLOT_MS) * SLOT_MS)
const ceilSlot = (date: Date) => new Date(Math.ceil(date.getTime() / SLOT_MS) * SLOT_MS)

export const reportRange = async (ctx: Ctx, input: { start_date?: string; end_date?: string }): Promise<ReportRange> => {
  const clientId = tenantOf(ctx)
  validDate(input.start_date, "start_date")
  validDate(input.end_date, "end_date")
  // The tenant's settings and the bounds in its zone, in one statement (OFFSET 0: the settings are read once).
  const zone = sql.raw("s.zone")
  const today = sql`(now() AT TIME ZONE ${zone})::date`
  const to = input.end_date ? boundSql(input.end_date, zone, true) : sql`(${today} + 1)::timestamp AT TIME ZONE ${zone}`
  const from = input.start_date
    ? boundSql(input.start_date, zone, false)
    : sql`(${today} - ${DEFAULT_RANGE_DAYS - 1}::int)::timestamp AT TIME ZONE ${zone}`
  const [bounds] = rowsOf(
    await ctx.db.execute(
      sql`SELECT s.zone, s.sla, extract(epoch FROM ${from})::float8 * 1000 AS from_ms, extract(epoch FROM ${to})::float8 * 1000 AS to_ms
        FROM (SELECT tenant_zone(${clientId}) AS zone, tenant_sla_seconds(${clientId}) AS sla OFFSET 0) s`,
    ),
  )
  const start = new Date(Number(bounds.from_ms))
  const end = new Date(Number(bounds.to_ms))
  if (end.getTime() <= start.getTime()) throw badRequest("end_date must be after start_date", "end_date")
  if (end.getTime() - start.getTime() > (MAX_RANGE_DAYS + 1) * 86_400_000)
    throw badRequest(`The range may cover at most ${MAX_RANGE_DAYS} days`, input.start_date ? "end_date" : "start_date")
  return { clientId, zone: String(bounds.zone ?? "UTC"), slaSeconds: Number(bounds.sla ?? 60), from: floorSlot(start), to: ceilSlot(end) }
}

/** A calendar month `YYYY-MM` of the tenant's zone as a range (MAU and monthly reports). */
export const monthRange = async (ctx: Ctx, month: string): Promise<ReportRange> => {
  checkMonth(month)
  const [y, m] = month.split("-").map(Number)
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`
  const last = new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  return reportRange(ctx, { start_date: `${month}-01`, end_date: last })
}

/** Refuses an agent that is not a user of the caller's tenant (400 on `agent_id`). */
export const checkAgent = async (ctx: Ctx, agentId: number | undefined): Promise<void> => {
  if (agentId === undefined) return
  const rows = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM users WHERE id = ${agentId} AND client_id = ${tenantOf(ctx)}`))
  if (rows.length === 0) throw badRequest("No such agent", "agent_id")
}

/** The `client_id` a report call named, if any (text in a GET's query string). */
const askedOf = (input: unknown): number | string | undefined => {
  const asked = typeof input === "object" && input !== null ? (input as { client_id?: unknown }).client_id : undefined
  return typeof asked === "number" || typeof asked === "string" ? asked : undefined
}

/**
 * Report handlers run for the business their call names (`client_id`: a super admin's pick, see `businessOf`) or the
 * caller's own: every reader here takes the tenant from the context, so the rows, figures and CSV exports (the same
 * calls, all rows) are that business's.
 */
export const forBusiness = (handlers: readonly Handler[]): Handler[] =>
  handlers.map((h) => ({ ...h, run: async (ctx, input) => h.run(actingFor(ctx, await businessOf(ctx, askedOf(input))), input) }))
