import { Schema } from "effect"
import { defineGroup } from "../call"
import { Channel, Data, DateRange, Id, Limit, List, Page, Paged, Text } from "../schemas/common"
import { Message } from "../schemas/chat"
import { Ticket, TicketNumber, TicketQuery, TicketReport, TicketsCount, TicketStatus } from "../schemas/tickets"

const TicketList = Schema.Struct(TicketQuery)
const ByTicket = Schema.Struct({ ticket_number: TicketNumber })

export const tickets = defineGroup(
  "tickets",
  { title: "Tickets", permission: "tickets" },
  {
    activeTickets: { method: "POST", path: "/active/tickets", request: TicketList, response: Paged(Ticket) },
    resolvedTickets: { method: "POST", path: "/resolved/tickets", request: TicketList, response: Paged(Ticket) },
    /** The whole conversation of a closed ticket. */
    ticketHistorychat: { method: "POST", path: "/ticket/historychat", request: ByTicket, response: List(Message) },
    ticketChat: {
      method: "POST",
      path: "/ticket/chat",
      request: Schema.Struct({
        ticket_number: TicketNumber,
        page: Schema.optional(Page),
        limit: Schema.optional(Limit(500)),
      }),
      response: Paged(Message),
    },
    ongoingTickets: { method: "POST", path: "/ongoing/tickets", request: TicketList, response: Paged(Ticket) },
    ongoingTicketsCount: {
      method: "POST",
      path: "/ongoing/tickets/count",
      request: Schema.Struct({ channel_type: Schema.optional(Channel) }),
      response: Data(TicketsCount),
    },
    unassignedTicket: { method: "POST", path: "/unassigned/ticket", request: TicketList, response: Paged(Ticket) },
    searchTicket: {
      method: "POST",
      path: "/search/ticket",
      request: Schema.Struct({
        ...TicketQuery,
        search: Text(200).check(Schema.isNonEmpty()),
        status: Schema.optional(TicketStatus),
      }),
      response: Paged(Ticket),
    },
    ticketReport: {
      method: "POST",
      path: "/ticket/report",
      request: Schema.Struct({
        ...TicketQuery,
        ...DateRange,
        agent_id: Schema.optional(Id),
        status: Schema.optional(TicketStatus),
      }),
      response: Data(TicketReport),
    },
  },
)
