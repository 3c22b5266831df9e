/**
 * The thirteen report screens' machines, model-based: each configuration's machine is walked by xstate/graph with the
 * events its screen sends (a valid range, an end before the start, a ten-year range, paging, export) and every path
 * is replayed on a real actor whose load and export are scripted.
 */
import { Effect } from "effect"
import { checkModel, type ModelEvent, type Snap } from "../common/model-check.testing"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"
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

const file = { filename: "r.csv", content: "a\r\n", mime: "text/csv" }
const common: ModelEvent[] = [
  { type: "REPORT.OPEN" },
  { type: "FILTER.APPLY" },
  { type: "FILTER.CLEAR" },
  { type: "PAGE.SET", page: 1 },
  { type: "PAGE_SIZE.SET", size: 25 },
  { type: "EXPORT" },
  { type: "EXPORT.SAVED" },
  { type: "xstate.done.actor.load", output: { rows: [{ n: 1 }], total: 30 } },
  { type: "xstate.error.actor.load", error: new Error("400 start_date") },
  { type: "xstate.done.actor.exportFile", output: file },
  { type: "xstate.done.actor.exportFile", output: null },
  { type: "xstate.error.actor.exportFile", error: new Error("500") },
]

const loaded = common[7]
const model = (name: string, config: ReportConfig<unknown, unknown, unknown>, drafts: ModelEvent[]) => {
  const after = { type: `xstate.after.downloadDelay.report-${config.name}.exporting.waiting` }
  checkModel({
    name: `${name} report`,
    machine: createReportMachine({ ...config, downloadDelayMs: 1000, load: () => Effect.succeed({ rows: [], total: 0 }) }),
    sources: ["load", "exportFile"],
    events: [...common, after, ...drafts],
    key: (s: Snap) => [s.value, s.context.invalid, s.context.filters === s.context.draft, s.context.page > 0, s.context.notice !== null],
    view: (s: Snap) => ({
      value: s.value,
      filters: s.context.filters,
      draft: s.context.draft,
      invalid: s.context.invalid,
      page: s.context.page,
      pageSize: s.context.pageSize,
      rows: s.context.rows,
      total: s.context.total,
      error: s.context.error?.message ?? null,
      download: s.context.download?.filename ?? null,
    }),
    states: [
      "data.idle",
      "data.loading",
      "data.ready",
      "data.failed",
      "exporting.idle",
      "exporting.fetching",
      "exporting.waiting",
      "exporting.saving",
    ],
    after: { type: after.type, ms: 1000 },
    stories: [
      [{ type: "REPORT.OPEN" }, loaded, { type: "PAGE.SET", page: 1 }, loaded, { type: "PAGE_SIZE.SET", size: 25 }],
      [{ type: "REPORT.OPEN" }, loaded, drafts[0], { type: "FILTER.APPLY" }, { type: "FILTER.CLEAR" }],
      [{ type: "EXPORT" }, common[11]],
      [{ type: "EXPORT" }, common[9], after, { type: "EXPORT.SAVED" }],
    ],
  })
}

const rangeDrafts: ModelEvent[] = [
  { type: "FILTER.CHANGE", patch: { startDate: "2026-03-10", endDate: "2026-03-01" } },
  { type: "FILTER.CHANGE", patch: { startDate: "2016-03-01", endDate: "2026-03-01" } },
  { type: "FILTER.CHANGE", patch: { startDate: "2026-02-01", endDate: "2026-03-01" } },
]

for (const [name, config] of rangeReports) model(name, config, rangeDrafts)

model("monthly active users", monthlyActiveUsersConfig(now) as never, [
  { type: "FILTER.CHANGE", patch: { month: "2026-13" } },
  { type: "FILTER.CHANGE", patch: { month: "2026-02" } },
])
