/** The report screens' rules: the range check, the requests they send, the CSV lines their exports write. */
import { describe, expect, it } from "vitest"
import { createActor, fromPromise } from "xstate"
import { csvHeaderOf, csvLineOf } from "../report-kit/columns"
import { reportRequestOf } from "../report-kit/conversation-filters"
import { rangeProblem } from "../report-kit/range-rules"
import { createReportMachine } from "../report-kit/report-machine"
import { agentReportColumns, agentReportConfig } from "./agent-report"
import { chatColumns } from "./chat-report"
import { feedbackRequestOf } from "./customer-feedback-report"
import { checkMonth } from "./monthly-active-users-report"
import { checkServiceLevel, thresholdOf } from "./service-level-report"
import type { ChatReportRow } from "../../contract/schemas/reports"

const now = () => new Date("2026-03-15T12:00:00Z")

describe("report screens", () => {
  it("refuses an end before the start, a range over a year and missing days; a year is fine", () => {
    expect(rangeProblem("2026-03-10", "2026-03-01")).toBe("endBeforeStart")
    expect(rangeProblem("2016-03-01", "2026-03-01")).toBe("rangeTooLong")
    expect(rangeProblem("", "2026-03-01")).toBe("missingDates")
    expect(rangeProblem("2025-03-02", "2026-03-02")).toBeNull()
    expect(rangeProblem("2026-03-01", "2026-03-01")).toBeNull()
  })

  it("an Apply the check refuses loads nothing and says why; a good one loads and clears the message", async () => {
    let loads = 0
    const config = agentReportConfig(now)
    const load = fromPromise(async () => {
      loads++
      return { rows: [], total: 0 }
    })
    const actor = createActor(createReportMachine(config).provide({ actors: { load } as never })).start()
    actor.send({ type: "FILTER.CHANGE", patch: { startDate: "2026-03-10", endDate: "2026-03-01" } })
    actor.send({ type: "FILTER.APPLY" })
    expect(actor.getSnapshot().context.invalid).toBe("endBeforeStart")
    expect(actor.getSnapshot().hasTag("loading")).toBe(false)
    expect(actor.getSnapshot().context.filters.startDate).toBe("2026-03-09")
    actor.send({ type: "FILTER.CHANGE", patch: { startDate: "2026-03-01" } })
    actor.send({ type: "FILTER.APPLY" })
    expect(actor.getSnapshot().context.invalid).toBeNull()
    expect(actor.getSnapshot().context.filters).toMatchObject({ startDate: "2026-03-01", endDate: "2026-03-01" })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(loads).toBe(1)
  })

  it("sends date-only days, the channel and agent only when chosen, and pages from 1 on the server", () => {
    const f = { startDate: "2026-03-01", endDate: "2026-03-07", channel: "", agent: "" }
    expect(reportRequestOf(f, 0, 10)).toEqual({ start_date: "2026-03-01", end_date: "2026-03-07", page: 1, limit: 10 })
    expect(reportRequestOf({ ...f, channel: "whatsapp", agent: "7" }, 2, 25)).toEqual({
      start_date: "2026-03-01",
      end_date: "2026-03-07",
      channel_type: "whatsapp",
      agent_id: 7,
      page: 3,
      limit: 25,
    })
    expect(feedbackRequestOf({ ...f, rating: "4" }, 0, 5)).toMatchObject({ rating: 4 })
    expect(feedbackRequestOf({ ...f, rating: "" }, 0, 5)).not.toHaveProperty("rating")
  })

  it("checks the threshold and the month", () => {
    expect(thresholdOf("")).toBeUndefined()
    expect(thresholdOf("90")).toBe(90)
    const f = { startDate: "2026-03-01", endDate: "2026-03-07", channel: "", agent: "" }
    expect(checkServiceLevel({ ...f, threshold: "0" })).toBe("badThreshold")
    expect(checkServiceLevel({ ...f, threshold: "1.5" })).toBe("badThreshold")
    expect(checkServiceLevel({ ...f, threshold: "60" })).toBeNull()
    expect(checkMonth({ month: "2026-02" })).toBeNull()
    expect(checkMonth({ month: "2026-13" })).toBe("badMonth")
  })

  it("writes the table's columns to the CSV, formatted, and refuses a row that is not one", () => {
    const row: ChatReportRow = {
      conversation_id: 12,
      number: "+905551112233",
      name: '=Ayşe, "A"',
      channel_type: "whatsapp",
      status: "closed",
      agent_name: null,
      started_at: "2026-03-01T10:00:00.000Z",
      closed_at: null,
      messages: 4,
      first_response_seconds: 45,
      handle_seconds: 3725,
      duration: null,
    }
    expect(csvHeaderOf(chatColumns)).toBe(
      "Conversation,Name,Number,Channel,Status,Agent,Started,Closed,Messages,First Response,Handle Time,Duration",
    )
    const line = csvLineOf(chatColumns, (v): v is ChatReportRow => typeof v === "object" && v !== null && "conversation_id" in v)(row)
    expect(line.split(",").slice(0, 3)).toEqual(["12", "\"'=Ayşe", ' ""A"""'])
    expect(line).toMatch(/,whatsapp,closed,,\d{2}-\d{2}-2026 \d{2}:00 (am|pm),,4,45s,1h 2m 5s,$/)
    expect(() => csvLineOf(chatColumns, (_v): _v is ChatReportRow => false)(row)).toThrow(/not a report row/)
    expect(agentReportColumns.map((c) => c.header)).toContain("Service Level")
  })
})
