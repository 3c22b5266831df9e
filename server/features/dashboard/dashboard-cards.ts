/**
 * The dashboard's cards (POST /info/boxes, /message/stats, /chat/hourly, /calls/summary, /ticket/count and
 * GET /fetch/shell/territories). Range figures come from the roll-ups (server/features/reports/metrics.ts).
 */
import { sql } from "drizzle-orm"
import type { BusinessRangeQuery as RangeQuery } from "../../../src/contract/groups/dashboard"
import type { HeatCell } from "../../../src/contract/schemas/reports"
import { handle } from "../../core/registry"
import { actingFor, businessOf, type Ctx } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { TICKET_FROM, TICKET_STATUS } from "../tickets"
import {
  callTotals,
  reportRange,
  conversationTotals,
  csatOf,
  dayTrends,
  dtWhere,
  messageTotals,
  percentOf,
  rollupFrom,
  slotWhere,
  type ReportRange,
} from "../reports"
import { nowOf } from "./dashboard-now"

/** Tickets opened in the range by their status now, as the ticket lists name it (tickets/ticket-rows.ts). */
const ticketCounts = async (ctx: Ctx, r: ReportRange) => {
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT ${TICKET_STATUS} AS status, count(*)::int AS count FROM ${TICKET_FROM}
      WHERE t.client_id = ${r.clientId} AND ${dtWhere(r, sql`t.dt`)} GROUP BY 1 ORDER BY 1`),
  )
  return rows.map((row) => ({ status: String(row.status), count: Number(row.count) }))
}

/**
 * The context of the business a card reads: the caller's own, or the one a super admin picked (`client_id`). The
 * shared range readers take the business from it.
 */
const shown = async (ctx: Ctx, asked: number | string | undefined): Promise<Ctx> => actingFor(ctx, await businessOf(ctx, asked))

/** A card's range, for the business it reads. */
const rangeOf = async (ctx: Ctx, input: RangeQuery) => reportRange(await shown(ctx, input.client_id), input)

export const handlers = [
  handle("dashboard", "infoBoxes", async (ctx, input) => {
    const r = await rangeOf(ctx, input)
    const f = { channel: input.channel_type }
    const now = await nowOf(ctx.db, r.clientId)
    const t = await conversationTotals(ctx, r, f)
    const messages = await messageTotals(ctx, r, f)
    const calls = await callTotals(ctx, r)
    const tickets = await ticketCounts(ctx, r)
    const csat = await csatOf(ctx, r, f)
    return {
      data: {
        now,
        time_zone: r.zone,
        conversations: t.conversations,
        closed: t.closed,
        abandoned: t.abandoned,
        messages_in: messages.received,
        messages_out: messages.sent,
        first_response: t.first_response,
        aht: t.aht,
        resolution: t.resolution,
        service_level: {
          threshold_seconds: r.slaSeconds,
          answered_within: t.answeredWithin,
          total: t.answered,
          percent: percentOf(t.answeredWithin, t.answered),
        },
        calls_answered: calls.answered,
        calls_missed: calls.missed,
        tickets,
        csat,
      },
    }
  }),
  handle("dashboard", "messageStats", async (ctx, input) => {
    const r = await rangeOf(ctx, input)
    const f = { channel: input.channel_type }
    const totals = await messageTotals(ctx, r, f)
    return { data: { ...totals, series: await dayTrends(ctx, r, f) } }
  }),
  handle("dashboard", "chatHourly", async (ctx, input) => {
    const r = await rangeOf(ctx, input)
    const f = { channel: input.channel_type }
    const local = sql`(slot AT TIME ZONE ${r.zone})`
    const cell = sql`extract(dow FROM ${local})::int AS weekday, extract(hour FROM ${local})::int AS hour`
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT weekday, hour, sum(conversations)::int AS conversations, sum(messages_in)::int AS messages_in FROM (
        SELECT ${cell}, sum(started)::int AS conversations, 0 AS messages_in FROM ${rollupFrom(r, f, "conversation", true)} WHERE ${slotWhere(r, f)} GROUP BY 1, 2
        UNION ALL
        SELECT ${cell}, 0, sum(messages)::int FROM ${rollupFrom(r, f, "message", true)} WHERE ${slotWhere(r, f, "message")} AND direction = 'in' GROUP BY 1, 2
      ) x GROUP BY 1, 2`),
    )
    const byCell = new Map(rows.map((row) => [`${row.weekday}:${row.hour}`, row]))
    const cells: HeatCell[] = []
    for (let weekday = 0; weekday < 7; weekday++)
      for (let hour = 0; hour < 24; hour++) {
        const row = byCell.get(`${weekday}:${hour}`)
        cells.push({ weekday, hour, conversations: Number(row?.conversations ?? 0), messages_in: Number(row?.messages_in ?? 0) })
      }
    return { data: { time_zone: r.zone, cells } }
  }),
  handle("dashboard", "callsSummary", async (ctx, input) => ({ data: await callTotals(ctx, await rangeOf(ctx, input)) })),
  handle("dashboard", "ticketCount", async (ctx, input) => {
    const statusCount = await ticketCounts(ctx, await rangeOf(ctx, input))
    return { data: { total: statusCount.reduce((n, s) => n + s.count, 0), status_count: statusCount } }
  }),
  handle("dashboard", "fetchShellTerritories", async (ctx, input) => {
    const clientId = await businessOf(ctx, input.client_id)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ci.id, ci.name, co.code, count(*)::int AS locations
        FROM client_locations l JOIN cities ci ON ci.id = l.city_id JOIN countries co ON co.id = ci.country_id
        WHERE l.client_id = ${clientId} GROUP BY ci.id, ci.name, co.code ORDER BY ci.name, ci.id`),
    )
    return {
      data: rows.map((row) => ({ id: Number(row.id), name: String(row.name), code: String(row.code), locations: Number(row.locations) })),
    }
  }),
]
