/**
 * What the dashboard's views draw, read from its snapshot: the trend over every day of the range (days without
 * traffic are zeros, not gaps), the weekday × hour heat map, the ticket statuses, the template funnel. Series carry
 * keys; views name them in the user's language.
 */
import type { HeatMap, MessageStats, TemplateDelivery, TicketCount } from "../../contract/schemas/reports"
import { type DayRange, daysOf } from "./dashboard-range"

export interface KeyedSeries<K extends string> {
  readonly key: K
  readonly data: readonly number[]
}

export interface Keyed<K extends string> {
  readonly categories: readonly string[]
  readonly series: readonly KeyedSeries<K>[]
}

export const TREND_SERIES = ["conversations", "messages_in", "messages_out"] as const
export type TrendKey = (typeof TREND_SERIES)[number]

/** Conversations started and messages in and out per day of the range, in order; a day not listed is zero. */
export const trendOf = (stats: MessageStats, range: DayRange): Keyed<TrendKey> => {
  const days = daysOf(range)
  const byDay = new Map(stats.series.map((point) => [point.date.slice(0, 10), point]))
  return {
    categories: days,
    series: TREND_SERIES.map((key) => ({ key, data: days.map((day) => byDay.get(day)?.[key] ?? 0) })),
  }
}

/** Weekdays in the order rows show them, Monday first (0 = Sunday, as the contract numbers them). */
export const WEEK_ROWS = [1, 2, 3, 4, 5, 6, 0] as const
export const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, "0"))

/** Conversations started per weekday (rows, keyed by weekday number) and hour (columns); a missing cell is zero. */
export const heatOf = (heat: HeatMap): Keyed<`${number}`> => {
  const cells = new Map(heat.cells.map((cell) => [cell.weekday * 24 + cell.hour, cell.conversations]))
  return {
    categories: HOURS,
    series: WEEK_ROWS.map((weekday) => ({
      key: `${weekday}` as const,
      data: HOURS.map((_, hour) => cells.get(weekday * 24 + hour) ?? 0),
    })),
  }
}

/** Tickets per status, largest first (the pie's slices and its table). */
export const ticketStatusesOf = (tickets: TicketCount): Keyed<"tickets"> => {
  const rows = [...tickets.status_count].sort((a, b) => b.count - a.count || a.status.localeCompare(b.status))
  return { categories: rows.map((r) => r.status), series: [{ key: "tickets", data: rows.map((r) => r.count) }] }
}

export const TEMPLATE_STAGES = ["sent", "delivered", "read", "failed"] as const
export type TemplateStage = (typeof TEMPLATE_STAGES)[number]

/** The busiest templates (by sent) with their delivery funnel, at most `limit` of them. */
export const templateFunnelOf = (templates: readonly TemplateDelivery[], limit = 8): Keyed<TemplateStage> => {
  const top = [...templates].sort((a, b) => b.sent - a.sent || a.template_name.localeCompare(b.template_name)).slice(0, limit)
  return {
    categories: top.map((t) => t.template_name),
    series: TEMPLATE_STAGES.map((key) => ({ key, data: top.map((t) => t[key]) })),
  }
}
