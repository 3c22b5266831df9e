/**
 * /apps/call-history: Call History (spec 000 section 2) on the `report-call-history` actor. Listed only with
 * BACK:whatsapp_calls equal to 1 (the server refuses it too).
 */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, HTMLSelect, NonIdealState, Tooltip } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { WHATSAPP_CALLS } from "../../contract/permissions"
import type { CallRecord } from "../../contract/schemas/reports"
import { hasBackPermission } from "../../machines/acl/acl-machine"
import { todayFilters, type CallHistoryFilters, type callHistoryMachine } from "../../machines/reports/call-history-report"
import { durationParts, formatDateTime, preview, shortId } from "../../machines/report-kit/format"
import { useAclActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { MediaPreviewDialog } from "../common/MediaPreviewDialog"
import { DateRange } from "../report-kit/DateRange"
import { ReportTable } from "../report-kit/ReportFrame"
import { useCopy, useExportEffects, useReportActor, type AnyReportActor } from "../report-kit/report-hooks"
import "../report-kit/report-kit.css"

type CallsActor = ActorRefFrom<typeof callHistoryMachine>

const COLUMNS = [
  "callId",
  "name",
  "number",
  "callType",
  "startTime",
  "endTime",
  "duration",
  "acceptedBy",
  "status",
  "blocks",
  "dateTime",
  "message",
]

const Duration = ({ seconds }: { seconds: number }) => {
  const { t } = useTranslation()
  const p = durationParts(seconds)
  return <>{p.short ? t("reports.calls.seconds", { s: p.s }) : t("reports.calls.hms", { h: p.h, m: p.m, s: p.s })}</>
}

const Row = ({ row, onOpen }: { row: CallRecord; onOpen: () => void }) => {
  const { t } = useTranslation()
  const copy = useCopy()
  const text = row.message?.message_type === "text" ? (row.message.message_body ?? "") : (row.message?.message_type ?? "")
  return (
    <tr data-testid="call-row">
      <td>
        <Tooltip content={row.call_id}>
          <Button
            variant="minimal"
            size="small"
            className="mc-copy mc-num"
            text={shortId(row.call_id)}
            aria-label={t("reports.common.copy", { value: row.call_id })}
            onClick={() => void copy(row.call_id)}
            data-testid="copy-call-id"
          />
        </Tooltip>
      </td>
      <td>{row.name ?? ""}</td>
      <td>
        <Button
          variant="minimal"
          size="small"
          className="mc-copy mc-num"
          text={row.number}
          aria-label={t("reports.common.copy", { value: row.number })}
          onClick={() => void copy(row.number)}
          data-testid="copy-number"
        />
      </td>
      <td>{row.call_type === "incoming" ? t("reports.calls.incoming") : t("reports.calls.outgoing")}</td>
      <td className="mc-num">{formatDateTime(row.call_start_time)}</td>
      <td className="mc-num">{formatDateTime(row.call_end_time)}</td>
      <td className="mc-num">
        <Duration seconds={row.call_duration} />
      </td>
      <td>{row.username ?? ""}</td>
      <td>{row.call_status}</td>
      <td className="mc-num">{row.blocks}</td>
      <td className="mc-num">{formatDateTime(row.dt)}</td>
      <td>
        {row.message ? (
          <Tooltip content={<span data-testid="message-preview">{preview(text)}</span>}>
            <Button
              variant="minimal"
              size="small"
              icon="comment"
              text={t("reports.calls.view")}
              onClick={onOpen}
              data-testid="open-message"
            />
          </Tooltip>
        ) : null}
      </td>
    </tr>
  )
}

const CallHistory = ({ actor }: { actor: CallsActor }) => {
  const { t } = useTranslation()
  const s = useSelector(actor, (snapshot) => snapshot)
  const { context } = s
  useExportEffects(actor as unknown as AnyReportActor)
  useEffect(() => actor.send({ type: "REPORT.OPEN" }), [actor])
  const draft: CallHistoryFilters = context.draft
  return (
    <div className="mc-page mc-report" data-testid="call-history">
      <PageHeader
        title={t("routes.callHistory")}
        actions={
          <Button
            icon="download"
            text={t("reports.common.export")}
            loading={!s.matches({ exporting: "idle" })}
            onClick={() => actor.send({ type: "EXPORT" })}
            data-testid="calls-export"
          />
        }
      />
      <div className="mc-card mc-report-filters">
        <label className="mc-report-field">
          <span>{t("reports.common.dateRange")}</span>
          <DateRange
            testId="calls-range"
            start={draft.startDate}
            end={draft.endDate}
            onChange={(startDate, endDate) => {
              // Clearing the range puts it back to today (UTC).
              const today = todayFilters()
              actor.send({
                type: "FILTER.CHANGE",
                patch:
                  startDate || endDate
                    ? { startDate: startDate || endDate, endDate: endDate || startDate }
                    : { startDate: today.startDate, endDate: today.endDate },
              })
            }}
          />
        </label>
        <label className="mc-report-field">
          <span>{t("reports.calls.callType")}</span>
          <HTMLSelect
            value={draft.callType}
            data-testid="calls-type"
            onChange={(e) =>
              actor.send({
                type: "FILTER.CHANGE",
                patch: { callType: e.currentTarget.value as CallHistoryFilters["callType"] },
              })
            }
          >
            <option value="all">{t("reports.common.all")}</option>
            <option value="incoming">{t("reports.calls.incoming")}</option>
            <option value="outgoing">{t("reports.calls.outgoing")}</option>
          </HTMLSelect>
        </label>
        <Button
          intent="primary"
          text={t("reports.common.apply")}
          onClick={() => actor.send({ type: "FILTER.APPLY" })}
          data-testid="calls-apply"
        />
        <Button text={t("reports.common.clear")} onClick={() => actor.send({ type: "FILTER.CLEAR" })} data-testid="calls-clear" />
      </div>
      <ReportTable
        testId="calls-table"
        columns={COLUMNS.map((k) => t(`reports.calls.${k}`))}
        loading={s.matches({ data: "loading" })}
        empty={context.rows.length === 0}
        emptyText={t("reports.calls.noCalls")}
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
          <Row key={row.call_id} row={row} onOpen={() => actor.send({ type: "DETAIL.OPEN", row })} />
        ))}
      </ReportTable>
      <MediaPreviewDialog message={context.detail?.message ?? null} onClose={() => actor.send({ type: "DETAIL.CLOSE" })} />
    </div>
  )
}

export const CallHistoryView = () => {
  const { t } = useTranslation()
  const actor = useReportActor<CallsActor>("report-call-history")
  const allowed = useSelector(useAclActor(), (s) => hasBackPermission(s.context.backAcl, WHATSAPP_CALLS))
  if (!allowed) {
    return (
      <div className="mc-page" data-testid="call-history-denied">
        <PageHeader title={t("routes.callHistory")} />
        <div className="mc-card">
          <NonIdealState icon="disable" title={t("reports.calls.noPermission")} />
        </div>
      </div>
    )
  }
  return <CallHistory actor={actor} />
}
