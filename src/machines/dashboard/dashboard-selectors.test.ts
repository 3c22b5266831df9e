import { describe, expect, it } from "vitest"
import { templateFunnelOf, ticketStatusesOf, trendOf } from "./dashboard-selectors"

describe("dashboard selectors", () => {
  it("gives the trend every day of the range, zero on days the server did not list", () => {
    const trend = trendOf(
      { sent: 3, delivered: 3, read: 0, failed: 0, received: 4, series: [{ date: "2026-03-02", sent: 3, received: 4 }] },
      { start: "2026-03-01", end: "2026-03-03" },
    )
    expect(trend).toEqual({
      categories: ["2026-03-01", "2026-03-02", "2026-03-03"],
      series: [
        { key: "received", data: [0, 4, 0] },
        { key: "sent", data: [0, 3, 0] },
      ],
    })
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
