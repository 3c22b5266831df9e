import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const tickets = defineGroup("tickets", { title: "Tickets", permission: "tickets" }, {
  activeTickets: { method: "POST", path: "/active/tickets", request: Undesigned, response: Undesigned },
  resolvedTickets: { method: "POST", path: "/resolved/tickets", request: Undesigned, response: Undesigned },
  ticketHistorychat: { method: "POST", path: "/ticket/historychat", request: Undesigned, response: Undesigned },
  ticketChat: { method: "POST", path: "/ticket/chat", request: Undesigned, response: Undesigned },
  ongoingTickets: { method: "POST", path: "/ongoing/tickets", request: Undesigned, response: Undesigned },
  ongoingTicketsCount: { method: "POST", path: "/ongoing/tickets/count", request: Undesigned, response: Undesigned },
  unassignedTicket: { method: "POST", path: "/unassigned/ticket", request: Undesigned, response: Undesigned },
  searchTicket: { method: "POST", path: "/search/ticket", request: Undesigned, response: Undesigned },
  ticketReport: { method: "POST", path: "/ticket/report", request: Undesigned, response: Undesigned },
})
