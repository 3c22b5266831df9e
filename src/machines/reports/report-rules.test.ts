/**
 * The report screens' rules that live in their configurations: Call History's range (cleared is today, one day is
 * both ends), OTP Logs' range that applies itself, and the Complain Tickets Report's search, whose failure is
 * ignored silently (spec 000 section 8) while a search that finds nothing empties the table.
 */
import { describe, expect, it } from "vitest"
import { Effect, Layer } from "effect"
import { createActor } from "xstate"
import type { ComplaintTicket } from "../../contract/schemas/tickets"
import { Api, type ApiShape } from "../../services/api/api"
import { makeRequest } from "../../services/api/helper-request"
import { createReportMachine, type ReportPage } from "../report-kit/report-machine"
import { callHistoryConfig } from "./call-history-report"
import { complaintTicketsConfig, noComplaintFilters } from "./complaint-tickets-report"
import { otpLogsConfig } from "./otp-logs-report"

const now = () => new Date("2026-03-04T10:00:00Z")

describe("call history's date range", () => {
  const start = () => createActor(createReportMachine(callHistoryConfig(now))).start()

  it("a cleared range is today (UTC) again; one day picked is a range of that day", () => {
    const actor = start()
    actor.send({ type: "FILTER.CHANGE", patch: { startDate: "", endDate: "" } })
    expect(actor.getSnapshot().context.draft).toMatchObject({ startDate: "2026-03-04", endDate: "2026-03-04" })
    actor.send({ type: "FILTER.CHANGE", patch: { startDate: "2026-01-10", endDate: "" } })
    expect(actor.getSnapshot().context.draft).toMatchObject({ startDate: "2026-01-10", endDate: "2026-01-10" })
    actor.send({ type: "FILTER.CHANGE", patch: { startDate: "", endDate: "2150-12-31" } })
    expect(actor.getSnapshot().context.draft).toMatchObject({ startDate: "2150-12-31", endDate: "2150-12-31" })
    actor.send({ type: "FILTER.CHANGE", patch: { startDate: "1990-01-01", endDate: "2150-12-31" } })
    expect(actor.getSnapshot().context.draft).toMatchObject({ startDate: "1990-01-01", endDate: "2150-12-31" })
    // The draft waits for Apply.
    expect(actor.getSnapshot().hasTag("loading")).toBe(false)
    actor.stop()
  })
})

describe("OTP logs' date range", () => {
  it("applies itself once both dates are picked, not before", () => {
    const actor = createActor(createReportMachine(otpLogsConfig(now))).start()
    actor.send({ type: "FILTER.CHANGE", patch: { startDate: "2026-02-01", endDate: "" } })
    expect(actor.getSnapshot().hasTag("loading")).toBe(false)
    expect(actor.getSnapshot().context.filters).toEqual({ startDate: "2026-02-03", endDate: "2026-03-04" })
    actor.send({ type: "FILTER.CHANGE", patch: { endDate: "2026-02-10" } })
    expect(actor.getSnapshot().hasTag("loading")).toBe(true)
    expect(actor.getSnapshot().context.filters).toEqual({ startDate: "2026-02-01", endDate: "2026-02-10" })
    expect(actor.getSnapshot().context.page).toBe(1)
    actor.stop()
  })
})

describe("the Complain Tickets Report's search", () => {
  const ticket: ComplaintTicket = {
    name: "Ayse",
    channel_type: "whatsapp",
    ticket_number: "CMP-1-7",
    status: "Pending",
    number: "905551112233",
    dt: "2026-01-01T09:00:00Z",
    last_closed: null,
    customer_message: "late",
  }
  /** The real helper over a scripted `call`: the search answers `list`, or fails. */
  const apiWith = (search: Effect.Effect<unknown, unknown>): ApiShape => {
    const call = (_group: string, name: string) => (name === "searchComplaint" ? search : Effect.die(`unexpected call ${name}`))
    return { call: call as never, request: makeRequest(call as never) }
  }
  const load = (api: ApiShape) =>
    Effect.runPromise(
      complaintTicketsConfig()
        .load({ filters: noComplaintFilters(), search: "CMP-1-7", page: 0, pageSize: 10 })
        .pipe(Effect.provide(Layer.succeed(Api, api))) as Effect.Effect<ReportPage<ComplaintTicket, unknown> | undefined>,
    )

  it("shows the one ticket it finds", async () => {
    expect(await load(apiWith(Effect.succeed({ data: { list: [ticket] } })))).toEqual({ rows: [ticket], total: 1 })
  })

  it("finding nothing empties the table", async () => {
    expect(await load(apiWith(Effect.succeed({ data: { list: [] } })))).toEqual({ rows: [], total: 0 })
  })

  it("a failed search is ignored silently: no page, so the table keeps its rows", async () => {
    expect(await load(apiWith(Effect.fail({ _tag: "HttpFailure", status: 500, message: "down" })))).toBeUndefined()
  })
})
