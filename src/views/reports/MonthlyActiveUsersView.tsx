/** /report/monthly-active-users: the customers who wrote in a month, the month's figures and its year, on `report-monthly-active-users`. */
import { useMemo } from "react"
import { useSelector } from "@xstate/react"
import { type MauMeta, type MonthFilters, mauColumns } from "../../machines/reports/monthly-active-users-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { MonthPicker, useMonthName } from "../report-kit/MonthPicker"
import { FilterProblem } from "../report-kit/FilterProblem"
import { ReportFilters } from "../report-kit/ReportFilters"
import { StatCards } from "../report-kit/StatCards"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useFigure, useMeta, useT } from "./report-view-hooks"

export const MonthlyActiveUsersView = businessReport("report-monthly-active-users", ({ actor }) => {
  const t = useT()
  const meta = useMeta<MauMeta>(actor)
  const month = useSelector(actor, (s) => (s.context.draft as MonthFilters).month)
  const figure = useFigure()
  const monthName = useMonthName()
  const chart = useMemo(
    () => ({
      categories: (meta?.year ?? []).map((m) => monthName(m.month)),
      series: [{ name: t("reports.cards.mau"), data: (meta?.year ?? []).map((m) => m.active_users) }],
    }),
    [meta, t, monthName],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="monthlyActiveUsers"
      testId="mau"
      filters={
        <>
          <ReportFilters actor={actor} testId="mau">
            <label className="mc-report-field">
              <span>{t("reportKit.filters.month")}</span>
              <MonthPicker
                value={month}
                onChange={(value) => actor.send({ type: "FILTER.CHANGE", patch: { month: value } })}
                testId="mau-month"
                label={t("reportKit.filters.month")}
              />
            </label>
          </ReportFilters>
          <FilterProblem actor={actor} />
        </>
      }
      cards={
        <StatCards
          testId="mau-cards"
          cards={[
            { key: "mau", label: t("reports.cards.mau"), value: figure("number", meta?.stat.active_users) },
            { key: "conversations", label: t("reportKit.columns.conversations"), value: figure("number", meta?.stat.conversations) },
            { key: "in", label: t("reports.cards.messagesIn"), value: figure("number", meta?.stat.messages_in) },
            { key: "out", label: t("reports.cards.messagesOut"), value: figure("number", meta?.stat.messages_out) },
          ]}
        />
      }
      chart={<Chart kind="bar" title={t("reports.charts.mauByMonth")} {...chart} testId="mau-chart" />}
      table={<ColumnTable actor={actor} columns={mauColumns} testId="mau-table" rowKey={(r) => `${r.number}-${r.channel_type}`} />}
    />
  )
})
