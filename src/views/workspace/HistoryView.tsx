/** /apps/history: Overall History on `report-history`: closed conversations, searched by number, with their transcripts. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { Conversation } from "../../contract/schemas/chat"
import type { HistoryFilters, historyMachine } from "../../machines/workspace/conversation-reports"
import type { TranscriptSource } from "../../machines/workspace/transcript-machine"
import { formatDateTime } from "../../machines/report-kit/format"
import { PageHeader } from "../common/PageHeader"
import { DateRange } from "../report-kit/DateRange"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { AgentSelect, ChannelCell, ChannelSelect, OpenCell, TranscriptDrawer, type TranscriptActor } from "./WorkspaceParts"
import { usePageActor } from "../common/actor-context"
import { TranscriptDownload } from "../transcripts/TranscriptDownload"
import { TranscriptExport } from "../transcripts/TranscriptExport"
import { useTranscripts } from "../transcripts/use-transcripts"
import "../report-kit/report-kit.css"

type HistoryActor = ActorRefFrom<typeof historyMachine>
const COLUMNS = ["customer", "number", "channel", "agent", "lastMessage", "started", "closedAt"]

/** A closed conversation's own messages (by number and closing time); the customer's whole history when it has no closing time. */
export const historySource = (row: Conversation): TranscriptSource =>
  row.closed_at ? { kind: "closed", number: row.number, lastClosed: row.closed_at } : { kind: "conversation", conversationId: row.id }

export const HistoryView = () => {
  const { t } = useTranslation()
  const actor = useReportActor<HistoryActor>("report-history")
  const transcript = usePageActor<TranscriptActor>("transcript-history")
  const transcripts = useTranscripts()
  const context = useSelector(actor, (s) => s.context)
  const draft: HistoryFilters = context.draft
  const change = (patch: Partial<HistoryFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  return (
    <div className="mc-page mc-report" data-testid="ws-history">
      <PageHeader
        title={t("routes.history")}
        subtitle={t("workspace.history.subtitle")}
        actions={
          transcripts ? (
            <TranscriptExport actor={transcripts} filters={context.filters} search={context.search} total={context.total} />
          ) : null
        }
      />
      <ReportFilters actor={actor} testId="history">
        <ReportSearch
          actor={actor}
          label={t("workspace.history.searchLabel")}
          placeholder={t("workspace.history.searchPlaceholder")}
          testId="history-search"
        />
        <DateRange
          testId="history-range"
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => change({ startDate, endDate })}
        />
        <ChannelSelect value={draft.channel} onChange={(channel) => change({ channel })} testId="history-channel" />
        <AgentSelect
          value={draft.agent}
          agents={context.meta?.agents ?? []}
          error={context.meta?.agentsError}
          onChange={(agent) => change({ agent })}
          testId="history-agent"
        />
      </ReportFilters>
      <ReportFailure actor={actor} />
      <ReportTable
        actor={actor}
        testId="history-table"
        columns={COLUMNS.map((k) => t(`workspace.common.${k}`))}
        emptyText={t("workspace.history.noRows")}
      >
        {context.rows.map((row) => (
          <tr key={row.id} data-testid="history-row">
            <OpenCell
              text={row.name ?? row.number}
              disabled={!transcript}
              onOpen={() => transcript?.send({ type: "OPEN", source: historySource(row), title: row.name ?? row.number })}
            />
            <td className="mc-num">{row.number}</td>
            <td>
              <ChannelCell channel={row.channel_type} />
            </td>
            <td>{row.agent_name ?? t("workspace.common.unassigned")}</td>
            <td className="mc-clip" title={row.last_message ?? ""}>
              {row.last_message ?? ""}
            </td>
            <td className="mc-num">{formatDateTime(row.started_at)}</td>
            <td className="mc-num">
              {formatDateTime(row.closed_at)}
              {transcripts ? <TranscriptDownload actor={transcripts} conversationId={row.id} small /> : null}
            </td>
          </tr>
        ))}
      </ReportTable>
      {transcript ? <TranscriptDrawer actor={transcript} /> : null}
    </div>
  )
}
