/**
 * The SMS report (`/sms-report`, kept report `report-sms`, machines/sms/sms-report.ts): days, status, sender name and
 * number filters, the counts by status as cards, the paged table and the streamed CSV export.
 */
import { HTMLSelect, InputGroup } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { SmsMessage, SmsStatusCounts } from "../../contract/schemas/sms"
import { SMS_STATUSES, type SmsReportFilters, smsColumns } from "../../machines/sms/sms-report"
import { PageHeader } from "../common/PageHeader"
import { isNumeric, useCellText } from "../report-kit/cell-text"
import { DateRange } from "../report-kit/DateRange"
import { ExportButton } from "../report-kit/ExportButton"
import { FilterProblem } from "../report-kit/FilterProblem"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { type AnyReportActor, useReportActor } from "../report-kit/report-hooks"
import { StatCards } from "../report-kit/StatCards"
import "../report-kit/report-kit.css"
import "./sms.css"

export const SmsReportView = () => {
  const { t } = useTranslation()
  const text = useCellText()
  const actor = useReportActor<AnyReportActor>("report-sms")
  const draft = useSelector(actor, (s) => s.context.draft as SmsReportFilters)
  const rows = useSelector(actor, (s) => s.context.rows as readonly SmsMessage[])
  const counts = useSelector(actor, (s) => s.context.meta as SmsStatusCounts | null | undefined)
  const change = (patch: Partial<SmsReportFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  return (
    <div className="mc-page mc-report" data-testid="sms-report-page">
      <PageHeader
        title={t("sms.report.title")}
        subtitle={t("sms.report.subtitle")}
        actions={<ExportButton actor={actor} text={t("sms.report.export")} testId="sms-report-export" />}
      />
      <ReportFilters actor={actor} testId="sms-report-filters">
        <DateRange
          reversed
          testId="sms-report-range"
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => change({ startDate, endDate })}
        />
        <label className="mc-report-field">
          <span>{t("sms.report.status")}</span>
          <HTMLSelect
            value={draft.status}
            onChange={(e) => change({ status: e.currentTarget.value as SmsReportFilters["status"] })}
            data-testid="sms-report-status"
          >
            <option value="">{t("sms.report.all")}</option>
            {SMS_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`sms.send.statuses.${s}`)}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label className="mc-report-field">
          <span>{t("sms.report.mask")}</span>
          <InputGroup value={draft.mask} onChange={(e) => change({ mask: e.currentTarget.value })} data-testid="sms-report-mask" />
        </label>
        <label className="mc-report-field">
          <span>{t("sms.report.number")}</span>
          <InputGroup
            dir="ltr"
            placeholder={t("sms.report.numberHint")}
            value={draft.number}
            onChange={(e) => change({ number: e.currentTarget.value })}
            data-testid="sms-report-number"
          />
        </label>
      </ReportFilters>
      <FilterProblem actor={actor} />
      {counts ? (
        <StatCards
          testId="sms-report-cards"
          cards={SMS_STATUSES.map((s) => ({ key: s, label: t(`sms.send.statuses.${s}`), value: String(counts[s]) }))}
        />
      ) : null}
      <ReportFailure actor={actor} />
      <ReportTable
        actor={actor}
        testId="sms-report-table"
        columns={smsColumns.map((c) => t(`sms.report.columns.${c.key}`))}
        emptyText={t("sms.report.empty")}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="sms-row" data-status={row.status}>
            {smsColumns.map((c) => {
              const value = c.value(row)
              const shown =
                c.key === "status" ? t(`sms.send.statuses.${row.status}`) : c.key === "cost" ? row.cost.toFixed(4) : text(c.kind, value)
              return (
                <td
                  key={c.key}
                  className={isNumeric(c.kind) ? "mc-num" : undefined}
                  data-col={c.key}
                  dir={c.kind === "phone" ? "ltr" : c.key === "text" ? "auto" : undefined}
                >
                  {shown}
                </td>
              )
            })}
          </tr>
        ))}
      </ReportTable>
    </div>
  )
}
