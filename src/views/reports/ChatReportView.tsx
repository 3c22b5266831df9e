/** /report/chat: every conversation of the range, with the range's figures and trend, on `report-chat`. */
import { useMemo } from "react"
import { dayText } from "../../machines/report-kit/columns"
import { type ChatMeta, chatColumns } from "../../machines/reports/chat-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { StatCards } from "../report-kit/StatCards"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useFigure, useMeta, useT } from "./report-view-hooks"

export const ChatReportView = businessReport("report-chat", ({ actor }) => {
  const t = useT()
  const meta = useMeta<ChatMeta>(actor)
  const stats = meta?.stats
  const figure = useFigure()
  const chart = useMemo(
    () => ({
      categories: (stats?.series ?? []).map((d) => dayText(d.date)),
      series: [
        { name: t("reports.cards.started"), data: (stats?.series ?? []).map((d) => d.conversations) },
        { name: t("reports.cards.closed"), data: (stats?.series ?? []).map((d) => d.closed) },
      ],
    }),
    [stats, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="chatReport"
      testId="chat-report"
      filters={<ConversationFilterBar actor={actor} testId="chat-report" channel agent />}
      cards={
        <StatCards
          testId="chat-report-cards"
          cards={[
            { key: "total", label: t("reports.cards.started"), value: figure("number", stats?.total) },
            { key: "closed", label: t("reports.cards.closed"), value: figure("number", stats?.closed) },
            { key: "open", label: t("reports.cards.open"), value: figure("number", stats?.open) },
            { key: "abandoned", label: t("reports.cards.abandoned"), value: figure("number", stats?.abandoned) },
            { key: "firstResponse", label: t("reports.cards.firstResponse"), value: figure("duration", stats?.first_response.avg_seconds) },
            { key: "aht", label: t("reports.cards.aht"), value: figure("duration", stats?.aht.avg_seconds) },
            { key: "resolution", label: t("reports.cards.resolution"), value: figure("duration", stats?.resolution.avg_seconds) },
          ]}
        />
      }
      chart={<Chart kind="bar" title={t("reports.charts.conversationsByDay")} {...chart} testId="chat-report-chart" />}
      table={<ColumnTable actor={actor} columns={chatColumns} testId="chat-report-table" rowKey={(r) => r.conversation_id} />}
    />
  )
})
