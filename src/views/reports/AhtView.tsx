/** /apps/aht: average handle time over the range and per day, on `report-aht`. */
import { useMemo } from "react"
import { dayText } from "../../machines/report-kit/columns"
import type { AhtMeta } from "../../machines/reports/aht-report"
import { dayMetricColumns } from "../../machines/reports/aht-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { StatCards } from "../report-kit/StatCards"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useChartFormat, useFigure, useMeta, useT } from "./report-view-hooks"

const columns = dayMetricColumns("AHT")

export const AhtView = businessReport("report-aht", ({ actor }) => {
  const t = useT()
  const meta = useMeta<AhtMeta>(actor)
  const figure = useFigure()
  const format = useChartFormat("duration")
  const chart = useMemo(
    () => ({
      categories: (meta?.series ?? []).map((d) => dayText(d.date)),
      series: [{ name: t("reportKit.columns.average"), data: (meta?.series ?? []).map((d) => d.avg_seconds ?? 0) }],
    }),
    [meta, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="aht"
      testId="aht"
      filters={<ConversationFilterBar actor={actor} testId="aht" channel />}
      cards={
        <StatCards
          testId="aht-cards"
          cards={[
            { key: "aht", label: t("reports.cards.aht"), value: figure("duration", meta?.aht.avg_seconds) },
            { key: "count", label: t("reports.cards.handled"), value: figure("number", meta?.aht.count) },
          ]}
        />
      }
      chart={<Chart kind="line" title={t("reports.charts.ahtByDay")} {...chart} format={format} testId="aht-chart" />}
      table={<ColumnTable actor={actor} columns={columns} testId="aht-table" rowKey={(r) => r.date} />}
    />
  )
})
