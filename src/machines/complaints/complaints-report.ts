/**
 * Complain Tickets (`report-complaints`, /apps/complain/ticket): active and resolved complaints as tabs of one
 * configured paged report. The search box asks complaints.searchComplaint (the resource/action helper's
 * complain/search_ticket: a ticket number within the tab and the chosen channel, WhatsApp by default).
 */
import { Effect } from "effect"
import type { Channel } from "../../contract/schemas/common"
import type { Complaint, ComplaintTicket } from "../../contract/schemas/tickets"
import { Api } from "../../services/api/api"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"
import { type AgentChoices, agentIdOf, agentsFor, CHANNELS, channelOf, pageOf, rangeOf } from "../report-kit/paged"

export type ComplaintTab = "active" | "resolved"

/** A search answers report rows (ComplaintTicket); the lists answer whole complaints. The table needs the common part. */
export type ComplaintRow = ComplaintTicket & Partial<Pick<Complaint, "id" | "agent_name" | "category">>

export interface ComplaintListFilters {
  readonly tab: ComplaintTab
  readonly startDate: string
  readonly endDate: string
  readonly channel: string
  readonly agent: string
}

export type ComplaintListMeta = AgentChoices

export const noComplaintListFilters = (): ComplaintListFilters => ({
  tab: "active",
  startDate: "",
  endDate: "",
  channel: "",
  agent: "",
})

export const complaintListRequestOf = (f: ComplaintListFilters, page: number, limit: number) => {
  const agent_id = agentIdOf(f.agent)
  return {
    page,
    limit,
    ...rangeOf(f.startDate, f.endDate),
    ...channelOf(f.channel),
    ...(agent_id === undefined ? {} : { agent_id }),
  }
}

/** complain/search_ticket names one channel: with "all" channels chosen, the screen asks each. */
export const complaintSearchesOf = (f: ComplaintListFilters, ticketNumber: string) =>
  (channelOf(f.channel).channel_type ? [channelOf(f.channel).channel_type as Channel] : CHANNELS).map((channel_type) => ({
    ticket_number: ticketNumber,
    channel_type,
    ticket_type: f.tab,
  }))

export const complaintsConfig = (): ReportConfig<ComplaintRow, ComplaintListFilters, ComplaintListMeta> => ({
  name: "complaints",
  pageBase: 1,
  defaultFilters: noComplaintListFilters,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const agents = yield* agentsFor
      if (query.search) {
        const found = yield* Effect.all(
          complaintSearchesOf(query.filters, query.search).map((request) => api.call("complaints", "searchComplaint", request)),
          { concurrency: 5 },
        )
        const rows = found.flatMap((body) => body.data.list)
        return { rows, total: rows.length, meta: agents }
      }
      const request = complaintListRequestOf(query.filters, query.page, query.pageSize)
      const body = yield* api.call("complaints", query.filters.tab === "resolved" ? "resolvedComplaints" : "activeComplaints", request)
      return pageOf<ComplaintRow, ComplaintListMeta>(body, agents)
    }),
})

export const complaintsMachine = createReportMachine(complaintsConfig())
