/**
 * The reports: the paged lists (OTP logs, call history, complain-tickets report) and the range reports with charts
 * (AHT, service level, chat, agents, customer feedback and journey, chat hourly, chatbots, segments, MAU,
 * sub-accounts, template messages, agent average time). Their strings also hold the report kit's; the chart kit's
 * load with them (only the report screens draw charts, so ECharts stays out of the login bundle).
 */
import { agentAverageTimeMachine, agentReportMachine } from "../../machines/reports/agent-report"
import { ahtMachine } from "../../machines/reports/aht-report"
import { callHistoryMachine } from "../../machines/reports/call-history-report"
import { chatHourlyMachine } from "../../machines/reports/chat-hourly-report"
import { chatReportMachine } from "../../machines/reports/chat-report"
import { chatbotInformationMachine } from "../../machines/reports/chatbot-information-report"
import { complaintTicketsMachine } from "../../machines/reports/complaint-tickets-report"
import { customerFeedbackMachine } from "../../machines/reports/customer-feedback-report"
import { customerJourneyMachine } from "../../machines/reports/customer-journey-report"
import { monthlyActiveUsersMachine } from "../../machines/reports/monthly-active-users-report"
import { otpLogsMachine } from "../../machines/reports/otp-logs-report"
import { segmentsMachine } from "../../machines/reports/segments-report"
import { serviceLevelMachine } from "../../machines/reports/service-level-report"
import { subAccountMachine } from "../../machines/reports/sub-account-report"
import { templateMessagesMachine } from "../../machines/reports/template-messages-report"
import { type Feature, screen } from "../feature"

export const reports: Feature = {
  name: "reports",
  reports: {
    "report-otp-logs": otpLogsMachine,
    "report-call-history": callHistoryMachine,
    "report-complain-tickets": complaintTicketsMachine,
    "report-aht": ahtMachine,
    "report-service-level": serviceLevelMachine,
    "report-chat": chatReportMachine,
    "report-agent": agentReportMachine,
    "report-customer-feedback": customerFeedbackMachine,
    "report-customer-journey": customerJourneyMachine,
    "report-chat-hourly": chatHourlyMachine,
    "report-chatbot-information": chatbotInformationMachine,
    "report-segments": segmentsMachine,
    "report-monthly-active-users": monthlyActiveUsersMachine,
    "report-sub-account": subAccountMachine,
    "report-template-messages": templateMessagesMachine,
    "report-agent-average-time": agentAverageTimeMachine,
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
    en: () =>
      Promise.all([import("../../views/reports/strings"), import("../../views/chart-kit/strings")]).then(([m, c]) => ({
        reports: m.reportsEn,
        chartKit: c.chartKitEn,
      })),
    tr: () =>
      Promise.all([import("../../views/reports/strings.tr"), import("../../views/chart-kit/strings.tr")]).then(([m, c]) => ({
        reports: m.reportsTr,
        chartKit: c.chartKitTr,
      })),
    ar: () =>
      Promise.all([import("../../views/reports/strings.ar"), import("../../views/chart-kit/strings.ar")]).then(([m, c]) => ({
        reports: m.reportsAr,
        chartKit: c.chartKitAr,
      })),
  },
}
