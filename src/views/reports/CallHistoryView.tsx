/**
 * /apps/call-history: Call History (spec 000 section 2) on the `report-call-history` actor. Listed only with
 * BACK:whatsapp_calls equal to 1 (the server refuses it too). A person who may listen (BACK:call_recordings) gets a
 * Recording column: a recorded call's row plays it.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, HTMLSelect, NonIdealState, Tooltip } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { type CallRecording, callRecordings } from "../../contract/groups/call-recordings"
import type { CallRecord } from "../../contract/schemas/reports"
import { selectMayListCalls } from "../../machines/acl/acl-selectors"
import type { CallHistoryFilters, callHistoryMachine } from "../../machines/reports/call-history-report"
import { formatDateTime, preview, shortId } from "../../machines/report-kit/format"
import { selectUnpicked } from "../../machines/report-kit/report-selectors"
import { useFormat } from "../common/format"
import { useAclActor } from "../common/actor-context"
import { useMayCall } from "../common/use-may-call"
import { PageHeader } from "../common/PageHeader"
import { MediaPreviewDialog } from "../media-preview/MediaPreviewDialog"
import { DateRange } from "../report-kit/DateRange"
import { ExportButton } from "../report-kit/ExportButton"
import { ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useCopy, useReportActor } from "../report-kit/report-hooks"
import { ReportBusiness } from "./ReportBusiness"
import "../report-kit/report-kit.css"
import "./call-recording.css"
import { CallRecordingPlayer } from "./CallRecordingPlayer"

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
  // Ours, after the spec's columns: how long the customer waited on hold.
  "holdTime",
]
/** Ours too, for those who may listen: the call's recording. */
const RECORDING_COLUMN = "recording"

const RecordingCell = ({ row, recording }: { row: CallRecord; recording: CallRecording | undefined }) => {
  const { t } = useTranslation()
  return (
    <td data-testid="call-recording-cell">
      {recording ? <CallRecordingPlayer url={recording.url} label={t("reports.calls.recordingOf", { number: row.number })} /> : null}
    </td>
  )
}

/** Under the agent: each transfer of the call, oldest first (who sent it where, and who took it or that it came back). */
const Transfers = ({ transfers }: { transfers: CallRecord["transfers"] }) => {
  const { t } = useTranslation()
  if (!transfers?.length) return null
  const who = (username: string | null) => username ?? t("reports.calls.transfer.removedAgent")
  return (
    <ul className="mc-call-transfers" data-testid="call-transfers">
      {transfers.map((transfer, i) => (
        // A call's transfers never reorder: the position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i} data-testid="call-transfer" data-outcome={transfer.outcome}>
          {t(`reports.calls.transfer.${transfer.outcome}`, { from: who(transfer.from), to: transfer.to, by: who(transfer.taken_by) })}
        </li>
      ))}
    </ul>
  )
}

const Row = ({ row, onOpen, recording }: { row: CallRecord; onOpen: () => void; recording?: CallRecording | null }) => {
  const { t } = useTranslation()
  const format = useFormat()
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
            aria-label={t("reportKit.common.copy", { value: row.call_id })}
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
          aria-label={t("reportKit.common.copy", { value: row.number })}
          onClick={() => void copy(row.number)}
          data-testid="copy-number"
        />
      </td>
      <td>{row.call_type === "incoming" ? t("reports.calls.incoming") : t("reports.calls.outgoing")}</td>
      <td className="mc-num">{formatDateTime(row.call_start_time)}</td>
      <td className="mc-num">{formatDateTime(row.call_end_time)}</td>
      <td>{format.duration(row.call_duration)}</td>
      <td>
        {row.username ?? ""}
        <Transfers transfers={row.transfers} />
      </td>
      <td>{format.enumValue("callStatus", row.call_status)}</td>
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
      <td data-testid="call-hold-time">{format.duration(row.hold_seconds ?? 0)}</td>
      {recording === null ? null : <RecordingCell row={row} recording={recording} />}
    </tr>
  )
}

const CallHistory = () => {
  const { t } = useTranslation()
  const actor = useReportActor<CallsActor>("report-call-history", { forBusiness: true })
  const context = useSelector(actor, (s) => s.context)
  const unpicked = useSelector(actor, selectUnpicked)
  const draft: CallHistoryFilters = context.draft
  const mayListen = useMayCall(callRecordings.calls.recordingsOfCalls)
  const columns = mayListen ? [...COLUMNS, RECORDING_COLUMN] : COLUMNS
  const change = (patch: Partial<CallHistoryFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  return (
    <div className="mc-page mc-report" data-testid="call-history">
      <PageHeader
        title={t("routes.callHistory")}
        subtitle={t("reports.subtitles.callHistory")}
        actions={unpicked ? null : <ExportButton actor={actor} text={t("reportKit.common.export")} testId="calls-export" />}
      />
      <ReportBusiness
        actor={actor}
        testId="calls-business"
        filters={
          <ReportFilters actor={actor} testId="calls" buttons="short">
            <DateRange
              testId="calls-range"
              start={draft.startDate}
              end={draft.endDate}
              onChange={(startDate, endDate) => change({ startDate, endDate })}
            />
            <label className="mc-report-field">
              <span>{t("reports.calls.callType")}</span>
              <HTMLSelect
                value={draft.callType}
                data-testid="calls-type"
                onChange={(e) => change({ callType: e.currentTarget.value as CallHistoryFilters["callType"] })}
              >
                <option value="all">{t("reportKit.common.all")}</option>
                <option value="incoming">{t("reports.calls.incoming")}</option>
                <option value="outgoing">{t("reports.calls.outgoing")}</option>
              </HTMLSelect>
            </label>
            <label className="mc-report-field">
              <span>{t("reports.calls.transfers")}</span>
              <HTMLSelect
                value={draft.transfers}
                data-testid="calls-transfers"
                onChange={(e) => change({ transfers: e.currentTarget.value as CallHistoryFilters["transfers"] })}
              >
                <option value="all">{t("reportKit.common.all")}</option>
                <option value="transferred">{t("reports.calls.transferred")}</option>
              </HTMLSelect>
            </label>
          </ReportFilters>
        }
      >
        <ReportTable
          actor={actor}
          testId="calls-table"
          columns={columns.map((k) => t(`reports.calls.${k}`))}
          emptyText={t("reports.calls.noCalls")}
        >
          {context.rows.map((row) => (
            <Row
              key={row.call_id}
              row={row}
              recording={mayListen ? context.meta?.recordings[row.call_id] : null}
              onOpen={() => actor.send({ type: "DETAIL.OPEN", row })}
            />
          ))}
        </ReportTable>
      </ReportBusiness>
      <MediaPreviewDialog message={context.detail?.message ?? null} onClose={() => actor.send({ type: "DETAIL.CLOSE" })} />
    </div>
  )
}

export const CallHistoryView = () => {
  const { t } = useTranslation()
  const allowed = useSelector(useAclActor(), selectMayListCalls)
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
  return <CallHistory />
}
