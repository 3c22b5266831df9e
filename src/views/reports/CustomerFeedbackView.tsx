/** /report/surveyReport (Customer Feedback): survey answers with the filter's CSAT, on `report-customer-feedback`. */
import { useSelector } from "@xstate/react"
import { useMemo } from "react"
import { HTMLSelect } from "@blueprintjs/core"
import { type FeedbackFilters, type FeedbackMeta, feedbackColumns, RATINGS } from "../../machines/reports/customer-feedback-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { StatCards } from "../report-kit/StatCards"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useFigure, useMeta, useT } from "./report-view-hooks"

export const CustomerFeedbackView = businessReport("report-customer-feedback", ({ actor }) => {
  const t = useT()
  const meta = useMeta<FeedbackMeta>(actor)
  const rating = useSelector(actor, (s) => (s.context.draft as FeedbackFilters).rating)
  const figure = useFigure()
  const csat = meta?.csat
  const chart = useMemo(
    () => ({
      categories: RATINGS.map((r) => "★".repeat(r)),
      series: [{ name: t("reports.cards.responses"), data: meta?.ratings ? [...meta.ratings] : RATINGS.map(() => 0) }],
    }),
    [meta, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="customerFeedback"
      testId="customer-feedback"
      filters={
        <ConversationFilterBar actor={actor} testId="customer-feedback" channel agent>
          <label className="mc-report-field">
            <span>{t("reportKit.columns.rating")}</span>
            <HTMLSelect
              value={rating}
              onChange={(e) => actor.send({ type: "FILTER.CHANGE", patch: { rating: e.currentTarget.value } })}
              data-testid="customer-feedback-rating"
            >
              <option value="">{t("reportKit.common.all")}</option>
              {RATINGS.map((r) => (
                <option key={r} value={String(r)}>
                  {"★".repeat(r)}
                </option>
              ))}
            </HTMLSelect>
          </label>
        </ConversationFilterBar>
      }
      cards={
        <StatCards
          testId="customer-feedback-cards"
          cards={[
            { key: "csat", label: t("reports.cards.csat"), value: figure("percent", csat?.percent) },
            { key: "average", label: t("reports.cards.averageRating"), value: figure("number", csat?.average) },
            { key: "responses", label: t("reports.cards.responses"), value: figure("number", csat?.responses) },
            { key: "satisfied", label: t("reports.cards.satisfied"), value: figure("number", csat?.satisfied) },
          ]}
        />
      }
      chart={<Chart kind="bar" title={t("reports.charts.ratings")} {...chart} testId="customer-feedback-chart" />}
      table={
        <ColumnTable
          actor={actor}
          columns={feedbackColumns}
          testId="customer-feedback-table"
          rowKey={(r, i) => `${r.number}-${r.dt}-${i}`}
        />
      }
    />
  )
})
