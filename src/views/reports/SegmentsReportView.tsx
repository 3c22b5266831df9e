/** /reports/segments: the range's conversations by channel, on `report-channel-segments`. */
import { useMemo } from "react"
import { type SegmentsMeta, segmentColumns } from "../../machines/reports/segments-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { StatCards } from "../report-kit/StatCards"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useFigure, useMeta, useT } from "./report-view-hooks"

export const SegmentsReportView = businessReport("report-channel-segments", ({ actor }) => {
  const t = useT()
  const meta = useMeta<SegmentsMeta>(actor)
  const figure = useFigure()
  const chart = useMemo(
    () => ({
      categories: (meta?.byChannel ?? []).map((c) => t(`reportKit.channels.${c.channel_type}`)),
      series: [{ name: t("reportKit.columns.conversations"), data: (meta?.byChannel ?? []).map((c) => c.count) }],
    }),
    [meta, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="segmentsReport"
      testId="segments-report"
      filters={<ConversationFilterBar actor={actor} testId="segments-report" />}
      cards={
        <StatCards
          testId="segments-cards"
          cards={[{ key: "total", label: t("reports.cards.started"), value: figure("number", meta?.total) }]}
        />
      }
      chart={<Chart kind="pie" title={t("reports.charts.byChannel")} {...chart} testId="segments-chart" />}
      table={<ColumnTable actor={actor} columns={segmentColumns} testId="segments-report-table" rowKey={(r) => r.channel_type} />}
    />
  )
})
