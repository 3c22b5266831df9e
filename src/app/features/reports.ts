/**
 * The reports: the paged lists (OTP logs, call history, complain-tickets report) and the range reports with charts
 * (AHT, service level, chat, agents, customer feedback and journey, chat hourly, chatbots, segments, MAU,
 * sub-accounts, template messages, agent average time). The paged lists are kept reports (their filters kept across
 * navigation until the login ends); the range reports are page actors (their defaults on every visit). Both load with
 * their screens, so their machines, like ECharts, stay out of the login bundle. Their strings also hold the report kit's; the chart kit's load with them.
 */
import { type Feature, screen } from "../feature"

export const reports: Feature = {
  name: "reports",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["callRecordings", "chat", "complaints", "dashboard", "otp", "reports"],
  reports: {
    "report-otp-logs": () => import("../../machines/reports/otp-logs-report").then((m) => m.otpLogsMachine),
    "report-call-history": () => import("../../machines/reports/call-history-report").then((m) => m.callHistoryMachine),
    "report-complain-tickets": () => import("../../machines/reports/complaint-tickets-report").then((m) => m.complaintTicketsMachine),
  },
  pages: {
    "report-aht": () => import("../../machines/reports/aht-report").then((m) => m.ahtMachine),
    "report-service-level": () => import("../../machines/reports/service-level-report").then((m) => m.serviceLevelMachine),
    "report-chat": () => import("../../machines/reports/chat-report").then((m) => m.chatReportMachine),
    "report-agent": () => import("../../machines/reports/agent-report").then((m) => m.agentReportMachine),
    "report-customer-feedback": () => import("../../machines/reports/customer-feedback-report").then((m) => m.customerFeedbackMachine),
    "report-customer-journey": () => import("../../machines/reports/customer-journey-report").then((m) => m.customerJourneyMachine),
    "report-chat-hourly": () => import("../../machines/reports/chat-hourly-report").then((m) => m.chatHourlyMachine),
    "report-chatbot-information": () =>
      import("../../machines/reports/chatbot-information-report").then((m) => m.chatbotInformationMachine),
    "report-channel-segments": () => import("../../machines/reports/segments-report").then((m) => m.segmentsMachine),
    "report-monthly-active-users": () =>
      import("../../machines/reports/monthly-active-users-report").then((m) => m.monthlyActiveUsersMachine),
    "report-sub-account": () => import("../../machines/reports/sub-account-report").then((m) => m.subAccountMachine),
    "report-template-messages": () => import("../../machines/reports/template-messages-report").then((m) => m.templateMessagesMachine),
    "report-agent-average-time": () => import("../../machines/reports/agent-report").then((m) => m.agentAverageTimeMachine),
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
    aht: screen(
      () => import("../../views/reports/AhtView"),
      (m) => m.AhtView,
    ),
    serviceLevel: screen(
      () => import("../../views/reports/ServiceLevelView"),
      (m) => m.ServiceLevelView,
    ),
    chatReport: screen(
      () => import("../../views/reports/ChatReportView"),
      (m) => m.ChatReportView,
    ),
    agentReport: screen(
      () => import("../../views/reports/AgentReportView"),
      (m) => m.AgentReportView,
    ),
    customerFeedback: screen(
      () => import("../../views/reports/CustomerFeedbackView"),
      (m) => m.CustomerFeedbackView,
    ),
    customerJourney: screen(
      () => import("../../views/reports/CustomerJourneyView"),
      (m) => m.CustomerJourneyView,
    ),
    chatHourly: screen(
      () => import("../../views/reports/ChatHourlyView"),
      (m) => m.ChatHourlyView,
    ),
    chatbotInformation: screen(
      () => import("../../views/reports/ChatbotInformationView"),
      (m) => m.ChatbotInformationView,
    ),
    segmentsReport: screen(
      () => import("../../views/reports/SegmentsReportView"),
      (m) => m.SegmentsReportView,
    ),
    monthlyActiveUsers: screen(
      () => import("../../views/reports/MonthlyActiveUsersView"),
      (m) => m.MonthlyActiveUsersView,
    ),
    subAccountReport: screen(
      () => import("../../views/reports/SubAccountReportView"),
      (m) => m.SubAccountReportView,
    ),
    templateMessagesReport: screen(
      () => import("../../views/reports/TemplateMessagesView"),
      (m) => m.TemplateMessagesView,
    ),
    agentAverageTime: screen(
      () => import("../../views/reports/AgentReportView"),
      (m) => m.AgentAverageTimeView,
    ),
  },
  strings: {
    en: () => import("../../views/reports/strings").then((m) => ({ reports: m.reportsEn })),
    tr: () => import("../../views/reports/strings.tr").then((m) => ({ reports: m.reportsTr })),
    ar: () => import("../../views/reports/strings.ar").then((m) => ({ reports: m.reportsAr })),
  },
  uses: ["report-kit", "chart-kit", "platform", "media-preview"],
}
