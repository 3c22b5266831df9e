/** /apps/otp-logs: the OTP Logs report (spec 000 section 2), on the `report-otp-logs` actor. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { otpLogsMachine } from "../../machines/reports/otp-logs-report"
import { formatDateTime } from "../../machines/report-kit/format"
import { PageHeader } from "../common/PageHeader"
import { DateRange } from "../report-kit/DateRange"
import { ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ReportBusiness } from "./ReportBusiness"
import "../report-kit/report-kit.css"

type OtpActor = ActorRefFrom<typeof otpLogsMachine>

const COLUMNS = ["id", "userName", "email", "phone", "otpCode", "dateTime", "provider", "providerEmail"]

export const OtpLogsView = () => {
  const { t } = useTranslation()
  const actor = useReportActor<OtpActor>("report-otp-logs", { forBusiness: true })
  const context = useSelector(actor, (s) => s.context)
  return (
    <div className="mc-page mc-report" data-testid="otp-logs">
      <PageHeader title={t("routes.otpLogs")} subtitle={t("reports.subtitles.otpLogs")} />
      <ReportBusiness
        actor={actor}
        testId="otp-business"
        filters={
          <ReportFilters actor={actor} testId="otp" buttons="none">
            <DateRange
              testId="otp-range"
              start={context.filters.startDate}
              end={context.filters.endDate}
              onChange={(startDate, endDate) => actor.send({ type: "FILTER.CHANGE", patch: { startDate, endDate } })}
            />
            <ReportSearch
              actor={actor}
              label={t("reports.otp.searchLabel")}
              placeholder={t("reports.otp.searchPlaceholder")}
              testId="otp-search"
            />
          </ReportFilters>
        }
      >
        <ReportTable
          actor={actor}
          testId="otp-table"
          columns={COLUMNS.map((k) => t(`reports.otp.${k}`))}
          emptyText={t("reportKit.common.noRows")}
        >
          {context.rows.map((row) => (
            <tr key={row.id} data-testid="otp-row">
              <td className="mc-num">{row.id}</td>
              <td>{row.username}</td>
              <td>{row.email ?? ""}</td>
              <td className="mc-num">{row.number ?? ""}</td>
              <td className="mc-num">{row.otp_code}</td>
              <td className="mc-num">{formatDateTime(row.dt)}</td>
              <td>{row.provider_name ?? ""}</td>
              <td>{row.provider_email ?? ""}</td>
            </tr>
          ))}
        </ReportTable>
      </ReportBusiness>
    </div>
  )
}
