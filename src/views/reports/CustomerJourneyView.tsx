/** /report/customerJourney: each step customers took through the chatbot's menus, on `report-customer-journey`. */
import { useMemo } from "react"
import { type JourneyMeta, journeyColumns } from "../../machines/reports/customer-journey-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { ReportSearch } from "../report-kit/ReportSearch"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useMeta, useT } from "./report-view-hooks"

export const CustomerJourneyView = businessReport("report-customer-journey", ({ actor }) => {
  const t = useT()
  const meta = useMeta<JourneyMeta>(actor)
  const chart = useMemo(
    () => ({
      categories: (meta?.menus ?? []).map((m) => m.menu),
      series: [{ name: t("reportKit.columns.visits"), data: (meta?.menus ?? []).map((m) => m.count) }],
    }),
    [meta, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="customerJourney"
      testId="customer-journey"
      filters={
        <ConversationFilterBar actor={actor} testId="customer-journey">
          <ReportSearch
            actor={actor}
            label={t("reportKit.filters.menu")}
            placeholder={t("reportKit.columns.menu")}
            testId="customer-journey-search"
          />
        </ConversationFilterBar>
      }
      chart={<Chart kind="bar" title={t("reports.charts.menuVisits")} {...chart} testId="customer-journey-chart" />}
      table={
        <ColumnTable actor={actor} columns={journeyColumns} testId="customer-journey-table" rowKey={(r, i) => `${r.number}-${r.dt}-${i}`} />
      }
    />
  )
})
