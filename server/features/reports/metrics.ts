/**
 * Every dashboard and report metric, defined once (docs/features/reports.md, "Metrics", says the same in words).
 * Conversation metrics belong to the conversation's start: a range's figures are those of the conversations that
 * started in it (a cohort), read from conversation_rollups (0006_dashboard triggers; through the views with the deltas
 * not yet flushed, 0067_rollup_deltas), never from raw messages.
 *
 * - first response time: customer's first message in the conversation (first_inbound_at) -> the first message an
 *   agent sent at or after it (first_response_at; bot and campaign messages have no sender and do not count).
 *   Averaged over the conversations that have both.
 * - AHT (agent-handled time): first assignment to an agent (assigned_at) -> close, over closed conversations that
 *   were ever assigned.
 * - service level: of the conversations first answered (first response time defined), the share answered within T
 *   seconds (inclusive); T is the client setting `service_level_seconds`, default 60, or the request's threshold.
 * - resolution time: start -> close, over closed conversations.
 * - abandonment: closed conversations in which the customer wrote and no agent ever answered.
 * - MAU: distinct customers (contacts) with at least one inbound message in the tenant's local calendar month.
 * - CSAT: survey responses (ratings 1..5) dated in the range: mean rating and the share rating 4 or 5.
 * - messages in/out: messages dated in the range by direction (message_rollups); delivery counts are outbound
 *   messages by their status now (delivered counts read ones too).
 * - calls answered / missed / rejected: call records dated in the range by their final status (`callOutcomeOf`):
 *   answered is COMPLETED (an agent accepted the call, or the customer picked up an agent's call, and it ended),
 *   missed is MISSED (nobody accepted before it stopped ringing), rejected is REJECTED; a status in any letter case.
 */
import { sql, type SQL } from "drizzle-orm"
import type { CallsSummary, Csat, DayTrend, ServiceLevelValue, TimeMetric } from "../../../src/contract/schemas/reports"
import { CallStatus } from "../../../src/contract/voice-calls"
import type { Ctx } from "../../http/context"
import { rowsOf } from "../../db/rows"
import type { ReportRange } from "./report-range"
import { rollupTable } from "./rollup-tables"

