/** The PBX call list's configuration: the request it sends, its default range and the CSV it writes. */
import { describe, expect, it } from "vitest"
import { csvHeaderOf, csvLineOf } from "../report-kit/columns"
import { Schema } from "effect"
import { PbxCall } from "../../contract/schemas/pbx"
import { partyOf, pbxCallColumns, pbxCallFilters, pbxCallsRequestOf } from "./pbx-calls-report"
import { checkRange } from "../report-kit/conversation-filters"

describe("the PBX call list's configuration", () => {
  it("asks for the last 7 days by default, the server's pages from 1, and only the filters set", () => {
    const filters = pbxCallFilters(new Date("2026-03-10T12:00:00Z"))
    expect(filters).toEqual({ startDate: "2026-03-04", endDate: "2026-03-10", direction: "", outcome: "" })
    expect(pbxCallsRequestOf(filters, 0, 10)).toEqual({ start_date: "2026-03-04", end_date: "2026-03-10", page: 1, limit: 10 })
    expect(pbxCallsRequestOf({ ...filters, direction: "inbound", outcome: "busy" }, 2, 25)).toMatchObject({
      direction: "inbound",
      outcome: "busy",
      page: 3,
      limit: 25,
    })
    expect(checkRange({ ...filters, startDate: "2026-03-11" })).not.toBeNull()
  })

  it("names the agent beside the extension, and writes one CSV line per call", () => {
    expect(partyOf("1003", "Kerem Agent")).toBe("Kerem Agent (1003)")
    expect(partyOf("+4989123456", null)).toBe("+4989123456")
    const row: PbxCall = {
      id: 1,
      call_id: "abc",
      direction: "outbound",
      caller: "1003",
      caller_name: "Kerem Agent",
      callee: "+4989123456",
      callee_name: null,
      started_at: "2026-03-10T10:00:00.000Z",
      answered_at: null,
      ended_at: "2026-03-10T10:00:09.000Z",
      duration_seconds: 0,
      outcome: "failed",
      sip_code: 503,
    }
    expect(csvHeaderOf(pbxCallColumns)).toBe("Started,Direction,Caller,Callee,Answered,Ended,Duration,Outcome,SIP status")
    const line = csvLineOf(pbxCallColumns, Schema.is(PbxCall))(row)
    // The kit guards spreadsheet formulas: a leading "+" is prefixed with ' and quoted.
    expect(line).toContain(`outbound,Kerem Agent (1003),"'+4989123456"`)
    expect(line).toContain(",failed,503")
  })
})
