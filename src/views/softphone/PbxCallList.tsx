/**
 * The PBX call records under the softphone (machines/softphone/pbx-calls-report.ts, page actor `pbx-calls`): the
 * range, direction and outcome filters, the table with a refresh and the CSV export; a person who may listen
 * (BACK:call_recordings) gets a Recording column, where a recorded call's row plays it. Thin: the actor does the work.
 */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, HTMLSelect } from "@blueprintjs/core"
import {
  PBX_DIRECTIONS,
  PBX_OUTCOMES,
  type PbxCallFilters,
  type PbxCallsMeta,
  partyOf,
  pbxCallColumns,
} from "../../machines/softphone/pbx-calls-report"
import { callRecordings } from "../../contract/groups/call-recordings"
import type { PbxCall } from "../../contract/schemas/pbx"
import { usePageActor } from "../common/actor-context"
import { isNumeric, useCellText } from "../report-kit/cell-text"
import { DateRange } from "../report-kit/DateRange"
import { ExportButton } from "../report-kit/ExportButton"
import { FilterProblem } from "../report-kit/FilterProblem"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import type { AnyReportActor } from "../report-kit/report-hooks"
import { useMayCall } from "../common/use-may-call"
import { CallRecordingPlayer } from "../reports/CallRecordingPlayer"
import "../report-kit/report-kit.css"

/** The call's recording, played in its row; the label names the other party of the one who listens. */
const RecordingCell = ({ row, url }: { row: PbxCall; url: string | undefined }) => {
  const { t } = useTranslation()
  const party = row.direction === "outbound" ? partyOf(row.callee, row.callee_name) : partyOf(row.caller, row.caller_name)
  return (
    <td data-testid="call-recording-cell">
      {url ? <CallRecordingPlayer url={url} label={t("pbx.calls.recordingOf", { party })} /> : null}
    </td>
  )
}

const CallTable = ({ actor }: { actor: AnyReportActor }) => {
  const { t } = useTranslation()
  const text = useCellText()
  const rows = useSelector(actor, (s) => s.context.rows as readonly PbxCall[])
  const recordings = useSelector(actor, (s) => (s.context.meta as PbxCallsMeta | undefined)?.recordings)
  const mayListen = useMayCall(callRecordings.calls.recordingsOfCalls)
  const headers = pbxCallColumns.map((c) => t(`pbx.calls.columns.${c.key}`))
  return (
    <ReportTable
      actor={actor}
      testId="pbx-call-table"
      columns={mayListen ? [...headers, t("pbx.calls.columns.recording")] : headers}
      emptyText={t("pbx.calls.empty")}
    >
      {rows.map((row) => (
        <tr key={row.id} data-testid="pbx-call-row" data-outcome={row.outcome}>
          {pbxCallColumns.map((c) => {
            const value = c.value(row)
            const shown =
              c.key === "direction"
                ? t(`pbx.calls.directions.${row.direction}`)
                : c.key === "outcome"
                  ? t(`pbx.calls.outcomes.${row.outcome}`)
                  : text(c.kind, value)
            return (
              <td
                key={c.key}
                className={isNumeric(c.kind) ? "mc-num" : undefined}
                data-col={c.key}
                dir={c.kind === "phone" ? "ltr" : undefined}
              >
                {shown}
              </td>
            )
          })}
          {mayListen ? <RecordingCell row={row} url={recordings?.[row.call_id]?.url} /> : null}
        </tr>
      ))}
    </ReportTable>
  )
}

export const PbxCallList = () => {
  const actor = usePageActor<AnyReportActor>("pbx-calls")
  useEffect(() => actor?.send({ type: "REPORT.OPEN" }), [actor])
  return actor ? <CallList actor={actor} /> : null
}

const CallList = ({ actor }: { actor: AnyReportActor }) => {
  const { t } = useTranslation()
  const draft = useSelector(actor, (s) => s.context.draft as PbxCallFilters)
  const change = (patch: Partial<PbxCallFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  return (
    <section className="mc-report mc-pbx-calls" data-testid="pbx-call-list" aria-label={t("pbx.calls.title")}>
      <div className="mc-pbx-calls-head">
        <h2>{t("pbx.calls.title")}</h2>
        <div className="mc-pbx-calls-actions">
          <Button
            icon="refresh"
            text={t("pbx.calls.refresh")}
            onClick={() => actor.send({ type: "REPORT.RELOAD" })}
            data-testid="pbx-calls-refresh"
          />
          <ExportButton actor={actor} text={t("pbx.calls.export")} testId="pbx-calls-export" />
        </div>
      </div>
      <ReportFilters actor={actor} testId="pbx-calls">
        <DateRange
          reversed
          testId="pbx-calls-range"
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => change({ startDate, endDate })}
        />
        <label className="mc-report-field">
          <span>{t("pbx.calls.direction")}</span>
          <HTMLSelect
            value={draft.direction}
            onChange={(e) => change({ direction: e.currentTarget.value as PbxCallFilters["direction"] })}
            data-testid="pbx-calls-direction"
          >
            <option value="">{t("pbx.calls.all")}</option>
            {PBX_DIRECTIONS.map((d) => (
              <option key={d} value={d}>
                {t(`pbx.calls.directions.${d}`)}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label className="mc-report-field">
          <span>{t("pbx.calls.outcome")}</span>
          <HTMLSelect
            value={draft.outcome}
            onChange={(e) => change({ outcome: e.currentTarget.value as PbxCallFilters["outcome"] })}
            data-testid="pbx-calls-outcome"
          >
            <option value="">{t("pbx.calls.all")}</option>
            {PBX_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t(`pbx.calls.outcomes.${o}`)}
              </option>
            ))}
          </HTMLSelect>
        </label>
      </ReportFilters>
      <FilterProblem actor={actor} />
      <ReportFailure actor={actor} />
      <CallTable actor={actor} />
    </section>
  )
}
