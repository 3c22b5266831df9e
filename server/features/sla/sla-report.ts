/**
 * The SLA report: the targets that started in the range (the tenant's days, reports' `reportRange`), by policy, agent
 * or channel and by metric. One definition of each figure (FIGURES): achieved = met and never breached; breached =
 * breached (met late, or still open past due); open = neither yet. achieved_percent = achieved / (achieved + breached).
 * UAT customers' conversations count nowhere, as in every report. The CSV goes through the one CSV writer, its words
 * the caller's (the console sends its SLA strings in the user's language: one source of words, read away from it).
 */
import { type SQL, sql } from "drizzle-orm"
import type { SlaReportBy, SlaReportRow } from "../../../src/contract/groups/sla"
import { writeCsv } from "../../core/csv-writer"
import { handle } from "../../core/registry"
import { rowsOf } from "../../db/rows"
import type { Ctx } from "../../http/context"
import { reportRange } from "../reports"

const FIGURES = sql`count(*) FILTER (WHERE t.met_at IS NOT NULL AND t.breached_at IS NULL)::int AS achieved,
  count(*) FILTER (WHERE t.breached_at IS NOT NULL)::int AS breached,
  count(*) FILTER (WHERE t.met_at IS NULL AND t.breached_at IS NULL)::int AS open`

const GROUPS: Record<SlaReportBy, { key: SQL; label: SQL }> = {
  policy: { key: sql`coalesce(t.policy_id::text, t.policy_name)`, label: sql`coalesce(p.name, t.policy_name)` },
  agent: { key: sql`coalesce(t.agent_id::text, '')`, label: sql`coalesce(u.display_name, '')` },
  channel: { key: sql`t.channel`, label: sql`t.channel` },
}

export const percentOf = (achieved: number, breached: number): number | null =>
  achieved + breached === 0 ? null : Math.round((achieved * 1000) / (achieved + breached)) / 10

const reportOf = async (ctx: Ctx, input: { start_date?: string; end_date?: string; by: SlaReportBy }): Promise<SlaReportRow[]> => {
  const range = await reportRange(ctx, input)
  const group = GROUPS[input.by]
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT ${group.key} AS key, ${group.label} AS label, t.metric, ${FIGURES}
      FROM sla_targets t JOIN conversations c ON c.id = t.conversation_id AND NOT c.is_test
      LEFT JOIN sla_policies p ON p.id = t.policy_id LEFT JOIN users u ON u.id = t.agent_id
      WHERE t.client_id = ${range.clientId} AND t.started_at >= ${range.from.toISOString()}::timestamptz
        AND t.started_at < ${range.to.toISOString()}::timestamptz
      GROUP BY 1, 2, 3 ORDER BY 2, 1, 3`),
  )
  return rows.map((r) => ({
    key: String(r.key),
    label: String(r.label),
    metric: r.metric as SlaReportRow["metric"],
    achieved: Number(r.achieved),
    breached: Number(r.breached),
    open: Number(r.open),
    achieved_percent: percentOf(Number(r.achieved), Number(r.breached)),
  }))
}

export const handlers = [
  handle("sla", "slaReport", async (ctx, input) => ({ data: await reportOf(ctx, input) })),

  handle("sla", "slaReportCsv", async (ctx, input) => {
    const rows = await reportOf(ctx, input)
    const h = input.headings
    const csv = writeCsv(
      [h.by, h.target, h.achieved, h.breached, h.open, h.percent],
      rows.map((r) => [r.label || h.unassigned, h.metrics[r.metric], r.achieved, r.breached, r.open, r.achieved_percent ?? ""]),
    )
    return { data: { file_name: `sla-${input.by}.csv`, csv } }
  }),
]
