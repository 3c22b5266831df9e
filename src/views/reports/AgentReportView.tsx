/**
 * /report/agent-report (`report-agent`) and /reports/agent-average-time (`report-agent-average-time`): one row per
 * agent, with a chart of the page's agents.
 */
import { useMemo } from "react"
import { useSelector } from "@xstate/react"
import type { AgentReportRow } from "../../contract/schemas/reports"
import type { Column } from "../../machines/report-kit/columns"
import { agentAverageTimeColumns, agentReportColumns } from "../../machines/reports/agent-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { businessReport } from "../report-kit/PageReport"
import type { AnyReportActor } from "../report-kit/report-hooks"
import { ReportLayout } from "./ReportLayout"
import { useChartFormat, useT } from "./report-view-hooks"

const AgentTable = ({
  actor,
  routeKey,
  testId,
  columns,
  times,
}: {
  actor: AnyReportActor
  routeKey: string
  testId: string
  columns: readonly Column<AgentReportRow>[]
  /** Chart the average times (seconds) rather than the conversation counts. */
  times: boolean
}) => {
  const t = useT()
  const rows = useSelector(actor, (s) => s.context.rows as readonly AgentReportRow[])
  const duration = useChartFormat("duration")
  const chart = useMemo(
    () => ({
      categories: rows.map((r) => r.display_name ?? r.username),
      series: times
        ? [
            { name: t("reportKit.columns.avgFirstResponse"), data: rows.map((r) => r.first_response.avg_seconds ?? 0) },
            { name: t("reportKit.columns.avgHandleTime"), data: rows.map((r) => r.aht.avg_seconds ?? 0) },
          ]
        : [
            { name: t("reportKit.columns.conversations"), data: rows.map((r) => r.conversations) },
            { name: t("reportKit.columns.closed"), data: rows.map((r) => r.closed) },
          ],
    }),
    [rows, times, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey={routeKey}
      testId={testId}
      filters={<ConversationFilterBar actor={actor} testId={testId} channel agent />}
      chart={
        <Chart
          kind="bar"
          title={t(times ? "reports.charts.agentTimes" : "reports.charts.agentConversations")}
          {...chart}
          {...(times ? { format: duration } : {})}
          testId={`${testId}-chart`}
        />
      }
      table={<ColumnTable actor={actor} columns={columns} testId={`${testId}-table`} rowKey={(r) => r.agent_id} />}
    />
  )
}

export const AgentReportView = businessReport("report-agent", ({ actor }) => (
  <AgentTable actor={actor} routeKey="agentReport" testId="agent-report" columns={agentReportColumns} times={false} />
))

export const AgentAverageTimeView = businessReport("report-agent-average-time", ({ actor }) => (
  <AgentTable actor={actor} routeKey="agentAverageTime" testId="agent-average-time" columns={agentAverageTimeColumns} times />
))