export interface MetricFilter {
  readonly channel?: string
  readonly agentId?: number
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`

/** A report reading raw conversations leaves UAT customers' conversations out, as the roll-ups do (0025_uat_reports). */
export const notTest = (conversation = "") => sql.raw(`NOT ${conversation ? `${conversation}.` : ""}is_test`)
/** Slot filter of a roll-up table over the range (and channel / agent where the table has them). */
export const slotWhere = (r: ReportRange, f: MetricFilter = {}, table: "conversation" | "message" | "call" = "conversation"): SQL => {
  const parts: SQL[] = [sql`client_id = ${r.clientId}`, sql`slot >= ${at(r.from)}`, sql`slot < ${at(r.to)}`]
  if (f.channel && table !== "call") parts.push(sql`channel = ${f.channel}`)
  if (f.agentId !== undefined && table === "conversation") parts.push(sql`agent_id = ${f.agentId}`)
  return sql.join(parts, sql` AND `)
}

/**
 * The roll-up table a reader of `table` takes for the range (rollup-tables.ts): `local` when it groups the rows by the
 * tenant's local day, hour or month. Either holds the same sums under the same columns, so slotWhere fits both.
 */
export const rollupFrom = (r: ReportRange, f: MetricFilter, table: "conversation" | "message" | "call", local: boolean): SQL =>
  rollupTable(r, table, f.agentId, local)

/** The local day of a slot, `YYYY-MM-DD`. */
export const dayOf = (r: ReportRange) => sql`to_char(slot AT TIME ZONE ${r.zone}, 'YYYY-MM-DD')`

/**
 * A range's roll-up rows summed per slot first (in the primary key's order, no time-zone work per row), so that a
 * grouping by local day or month converts each slot once instead of each row: about a third faster on 100,000
 * conversations (docs/features/reports.md).
 */
export const conversationSlots = (r: ReportRange, f: MetricFilter = {}): SQL => sql`SELECT slot, sum(started) AS started,
  sum(closed) AS closed, sum(abandoned) AS abandoned, sum(answered) AS answered, sum(answered_within) AS answered_within,
  sum(frt_sum) AS frt_sum, sum(handled) AS handled, sum(aht_sum) AS aht_sum, sum(resolution_sum) AS resolution_sum,
  sum(agent_messages) AS agent_messages FROM ${rollupFrom(r, f, "conversation", true)} WHERE ${slotWhere(r, f)} GROUP BY slot`

/** Messages in and out per slot (see conversationSlots). */
export const messageSlots = (r: ReportRange, f: MetricFilter = {}): SQL => sql`SELECT slot,
  sum(messages) FILTER (WHERE direction = 'in') AS messages_in, sum(messages) FILTER (WHERE direction = 'out') AS messages_out
  FROM ${rollupFrom(r, f, "message", true)} WHERE ${slotWhere(r, f, "message")} GROUP BY slot`

/** The sums of conversation_rollups rows, as named columns. */
export const CONVERSATION_SUMS = sql`coalesce(sum(started), 0)::int AS started, coalesce(sum(closed), 0)::int AS closed,
  coalesce(sum(abandoned), 0)::int AS abandoned, coalesce(sum(answered), 0)::int AS answered,
  coalesce(sum(answered_within), 0)::int AS answered_within, coalesce(sum(frt_sum), 0)::float8 AS frt_sum,
  coalesce(sum(handled), 0)::int AS handled, coalesce(sum(aht_sum), 0)::float8 AS aht_sum,
  coalesce(sum(resolution_sum), 0)::float8 AS resolution_sum, coalesce(sum(agent_messages), 0)::int AS agent_messages`

const num = (value: unknown) => Number(value ?? 0)
export const timeMetric = (sum: unknown, count: unknown): TimeMetric => {
  const n = num(count)
  return { avg_seconds: n > 0 ? num(sum) / n : null, count: n }
}
export const percentOf = (part: number, total: number): number | null => (total > 0 ? (100 * part) / total : null)

export interface ConversationTotals {
  readonly conversations: number
  readonly closed: number
  readonly abandoned: number
  readonly answered: number
  readonly answeredWithin: number
  readonly agentMessages: number
  readonly first_response: TimeMetric
  readonly aht: TimeMetric
  readonly resolution: TimeMetric
}

export const totalsOf = (row: Record<string, unknown> | undefined): ConversationTotals => ({
  conversations: num(row?.started),
  closed: num(row?.closed),
  abandoned: num(row?.abandoned),
  answered: num(row?.answered),
  answeredWithin: num(row?.answered_within),
  agentMessages: num(row?.agent_messages),
  first_response: timeMetric(row?.frt_sum, row?.answered),
  aht: timeMetric(row?.aht_sum, row?.handled),
  resolution: timeMetric(row?.resolution_sum, row?.closed),
})

export const conversationTotals = async (ctx: Ctx, r: ReportRange, f: MetricFilter = {}): Promise<ConversationTotals> => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT ${CONVERSATION_SUMS} FROM ${rollupFrom(r, f, "conversation", false)} WHERE ${slotWhere(r, f)}`),
  )
  return totalsOf(row)
}

/**
 * Service level over the range. With the tenant's own T it is a sum of the roll-ups (kept for that T); another
 * threshold counts the answered conversations of the range once, through their (client_id, started_at) index.
 */
