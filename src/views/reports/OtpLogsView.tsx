/** /apps/otp-logs: the OTP Logs report (spec 000 section 2), on the `report-otp-logs` actor. */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { otpLogsMachine } from "../../machines/reports/otp-logs-report"
import { formatDateTime } from "../../machines/report-kit/format"
import { PageHeader } from "../common/PageHeader"
import { DateRange } from "../report-kit/DateRange"
import { ReportTable } from "../report-kit/ReportFrame"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import "../report-kit/report-kit.css"

type OtpActor = ActorRefFrom<typeof otpLogsMachine>

export const OtpLogsView = () => {
  const { t } = useTranslation()
  const actor = useReportActor<OtpActor>("report-otp-logs")
  const s = useSelector(actor, (snapshot) => snapshot)
  const { context } = s
  useEffect(() => actor.send({ type: "REPORT.OPEN" }), [actor])

  const columns = ["id", "userName", "email", "phone", "otpCode", "dateTime", "provider", "providerEmail"].map((k) => t(`reports.otp.${k}`))
  return (
    <div className="mc-page mc-report" data-testid="otp-logs">
      <PageHeader title={t("routes.otpLogs")} />
      <div className="mc-card mc-report-filters">
        <label className="mc-report-field">
          <span>{t("reports.common.dateRange")}</span>
          <DateRange
            testId="otp-range"
            start={context.filters.startDate}
            end={context.filters.endDate}
            onChange={(startDate, endDate) => {
              actor.send({ type: "FILTER.CHANGE", patch: { startDate, endDate } })
              if (startDate && endDate) actor.send({ type: "FILTER.APPLY" })
            }}
          />
        </label>
        <ReportSearch
          actor={actor}
          draft={context.searchDraft}
          label={t("reports.otp.searchLabel")}
          placeholder={t("reports.otp.searchPlaceholder")}
          testId="otp-search"
        />
      </div>
      <ReportTable
        testId="otp-table"
        columns={columns}
        loading={s.matches({ data: "loading" })}
        empty={context.rows.length === 0}
        emptyText={t("reports.common.noRows")}
        pager={{
          page: context.page,
          pageBase: 1,
          pageSize: context.pageSize,
          total: context.total,
          onPage: (page) => actor.send({ type: "PAGE.SET", page }),
          onPageSize: (size) => actor.send({ type: "PAGE_SIZE.SET", size }),
        }}
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
    </div>
  )
}
