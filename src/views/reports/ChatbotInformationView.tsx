/** /report/chatbot-Information-oral: each chatbot's runs in the range, on `report-chatbot-information`. */
import { useMemo } from "react"
import { useSelector } from "@xstate/react"
import type { AutoReplyReportRow } from "../../contract/schemas/reports"
import { chatbotColumns } from "../../machines/reports/chatbot-information-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useT } from "./report-view-hooks"

export const ChatbotInformationView = businessReport("report-chatbot-information", ({ actor }) => {
  const t = useT()
  const rows = useSelector(actor, (s) => s.context.rows as readonly AutoReplyReportRow[])
  const chart = useMemo(
    () => ({
      categories: rows.map((r) => r.name),
      series: [
        { name: t("reportKit.columns.triggered"), data: rows.map((r) => r.triggered) },
        { name: t("reportKit.columns.customers"), data: rows.map((r) => r.customers) },
      ],
    }),
    [rows, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="chatbotInformation"
      testId="chatbot-information"
      filters={<ConversationFilterBar actor={actor} testId="chatbot-information" />}
      chart={<Chart kind="bar" title={t("reports.charts.chatbots")} {...chart} testId="chatbot-information-chart" />}
      table={<ColumnTable actor={actor} columns={chatbotColumns} testId="chatbot-information-table" rowKey={(r) => r.autoreply_id} />}
    />
  )
})