export const serviceLevelOf = async (
  ctx: Ctx,
  r: ReportRange,
  f: MetricFilter = {},
  threshold = r.slaSeconds,
): Promise<ServiceLevelValue> => {
  if (threshold === r.slaSeconds) {
    const t = await conversationTotals(ctx, r, f)
    return {
      threshold_seconds: threshold,
      answered_within: t.answeredWithin,
      total: t.answered,
      percent: percentOf(t.answeredWithin, t.answered),
    }
  }
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE extract(epoch FROM first_response_at - first_inbound_at) <= ${threshold})::int AS within
    FROM conversations WHERE ${answeredWhere(r, f)}`),
  )
  const total = num(row?.total)
  const within = num(row?.within)
  return { threshold_seconds: threshold, answered_within: within, total, percent: percentOf(within, total) }
}

const answeredWhere = (r: ReportRange, f: MetricFilter): SQL => {
  const parts: SQL[] = [
    sql`client_id = ${r.clientId}`,
    sql`started_at >= ${at(r.from)}`,
    sql`started_at < ${at(r.to)}`,
    sql`first_response_at IS NOT NULL`,
    sql`first_inbound_at IS NOT NULL`,
    notTest(),
  ]
  if (f.channel) parts.push(sql`channel = ${f.channel}`)
  if (f.agentId !== undefined) parts.push(f.agentId === 0 ? sql`assigned_user_id IS NULL` : sql`assigned_user_id = ${f.agentId}`)
  return sql.join(parts, sql` AND `)
}

/** Every local day of the range, `YYYY-MM-DD`, as a SQL set `days(date)`. */
export const daysOf = (r: ReportRange) => sql`SELECT to_char(d, 'YYYY-MM-DD') AS date FROM generate_series(
  (${at(r.from)} AT TIME ZONE ${r.zone})::date, ((${at(r.to)} - interval '1 microsecond') AT TIME ZONE ${r.zone})::date, interval '1 day') d`

/** Per local day: conversations (cohort metrics) and messages in/out; every day present. */
export const dayTrends = async (ctx: Ctx, r: ReportRange, f: MetricFilter = {}): Promise<DayTrend[]> => {
  const rows = rowsOf(
    await ctx.db.execute(sql`WITH days AS (${daysOf(r)}),
      c AS (SELECT ${dayOf(r)} AS c_date, ${CONVERSATION_SUMS} FROM (${conversationSlots(r, f)}) s GROUP BY 1),
      m AS (SELECT ${dayOf(r)} AS date, coalesce(sum(messages_in), 0)::int AS messages_in, coalesce(sum(messages_out), 0)::int AS messages_out
            FROM (${messageSlots(r, f)}) s GROUP BY 1)
    SELECT days.date, c.*, m.messages_in, m.messages_out FROM days LEFT JOIN c ON c.c_date = days.date LEFT JOIN m ON m.date = days.date
    ORDER BY days.date`),
  )
  return rows.map((row) => {
    const t = totalsOf(row)
    return {
      date: String(row.date),
      conversations: t.conversations,
      closed: t.closed,
      messages_in: num(row.messages_in),
      messages_out: num(row.messages_out),
      first_response: t.first_response,
      aht: t.aht,
      answered_within: t.answeredWithin,
      answered: t.answered,
    }
  })
}

/** Messages of the range: inbound, and outbound by their status now. */
export const messageTotals = async (ctx: Ctx, r: ReportRange, f: MetricFilter = {}) => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT coalesce(sum(messages) FILTER (WHERE direction = 'in'), 0)::int AS received,
      coalesce(sum(messages) FILTER (WHERE direction = 'out'), 0)::int AS sent,
      coalesce(sum(messages) FILTER (WHERE direction = 'out' AND status IN ('delivered', 'read')), 0)::int AS delivered,
      coalesce(sum(messages) FILTER (WHERE direction = 'out' AND status = 'read'), 0)::int AS read,
      coalesce(sum(messages) FILTER (WHERE direction = 'out' AND status = 'failed'), 0)::int AS failed
    FROM ${rollupFrom(r, f, "message", false)} WHERE ${slotWhere(r, f, "message")}`),
  )
  return {
    received: num(row?.received),
    sent: num(row?.sent),
    delivered: num(row?.delivered),
    read: num(row?.read),
    failed: num(row?.failed),
  }
}

