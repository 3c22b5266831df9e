/** /report/template-messages-report: templates sent in the range and their cost, on `report-template-messages`. */
import { useMemo } from "react"
import { type TemplateMessagesMeta, templateColumns } from "../../machines/reports/template-messages-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useMeta, useT } from "./report-view-hooks"

export const TemplateMessagesView = businessReport("report-template-messages", ({ actor }) => {
  const t = useT()
  const meta = useMeta<TemplateMessagesMeta>(actor)
  const chart = useMemo(
    () => ({
      categories: (meta?.all ?? []).map((r) => r.template_name),
      series: [{ name: t("reportKit.columns.sent"), data: (meta?.all ?? []).map((r) => r.count) }],
    }),
    [meta, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="templateMessagesReport"
      testId="template-messages"
      filters={<ConversationFilterBar actor={actor} testId="template-messages" />}
      chart={<Chart kind="bar" title={t("reports.charts.templates")} {...chart} testId="template-messages-chart" />}
      table={
        <ColumnTable
          actor={actor}
          columns={templateColumns}
          testId="template-messages-table"
          rowKey={(r) => `${r.template_name}-${r.category}`}
        />
      }
    />
  )
})
