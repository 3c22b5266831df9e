/** /report/chat-hourly: conversations by weekday and hour as a heat map and a table, on `report-chat-hourly`. */
import { useMemo } from "react"
import { hourText } from "../../machines/report-kit/columns"
import { type HourlyMeta, hourlyColumns, weekdayRows } from "../../machines/reports/chat-hourly-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useMeta, useT } from "./report-view-hooks"

const HOURS = Array.from({ length: 24 }, (_, h) => hourText(h))

export const ChatHourlyView = businessReport("report-chat-hourly", ({ actor }) => {
  const t = useT()
  const meta = useMeta<HourlyMeta>(actor)
  const chart = useMemo(
    () => ({
      categories: HOURS,
      series: weekdayRows(meta?.cells ?? []).map((data, day) => ({ name: t(`reportKit.weekdays.${day}`), data })),
    }),
    [meta, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="chatHourly"
      testId="chat-hourly"
      filters={<ConversationFilterBar actor={actor} testId="chat-hourly" channel />}
      chart={
        <Chart
          kind="heatmap"
          title={t("reports.charts.hourly", { zone: meta?.timeZone ?? "UTC" })}
          categoryLabel={t("reportKit.columns.hour")}
          {...chart}
          height={300}
          testId="chat-hourly-chart"
        />
      }
      table={<ColumnTable actor={actor} columns={hourlyColumns} testId="chat-hourly-table" rowKey={(r) => `${r.weekday}-${r.hour}`} />}
    />
  )
})
