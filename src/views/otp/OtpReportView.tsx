/**
 * /apps/optReport: codes sent per day and provider and what became of them (`report-otp`, a range report): the range's
 * totals as cards, a bar chart of them, the table and the CSV export. The figures are the server's (server/features/otp/report.ts).
 */
import { useSelector } from "@xstate/react"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { OtpReportRow } from "../../contract/schemas/otp"
import { OTP_FIGURES, totalsOf } from "../../machines/otp/otp-report"
import { Chart } from "../chart-kit/Chart"
import { useFormat } from "../common/format"
import { PageHeader } from "../common/PageHeader"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { ExportButton } from "../report-kit/ExportButton"
import { businessReport } from "../report-kit/PageReport"
import { ReportBusiness } from "../reports/ReportBusiness"
import { selectUnpicked } from "../../machines/report-kit/report-selectors"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import "../report-kit/report-kit.css"

export const OtpReportView = businessReport("report-otp", ({ actor }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const rows = useSelector(actor, (s) => s.context.rows as readonly OtpReportRow[])
  const totals = useMemo(() => totalsOf(rows), [rows])
  const unpicked = useSelector(actor, selectUnpicked)
  const r = (key: string) => t(`otp.report.${key}`)
  const chart = useMemo(
    () => ({
      categories: OTP_FIGURES.map((key) => t(`otp.report.${key}`)),
      series: [{ name: t("otp.report.totals"), data: OTP_FIGURES.map((key) => totals[key]) }],
    }),
    [totals, t],
  )
  return (
    <div className="mc-page mc-report" data-testid="otp-report">
      <PageHeader
        title={r("title")}
        subtitle={r("subtitle")}
        actions={unpicked ? null : <ExportButton actor={actor} text={t("reportKit.common.export")} testId="otp-report-export" />}
      />
      <ReportBusiness actor={actor} testId="otp-report-business" filters={<ConversationFilterBar actor={actor} testId="otp-report" />}>
        <ReportFailure actor={actor} />
        <div className="mc-card mc-report-chart">
          <Chart kind="bar" title={r("totals")} {...chart} testId="otp-report-chart" />
        </div>
        <ReportTable
          actor={actor}
          testId="otp-report-table"
          columns={[r("date"), r("provider"), ...OTP_FIGURES.map((key) => r(key))]}
          emptyText={r("empty")}
        >
          {rows.map((row) => (
            <tr key={`${row.date}-${row.provider_name}`} data-testid="otp-report-row">
              <td className="mc-num">{format.day(row.date)}</td>
              <td>{row.provider_name ?? "—"}</td>
              {OTP_FIGURES.map((key) => (
                <td key={key} className="mc-num">
                  {row[key]}
                </td>
              ))}
            </tr>
          ))}
        </ReportTable>
      </ReportBusiness>
    </div>
  )
})
