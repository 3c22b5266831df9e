import { Schema } from "effect"
import { defineGroup } from "../call"
import { Channel, Data, DateRange, Id, ListQuery, Paged } from "../schemas/common"
import {
  Complaint,
  ComplaintInput,
  ComplaintText,
  SearchComplaintRequest,
  SearchComplaintResponse,
  TicketNumber,
  TicketReportRequest,
  TicketReportResponse,
  TicketStatus,
} from "../schemas/tickets"

const ComplaintList = Schema.Struct({
  ...ListQuery,
  ...DateRange,
  channel_type: Schema.optional(Channel),
  agent_id: Schema.optional(Id),
})

export const complaints = defineGroup(
  "complaints",
  { title: "Complaints", permission: "complaints" },
  {
    activeComplaints: {
      method: "POST",
      path: "/active/complaints",
      request: ComplaintList,
      response: Paged(Complaint),
    },
    resolvedComplaints: {
      method: "POST",
      path: "/resolved/complaints",
      request: ComplaintList,
      response: Paged(Complaint),
    },
    /** Moves a complaint along (assign, resolve with a note, reopen). */
    updateComplaint: {
      method: "POST",
      path: "/update/complaint",
      request: Schema.Struct({
        ticket_number: TicketNumber,
        status: Schema.optional(TicketStatus),
        agent_id: Schema.optional(Id),
        resolution_note: Schema.optional(ComplaintText),
      }),
      response: Data(Complaint),
    },
    /** complain/search_ticket of the resource/action helper (spec 001 section 3). */
    searchComplaint: {
      method: "POST",
      path: "/search/complaint",
      request: SearchComplaintRequest,
      response: SearchComplaintResponse,
    },
    /** complain/fetch_report of the resource/action helper: the Complain Tickets Report (spec 001 section 3). */
    fetchTicketReport: {
      method: "POST",
      path: "/fetch/ticket/report",
      request: TicketReportRequest,
      response: TicketReportResponse,
    },
    /** Files a complaint (its metadata: who, where, what they said). */
    postComplaintMetadata: {
      method: "POST",
      path: "/complaint/metadata",
      request: Schema.Struct(ComplaintInput),
      response: Data(Complaint),
    },
    updateComplaintMetadata: {
      method: "POST",
      path: "/update/complaint/metadata",
      request: Schema.Struct({
        ticket_number: TicketNumber,
        category: ComplaintInput.category,
        customer_message: Schema.optional(ComplaintInput.customer_message),
        name: ComplaintInput.name,
      }),
      response: Data(Complaint),
    },
    getComplaintMetadata: {
      method: "GET",
      path: "/complaint/metadata",
      request: Schema.Struct({ ticket_number: TicketNumber }),
      response: Data(Complaint),
    },
  },
)
