import { describe, expect, it } from "vitest"
import { dayTrend } from "./dashboard.testing"
import { heatOf, templateFunnelOf, ticketStatusesOf, trendOf } from "./dashboard-selectors"

describe("dashboard selectors", () => {
  it("gives the trend every day of the range, zero on days the server did not list", () => {
    const trend = trendOf(
      {
        sent: 3,
        delivered: 3,
        read: 0,
        failed: 0,
        received: 4,
        series: [dayTrend("2026-03-02", { conversations: 2, messages_in: 4, messages_out: 3 })],
      },
      { start: "2026-03-01", end: "2026-03-03" },
    )
    expect(trend).toEqual({
      categories: ["2026-03-01", "2026-03-02", "2026-03-03"],
      series: [
        { key: "conversations", data: [0, 2, 0] },
        { key: "messages_in", data: [0, 4, 0] },
        { key: "messages_out", data: [0, 3, 0] },
      ],
    })
  })

  it("lays the heat map out Monday first, 24 hours a row, zeros where the server sent nothing", () => {
    const heat = heatOf({
      time_zone: "UTC",
      cells: [
        { weekday: 1, hour: 9, conversations: 2, messages_in: 5 },
        { weekday: 0, hour: 23, conversations: 7, messages_in: 9 },
      ],
    })
    expect(heat.categories).toHaveLength(24)
    expect(heat.series.map((s) => s.key)).toEqual(["1", "2", "3", "4", "5", "6", "0"])
    expect(heat.series[0].data[9]).toBe(2)
    expect(heat.series[6].data[23]).toBe(7)
    expect(heat.series.flatMap((s) => s.data).reduce((a, b) => a + b, 0)).toBe(9)
  })

  it("orders ticket statuses by count, and keeps the busiest templates with their funnel", () => {
    expect(
      ticketStatusesOf({
        total: 5,
        status_count: [
          { status: "Open", count: 1 },
          { status: "Resolved", count: 4 },
        ],
      }),
    ).toEqual({ categories: ["Resolved", "Open"], series: [{ key: "tickets", data: [4, 1] }] })
    const row = (template_name: string, sent: number) => ({ template_name, sent, delivered: sent - 1, read: 1, failed: 1 })
    const funnel = templateFunnelOf([row("a", 2), row("b", 9), row("c", 5)], 2)
    expect(funnel.categories).toEqual(["b", "c"])
    expect(funnel.series.map((s) => [s.key, s.data])).toEqual([
      ["sent", [9, 5]],
      ["delivered", [8, 4]],
      ["read", [1, 1]],
      ["failed", [1, 1]],
    ])
  })
})
