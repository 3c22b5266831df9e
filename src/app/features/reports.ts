/** The paged reports: OTP logs, call history, complain-tickets report. Their strings also hold the report kit's. */
import { callHistoryMachine } from "../../machines/reports/call-history-report"
import { complaintTicketsMachine } from "../../machines/reports/complaint-tickets-report"
import { otpLogsMachine } from "../../machines/reports/otp-logs-report"
import { type Feature, screen } from "../feature"

export const reports: Feature = {
  name: "reports",
  reports: {
    "report-otp-logs": otpLogsMachine,
    "report-call-history": callHistoryMachine,
    "report-complain-tickets": complaintTicketsMachine,
  },
  screens: {
    otpLogs: screen(
      () => import("../../views/reports/OtpLogsView"),
      (m) => m.OtpLogsView,
    ),
    callHistory: screen(
      () => import("../../views/reports/CallHistoryView"),
      (m) => m.CallHistoryView,
    ),
    complainTicketsReport: screen(
      () => import("../../views/reports/ComplainTicketsReportView"),
      (m) => m.ComplainTicketsReportView,
    ),
  },
  strings: {
    en: () => import("../../views/reports/strings").then((m) => ({ reports: m.reportsEn })),
    tr: () => import("../../views/reports/strings.tr").then((m) => ({ reports: m.reportsTr })),
    ar: () => import("../../views/reports/strings.ar").then((m) => ({ reports: m.reportsAr })),
  },
}
