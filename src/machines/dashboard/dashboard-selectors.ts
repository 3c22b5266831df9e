/**
 * What the dashboard's views draw, read from its snapshot: the trend over every day of the range (days without
 * traffic are zeros, not gaps), the ticket statuses, the template funnel. Series carry keys; views name them in the
 * user's language.
 */
import type { MessageStats, TemplateDelivery, TicketCount } from "../../contract/schemas/reports"
import { type DayRange, daysOf } from "./dashboard-range"

export interface KeyedSeries<K extends string> {
  readonly key: K
  readonly data: readonly number[]
}

export interface Keyed<K extends string> {
  readonly categories: readonly string[]
  readonly series: readonly KeyedSeries<K>[]
}

/** Messages received and sent per day of the range, in order; a day the server did not list is zero. */
export const trendOf = (stats: MessageStats, range: DayRange): Keyed<"received" | "sent"> => {
  const days = daysOf(range)
  const byDay = new Map(stats.series.map((point) => [point.date.slice(0, 10), point]))
  return {
    categories: days,
    series: [
      { key: "received", data: days.map((day) => byDay.get(day)?.received ?? 0) },
      { key: "sent", data: days.map((day) => byDay.get(day)?.sent ?? 0) },
    ],
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
