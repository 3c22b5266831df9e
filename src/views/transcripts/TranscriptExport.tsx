/**
 * "Export transcripts" on Overall History: a zip of the conversations of the list's current (applied) filter, as PDF
 * or CSV files; while the server makes it, a progress bar with how many are done; then its download.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { AnchorButton, Button, Callout, Menu, MenuItem, PopoverNext, ProgressBar } from "@blueprintjs/core"
import type { TranscriptFormat } from "../../contract/groups/transcripts"
import type { HistoryFilters } from "../../machines/workspace/conversation-reports"
import { exportFilterOf, transcriptLanguageOf } from "../../machines/transcripts/transcripts-machine"
import { useFailureText } from "../common/failure-text"
import type { TranscriptsRef } from "./use-transcripts"
import "./transcripts.css"

export const TranscriptExport = ({
  actor,
  filters,
  search,
  total,
}: {
  actor: TranscriptsRef
  filters: HistoryFilters
  search: string
  total: number
}) => {
  const { t, i18n } = useTranslation()
  const failureText = useFailureText()
  const s = useSelector(actor, (snapshot) => snapshot)
  const job = s.context.job
  const busy = s.matches({ bulk: "starting" }) || s.matches({ bulk: "tracking" })
  const start = (format: TranscriptFormat) =>
    actor.send({ type: "EXPORT", format, language: transcriptLanguageOf(i18n.language), filter: exportFilterOf(filters, search) })
  return (
    <div className="mc-transcript-export" data-testid="transcript-export">
      <PopoverNext
        placement="bottom-start"
        disabled={busy || total === 0}
        content={
          <Menu>
            <MenuItem icon="document" text={t("transcripts.pdf")} onClick={() => start("pdf")} data-testid="transcript-export-pdf" />
            <MenuItem icon="th" text={t("transcripts.csv")} onClick={() => start("csv")} data-testid="transcript-export-csv" />
          </Menu>
        }
      >
        <Button
          icon="archive"
          text={t("transcripts.export")}
          loading={s.matches({ bulk: "starting" })}
          disabled={busy || total === 0}
          data-testid="transcript-export-start"
        />
      </PopoverNext>
      {job && job.status !== "done" && job.status !== "failed" ? (
        <div className="mc-transcript-progress" data-testid="transcript-export-progress">
          <ProgressBar
            aria-label={t("transcripts.progress", { done: job.done, total: job.total })}
            value={job.total > 0 ? job.done / job.total : 0}
            intent="primary"
            stripes={job.status === "queued"}
          />
          <span className="mc-num">{t("transcripts.progress", { done: job.done, total: job.total })}</span>
        </div>
      ) : null}
      {job?.status === "done" && job.url ? (
        <span className="mc-transcript-ready" data-testid="transcript-export-ready">
          <span>{t("transcripts.ready", { count: job.done })}</span>
          <AnchorButton
            icon="download"
            intent="success"
            href={job.url}
            download={job.file_name ?? undefined}
            text={t("transcripts.downloadZip")}
            data-testid="transcript-export-download"
          />
          <Button variant="minimal" icon="cross" aria-label={t("transcripts.dismiss")} onClick={() => actor.send({ type: "DISMISS" })} />
        </span>
      ) : null}
      {job?.status === "failed" || s.context.exportFailure ? (
        <Callout intent="danger" compact data-testid="transcript-export-failed">
          {t("transcripts.failed", { message: s.context.exportFailure ? failureText(s.context.exportFailure) : (job?.error ?? "") })}
        </Callout>
      ) : null}
    </div>
  )
}
