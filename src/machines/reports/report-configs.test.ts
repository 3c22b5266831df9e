/** The screens' configurations of the report machine: the requests they send and the texts they format. */
import { describe, expect, it } from "vitest"
import { callsCsv, callsFilename, callsRequestOf, todayFilters } from "./call-history-report"
import { reportRequestOf, ticketsCsv } from "./complaint-tickets-report"
import { csvCell } from "../../contract/csv"
import { formatDateTime, formatDuration, preview, shortId } from "../report-kit/format"
import { lastMonth } from "./otp-logs-report"

describe("report configurations", () => {
  it("call history: today in UTC, call_type only when not 'all', export file named from filters and date", () => {
    const now = new Date("2026-03-04T23:30:00Z")
    expect(todayFilters(now)).toEqual({ startDate: "2026-03-04", endDate: "2026-03-04", callType: "all", transfers: "all" })
    expect(callsRequestOf(todayFilters(now), 1, 10)).toEqual({
      start_date: "2026-03-04",
      end_date: "2026-03-04",
      limit: 10,
      page: 1,
    })
    expect(callsRequestOf({ ...todayFilters(now), callType: "outgoing" }, 2, 25)).toMatchObject({
      call_type: "outgoing",
      page: 2,
      limit: 25,
    })
    expect(callsRequestOf({ ...todayFilters(now), transfers: "transferred" }, 1, 10)).toMatchObject({ transferred: true })
    expect(callsFilename({ startDate: "2026-03-01", endDate: "2026-03-04", callType: "incoming", transfers: "all" }, now)).toBe(
      "call_history_incoming_2026-03-01_to_2026-03-04_2026-03-04.csv",
    )
  })

  it("complaint report: dates from the start of the first day to the end of the last, only the filters set", () => {
    expect(reportRequestOf({ startDate: "", endDate: "", channel: "", agent: "", status: "" }, 0, 10)).toEqual({
      page: 0,
      limit: 10,
    })
    expect(
      reportRequestOf({ startDate: "2026-01-01", endDate: "2026-01-31", channel: "whatsapp", agent: "7", status: "Pending" }, 2, 5),
    ).toEqual({
      page: 2,
      limit: 5,
      channel_type: "whatsapp",
      start_date: "2026-01-01 00:00:00",
      end_date: "2026-01-31 23:59:59",
      agent: 7,
      status: "Pending",
    })
  })

  it("otp logs: the last 30 days up to today", () => {
    expect(lastMonth(new Date("2026-03-30T10:00:00Z"))).toEqual({ startDate: "2026-03-01", endDate: "2026-03-30" })
  })

  it("formats durations, dates, previews, ids and CSV fields as the spec says", () => {
    expect(formatDuration(59)).toBe("59s")
    expect(formatDuration(60)).toBe("0h 1m 0s")
    expect(formatDuration(3725)).toBe("1h 2m 5s")
    expect(formatDateTime(new Date(2026, 0, 5, 0, 7))).toBe("05-01-2026 12:07 am")
    expect(formatDateTime(new Date(2026, 11, 25, 13, 45))).toBe("25-12-2026 01:45 pm")
    expect(formatDateTime(null)).toBe("")
    expect(preview("x".repeat(50))).toBe("x".repeat(50))
    expect(preview("x".repeat(51))).toBe(`${"x".repeat(50)}...`)
    expect(shortId("wacid.1234567890")).toBe("wacid.1234...")
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"')
    expect(csvCell("=HYPERLINK(1)")).toBe(`"'=HYPERLINK(1)"`)
    // A numeral given as text is text: escaped; given as a number it stays one.
    expect(csvCell("-12")).toBe(`"'-12"`)
    expect(csvCell(-12)).toBe("-12")
  })

  it("writes one CSV line per row under the screen's column names", () => {
    const row = {
      call_id: "wacid.x",
      name: "Ayşe, K",
      number: "+905551112233",
      call_type: "incoming" as const,
      call_start_time: null,
      call_end_time: null,
      call_duration: 42,
      username: null,
      call_status: "missed",
      blocks: 0,
      dt: "2026-01-01T10:00:00.000Z",
      message: { message_type: "text" as const, message_body: "hello", attachments: [], interactive: null },
    }
    const lines = callsCsv([row, row]).trim().split("\r\n")
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain('"Ayşe, K"')
    expect(lines[1]).toContain(",42s,")
    expect(lines[0].endsWith(",Message,Transfers")).toBe(true)
    expect(lines[1].endsWith(",hello,")).toBe(true)
    const transfers = [
      { from: "agent1", to: "Sales", taken_by: "agent2", outcome: "taken" as const },
      { from: "agent2", to: "admin", taken_by: null, outcome: "not_taken" as const },
    ]
    expect(
      callsCsv([{ ...row, transfers }])
        .trim()
        .split("\r\n")[1],
    ).toMatch(/,hello,agent1 → Sales: taken by agent2; agent2 → admin: not taken$/)
    const tickets = ticketsCsv([
      {
        name: "A",
        channel_type: "sms",
        ticket_number: "CMP-1",
        status: "Pending",
        number: "1",
        dt: "2026-01-01T00:00:00Z",
        last_closed: null,
        customer_message: "m",
      },
    ])
    expect(tickets.split("\r\n")[0]).toBe("Name,Channel,Ticket Number,Status,Number / Id's,Starting Date,Ending Date,Last Message")
  })
})
