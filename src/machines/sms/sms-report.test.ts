/** The SMS report's request and columns (the report machine itself is the report kit's, tested there). */
import { describe, expect, it } from "vitest"
import { smsColumns, smsReportFilters, smsRequestOf } from "./sms-report"

describe("SMS report", () => {
  it("sends only the filters that are set, pages from 1 on the server", () => {
    const filters = { ...smsReportFilters(new Date("2026-11-23T12:00:00Z")), status: "delivered" as const, mask: " ACME ", number: "" }
    expect(smsRequestOf(filters, 0, 10)).toEqual({
      start_date: "2026-11-17",
      end_date: "2026-11-23",
      status: "delivered",
      mask: "ACME",
      page: 1,
      limit: 10,
    })
    expect(smsRequestOf({ ...filters, status: "", mask: "", number: "+90 555" }, 2, 25)).toMatchObject({ number: "+90 555", page: 3 })
  })

  it("shows and exports the same columns", () => {
    expect(smsColumns.map((c) => c.key)).toEqual([
      "dt",
      "to",
      "mask",
      "text",
      "parts",
      "encoding",
      "cost",
      "status",
      "error",
      "deliveredAt",
      "sentBy",
    ])
  })
})
