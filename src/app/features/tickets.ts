/** The ticket lists (tickets inbox, ongoing, history, report), each with its transcript drawer. */
import { ticketHistoryMachine, ticketInboxMachine, ticketOngoingMachine, ticketReportMachine } from "../../machines/tickets/ticket-reports"
import { type Feature, screen } from "../feature"

const transcript = () => import("../../machines/workspace/transcript-machine").then((m) => m.transcriptMachine)
const list = () => import("../../views/tickets/TicketListView")

export const tickets: Feature = {
  name: "tickets",
  reports: {
    "report-inbox": ticketInboxMachine,
    "report-ticket-ongoing": ticketOngoingMachine,
    "report-ticket-history": ticketHistoryMachine,
    "report-ticket-report": ticketReportMachine,
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
  uses: ["workspace", "reports", "chat"],
}
