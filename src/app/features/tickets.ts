/** The ticket lists (tickets inbox, ongoing, history, report), each with its transcript drawer. */
import { type Feature, screen } from "../feature"

const transcript = () => import("../../machines/workspace/transcript-machine").then((m) => m.transcriptMachine)
const list = () => import("../../views/tickets/TicketListView")

export const tickets: Feature = {
  name: "tickets",
  layers: ["machines", "views", "server", "docs"],
  calls: ["chat", "tickets"],
  reports: {
    "report-inbox": () => import("../../machines/tickets/ticket-reports").then((m) => m.ticketInboxMachine),
    "report-ticket-ongoing": () => import("../../machines/tickets/ticket-reports").then((m) => m.ticketOngoingMachine),
    "report-ticket-history": () => import("../../machines/tickets/ticket-reports").then((m) => m.ticketHistoryMachine),
    "report-ticket-report": () => import("../../machines/tickets/ticket-reports").then((m) => m.ticketReportMachine),
  },
  screens: {
    inbox: screen(list, (m) => m.TicketsInboxView),
    ticketOngoing: screen(list, (m) => m.TicketOngoingView),
    ticketHistory: screen(list, (m) => m.TicketHistoryView),
    ticketReport: screen(list, (m) => m.TicketReportView),
  },
  pages: {
    "transcript-inbox": transcript,
    "transcript-ticket-ongoing": transcript,
    "transcript-ticket-history": transcript,
    "transcript-ticket-report": transcript,
  },
  uses: ["workspace", "report-kit", "chat", "media-preview"],
}
