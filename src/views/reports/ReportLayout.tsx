/**
 * The page every range report shares: the title with the export, the filter bar, the load failure, the headline
 * cards, the chart and the table. Each report's view fills the parts it has. A super admin picks the business first
 * (the machine's `picks`), in the filter bar's card; until then the page shows nothing else.
 */
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { selectUnpicked } from "../../machines/report-kit/report-selectors"
import { PageHeader } from "../common/PageHeader"
import { ExportButton } from "../report-kit/ExportButton"
import { ReportFailure } from "../report-kit/ReportFrame"
import type { AnyReportActor } from "../report-kit/report-hooks"
import { ReportBusiness } from "./ReportBusiness"
import "../report-kit/report-kit.css"

export const ReportLayout = ({
  actor,
  routeKey,
  testId,
  filters,
  cards,
  chart,
  table,
}: {
  actor: AnyReportActor
  /** The route key: the title the shell already words (`routes.<key>`) and what the page shows (`reports.subtitles.<key>`). */
  routeKey: string
  testId: string
  filters: ReactNode
  cards?: ReactNode
  chart?: ReactNode
  table: ReactNode
}) => {
  const { t } = useTranslation()
  const unpicked = useSelector(actor, selectUnpicked)
  return (
    <div className="mc-page mc-report" data-testid={testId}>
      <PageHeader
        title={t(`routes.${routeKey}`)}
        subtitle={t(`reports.subtitles.${routeKey}`)}
        actions={unpicked ? null : <ExportButton actor={actor} text={t("reportKit.common.export")} testId={`${testId}-export`} />}
      />
      <ReportBusiness actor={actor} testId={`${testId}-business`} filters={filters}>
        <ReportFailure actor={actor} />
        {cards}
        {chart ? <div className="mc-card mc-report-chart">{chart}</div> : null}
        {table}
      </ReportBusiness>
    </div>
  )
}
