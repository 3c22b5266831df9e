/**
 * The thirteen report screens' machines, model-based: each configuration's machine is walked by xstate/graph with the
 * events its screen sends (a valid range, an end before the start, a ten-year range, paging, export) and every path
 * is replayed on a real actor whose load and export are scripted.
 */
import type { ReportConfig } from "../report-kit/report-machine"
import { checkReportModel, rangeDrafts } from "../report-kit/report-model.testing"
import { agentAverageTimeConfig, agentReportConfig } from "./agent-report"
import { ahtConfig } from "./aht-report"
import { chatHourlyConfig } from "./chat-hourly-report"
import { chatReportConfig } from "./chat-report"
import { chatbotInformationConfig } from "./chatbot-information-report"
import { customerFeedbackConfig } from "./customer-feedback-report"
import { customerJourneyConfig } from "./customer-journey-report"
import { monthlyActiveUsersConfig } from "./monthly-active-users-report"
import { segmentsConfig } from "./segments-report"
import { serviceLevelConfig } from "./service-level-report"
import { subAccountConfig } from "./sub-account-report"
import { templateMessagesConfig } from "./template-messages-report"

const now = () => new Date("2026-03-15T12:00:00Z")
const rangeReports: [string, ReportConfig<unknown, unknown, unknown>][] = [
  ["aht", ahtConfig(now)],
  ["service level", serviceLevelConfig(now)],
  ["chat", chatReportConfig(now)],
  ["agent report", agentReportConfig(now)],
  ["agent average time", agentAverageTimeConfig(now)],
  ["customer feedback", customerFeedbackConfig(now)],
  ["customer journey", customerJourneyConfig(now)],
  ["chat hourly", chatHourlyConfig(now)],
  ["chatbot information", chatbotInformationConfig(now)],
  ["segments", segmentsConfig(now)],
  ["sub-account", subAccountConfig(now)],
  ["template messages", templateMessagesConfig(now)],
] as never

for (const [name, config] of rangeReports) checkReportModel(name, config, rangeDrafts)

checkReportModel("monthly active users", monthlyActiveUsersConfig(now) as never, [
  { type: "FILTER.CHANGE", patch: { month: "2026-13" } },
  { type: "FILTER.CHANGE", patch: { month: "2026-02" } },
])