/** CSAT of the survey responses dated in the range (optionally one channel / agent). */
export const csatOf = async (ctx: Ctx, r: ReportRange, f: MetricFilter = {}): Promise<Csat> => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT count(*)::int AS responses, count(*) FILTER (WHERE rating >= 4)::int AS satisfied,
      avg(rating)::float8 AS average FROM survey_responses s WHERE ${surveyWhere(r, f)}`),
  )
  const responses = num(row?.responses)
  const satisfied = num(row?.satisfied)
  return { responses, satisfied, average: responses > 0 ? num(row?.average) : null, percent: percentOf(satisfied, responses) }
}

/** Survey responses per rating 1..5 (index 0 = 1 star) over the same filter as csatOf. */
export const ratingCountsOf = async (ctx: Ctx, r: ReportRange, f: MetricFilter = {}): Promise<number[]> => {
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT rating, count(*)::int AS n FROM survey_responses s WHERE ${surveyWhere(r, f)} GROUP BY rating`),
  )
  return [1, 2, 3, 4, 5].map((rating) => num(rows.find((row) => Number(row.rating) === rating)?.n))
}

export const surveyWhere = (r: ReportRange, f: MetricFilter & { rating?: number } = {}): SQL => {
  const parts: SQL[] = [
    sql`s.client_id = ${r.clientId}`,
    sql`s.dt >= ${at(r.from)}`,
    sql`s.dt < ${at(r.to)}`,
    sql`NOT EXISTS (SELECT 1 FROM conversations tc WHERE tc.id = s.conversation_id AND tc.is_test)`,
  ]
  if (f.channel) parts.push(sql`s.channel = ${f.channel}`)
  if (f.agentId !== undefined) parts.push(sql`s.agent_id = ${f.agentId}`)
  if (f.rating !== undefined) parts.push(sql`s.rating = ${f.rating}`)
  return sql.join(parts, sql` AND `)
}

/** A raw-table range filter on `column` (tables other issues fill; small next to messages). */
export const dtWhere = (r: ReportRange, column: SQL): SQL => sql`${column} >= ${at(r.from)} AND ${column} < ${at(r.to)}`

export type CallOutcome = "answered" | "missed" | "rejected" | "other"

/** What a call's final status counts as on every screen that counts calls (see the header). */
export const callOutcomeOf = (status: string): CallOutcome => {
  const upper = status.toUpperCase()
  if (upper === CallStatus.completed) return "answered"
  if (upper === CallStatus.missed) return "missed"
  if (upper === CallStatus.rejected) return "rejected"
  return "other"
}

/** Call records of the range: totals by direction and by outcome, and the mean duration of the answered ones. */
export const callTotals = async (ctx: Ctx, r: ReportRange): Promise<CallsSummary> => {
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT call_type, status, sum(calls)::int AS calls, sum(duration_sum)::float8 AS duration
      FROM ${rollupFrom(r, {}, "call", false)} WHERE ${slotWhere(r, {}, "call")} GROUP BY 1, 2`),
  )
  const of = (pick: (row: Record<string, unknown>) => boolean) => rows.filter(pick)
  const count = (picked: Record<string, unknown>[]) => picked.reduce((n, row) => n + num(row.calls), 0)
  const outcome = (o: CallOutcome) => of((row) => callOutcomeOf(String(row.status)) === o)
  const answered = outcome("answered")
  const duration = answered.reduce((n, row) => n + num(row.duration), 0)
  return {
    total: count(rows),
    incoming: count(of((row) => row.call_type === "incoming")),
    outgoing: count(of((row) => row.call_type === "outgoing")),
    answered: count(answered),
    missed: count(outcome("missed")),
    rejected: count(outcome("rejected")),
    avg_duration: count(answered) > 0 ? duration / count(answered) : 0,
  }
}
