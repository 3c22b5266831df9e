/** Figures as the server answers them, for the dashboard's machine tests. */
import type { DashboardNow, DayTrend } from "../../contract/schemas/reports"
import type { DashboardFigures } from "./dashboard-figures"

export const nowAt = (at: string, open: number): DashboardNow => ({
  open,
  waiting: 1,
  unassigned: 1,
  agents_online: 1,
  agents_total: 3,
  at,
})

const none = { avg_seconds: null, count: 0 }

export const dayTrend = (date: string, counts: Partial<DayTrend> = {}): DayTrend => ({
  date,
  conversations: 0,
  closed: 0,
  messages_in: 0,
  messages_out: 0,
  first_response: none,
  aht: none,
  answered_within: 0,
  answered: 0,
  ...counts,
})

const ok = <T>(value: T) => ({ value, failure: null })

export const figuresWith = (now: DashboardNow): DashboardFigures => ({
  boxes: ok({
    now,
    time_zone: "UTC",
    conversations: 4,
    closed: 1,
    abandoned: 0,
    messages_in: 7,
    messages_out: 5,
    first_response: { avg_seconds: 42, count: 3 },
    aht: { avg_seconds: 300, count: 1 },
    resolution: { avg_seconds: 600, count: 1 },
    service_level: { threshold_seconds: 60, answered_within: 2, total: 3, percent: 66.7 },
    calls_answered: 0,
    calls_missed: 0,
    tickets: [{ status: "Open", count: 1 }],
    csat: { responses: 0, satisfied: 0, average: null, percent: null },
  }),
  messages: ok({
    sent: 5,
    delivered: 5,
    read: 2,
    failed: 0,
    received: 7,
    series: [dayTrend("2026-03-02", { messages_in: 7, messages_out: 5 })],
  }),
  heatmap: ok({ time_zone: "UTC", cells: [{ weekday: 1, hour: 9, conversations: 2, messages_in: 5 }] }),
  calls: { value: null, failure: { status: 403, code: "FORBIDDEN", message: "no access" } },
  tickets: ok({ total: 4, status_count: [{ status: "Resolved", count: 3 }] }),
  campaigns: ok([]),
  templates: ok([]),
  territories: ok([]),
})
