/** /apps/serviceLevel: the share of conversations first answered within T seconds, on `report-service-level`. */
import { useMemo } from "react"
import { useSelector } from "@xstate/react"
import { InputGroup } from "@blueprintjs/core"
import { dayText } from "../../machines/report-kit/columns"
import {
  dayPercent,
  type ServiceLevelFilters,
  type ServiceLevelMeta,
  serviceLevelColumns,
} from "../../machines/reports/service-level-report"
import { Chart } from "../chart-kit/Chart"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { StatCards } from "../report-kit/StatCards"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"
import { useChartFormat, useFigure, useMeta, useT } from "./report-view-hooks"

export const ServiceLevelView = businessReport("report-service-level", ({ actor }) => {
  const t = useT()
  const meta = useMeta<ServiceLevelMeta>(actor)
  const threshold = useSelector(actor, (s) => (s.context.draft as ServiceLevelFilters).threshold)
  const figure = useFigure()
  const format = useChartFormat("percent")
  const chart = useMemo(
    () => ({
      categories: (meta?.series ?? []).map((d) => dayText(d.date)),
      series: [{ name: t("reportKit.columns.serviceLevel"), data: (meta?.series ?? []).map((d) => dayPercent(d) ?? 0) }],
    }),
    [meta, t],
  )
  return (
    <ReportLayout
      actor={actor}
      routeKey="serviceLevel"
      testId="service-level"
      filters={
        <ConversationFilterBar actor={actor} testId="service-level" channel>
          <label className="mc-report-field">
            <span>{t("reportKit.filters.threshold")}</span>
            <InputGroup
              value={threshold}
              inputMode="numeric"
              placeholder={t("reportKit.filters.thresholdDefault")}
              onValueChange={(value) => actor.send({ type: "FILTER.CHANGE", patch: { threshold: value } })}
              data-testid="service-level-threshold"
            />
          </label>
        </ConversationFilterBar>
      }
      cards={
        <StatCards
          testId="service-level-cards"
          cards={[
            { key: "level", label: t("reportKit.columns.serviceLevel"), value: figure("percent", meta?.percent) },
            { key: "threshold", label: t("reports.cards.threshold"), value: figure("duration", meta?.threshold_seconds) },
            { key: "within", label: t("reportKit.columns.answeredWithin"), value: figure("number", meta?.answered_within) },
            { key: "answered", label: t("reportKit.columns.answered"), value: figure("number", meta?.total) },
          ]}
        />
      }
      chart={<Chart kind="line" title={t("reports.charts.serviceLevelByDay")} {...chart} format={format} testId="service-level-chart" />}
      table={<ColumnTable actor={actor} columns={serviceLevelColumns} testId="service-level-table" rowKey={(r) => r.date} />}
    />
  )
})
