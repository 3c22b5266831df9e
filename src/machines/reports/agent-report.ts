/**
 * Agent Report (`/report/agent-report`, `report-agent`) and Agent Average Time (`/reports/agent-average-time`,
 * `report-agent-average-time`): one row per agent from agent/report and agent/averagetime.
 */
import { Effect, Schema } from "effect"
import { type AgentReportRow, AgentReportRow as AgentReportRowSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { type WithAgents, withAgents } from "../report-kit/agent-choices"
import { type Column, column } from "../report-kit/columns"
import { checkRange, type ConversationFilters, conversationFilters, rangeStem, reportRequestOf } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

const agent = column<AgentReportRow>("agent", "Agent", "text", (r) => r.display_name ?? r.username)
const conversations = column<AgentReportRow>("conversations", "Conversations", "number", (r) => r.conversations)
const firstResponse = column<AgentReportRow>("avgFirstResponse", "Avg First Response", "duration", (r) => r.first_response.avg_seconds)
const handleTime = column<AgentReportRow>("avgHandleTime", "Avg Handle Time (AHT)", "duration", (r) => r.aht.avg_seconds)

/** Share of the agent's answered conversations first answered within the tenant's threshold; null when none. */
export const agentServiceLevel = (r: AgentReportRow): number | null => (r.answered === 0 ? null : (100 * r.answered_within) / r.answered)

export const agentReportColumns: readonly Column<AgentReportRow>[] = [
  agent,
  column("online", "Online", "flag", (r) => (r.online ? 1 : 0)),
  conversations,
  column("closed", "Closed", "number", (r) => r.closed),
  column("messagesSent", "Messages Sent", "number", (r) => r.messages_sent),
  firstResponse,
  handleTime,
  column("serviceLevel", "Service Level", "percent", agentServiceLevel),
]

export const agentAverageTimeColumns: readonly Column<AgentReportRow>[] = [agent, conversations, firstResponse, handleTime]

type AgentCall = "agentReport" | "agentAveragetime"

const agentTable = (name: string, call: AgentCall, columns: readonly Column<AgentReportRow>[], stem: string, now: () => Date) =>
  tableReport<AgentReportRow, ConversationFilters, WithAgents<object>>({
    name,
    columns,
    isRow: Schema.is(AgentReportRowSchema),
    defaultFilters: () => conversationFilters(7, now()),
    check: checkRange,
    now,
    load: (query) =>
      withAgents(
        query,
        Effect.gen(function* () {
          const api = yield* Api
          const body = yield* api.call("reports", call, {
            ...reportRequestOf(query.filters, query.page, query.pageSize),
            ...businessOf(query),
          })
          return pageOf(body, {})
        }),
      ),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: call,
        payload: { ...reportRequestOf(query.filters, 0, EXPORT_ALL), ...businessOf(query) },
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem(stem),
  })

export const agentReportConfig = (now: () => Date = () => new Date()) =>
  agentTable("agent", "agentReport", agentReportColumns, "agent_report", now)
export const agentAverageTimeConfig = (now: () => Date = () => new Date()) =>
  agentTable("agent-average-time", "agentAveragetime", agentAverageTimeColumns, "agent_average_time", now)

export const agentReportMachine = createReportMachine(agentReportConfig())
export const agentAverageTimeMachine = createReportMachine(agentAverageTimeConfig())
