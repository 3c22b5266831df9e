/** /apps/ongoing: Ongoing Chats on `report-ongoing`: conversations in progress, agents' loads, read-only transcripts. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, HTMLSelect, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import {
  agentToggled,
  CONVERSATION_STATUSES,
  loadOf,
  ONGOING_CAP,
  type OngoingFilters,
  type OngoingMeta,
  type ongoingMachine,
} from "../../machines/workspace/conversation-reports"
import { formatDateTime } from "../../machines/report-kit/format"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { AgentSelect, ChannelCell, ChannelSelect, Field, OpenCell, TranscriptDrawer, type TranscriptActor } from "./WorkspaceParts"
import { usePageActor } from "../common/actor-context"
import "../report-kit/report-kit.css"

type OngoingActor = ActorRefFrom<typeof ongoingMachine>
const COLUMNS = ["customer", "number", "channel", "status", "agent", "lastMessage", "started", "unread"]

/** "3 of 5 chats", or, above the cap, how far above it in a warning colour. */
const AgentLoadTag = ({ load }: { load: ReturnType<typeof loadOf> }) => {
  const { t } = useTranslation()
  return load.over > 0 ? (
    <Tag minimal intent="warning" className="mc-num" data-testid="ongoing-agent-over">
      {t("workspace.ongoing.overCap", load)}
    </Tag>
  ) : (
    <Tag minimal className="mc-num">
      {t("workspace.ongoing.load", load)}
    </Tag>
  )
}

/** The agents' loads; pressing one filters the list by that agent (again: every agent). */
const AgentLoads = ({ actor, meta, agent }: { actor: OngoingActor; meta: OngoingMeta | undefined; agent: string }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  return (
    <section className="mc-card mc-ws-agents" data-testid="ongoing-agents" aria-label={t("workspace.ongoing.agents")}>
      <h2>{t("workspace.ongoing.agents")}</h2>
      {meta?.agentsError ? (
        <Callout intent="warning">{t("workspace.common.agentsUnavailable", { message: failureText(meta.agentsError) })}</Callout>
      ) : null}
      <div className="mc-ws-counts">
        {(meta?.agents ?? []).map((a) => (
          <Button
            key={a.id}
            variant="outlined"
            size="small"
            active={agent === String(a.id)}
            data-testid="ongoing-agent-load"
            onClick={() => {
              actor.send({ type: "FILTER.CHANGE", patch: { agent: agentToggled(agent, a.id) } })
              actor.send({ type: "FILTER.APPLY" })
            }}
          >
            <span className="mc-ws-agent">
              <span className="mc-ws-agent-name">
                {a.online ? (
                  <span className="mc-ws-dot" data-online role="img" aria-label={t("workspace.ongoing.online")} />
                ) : (
                  <span className="mc-ws-dot" data-online={false} aria-hidden />
                )}
                {a.display_name ?? a.username}
              </span>
              <AgentLoadTag load={loadOf(a)} />
            </span>
          </Button>
        ))}
      </div>
    </section>
  )
}

export const OngoingView = () => {
  const { t } = useTranslation()
  const actor = useReportActor<OngoingActor>("report-ongoing")
  const transcript = usePageActor<TranscriptActor>("transcript-ongoing")
  const context = useSelector(actor, (s) => s.context)
  const draft: OngoingFilters = context.draft
  const change = (patch: Partial<OngoingFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  const meta = context.meta
  return (
    <div className="mc-page mc-report" data-testid="ws-ongoing">
      <PageHeader
        title={t("routes.ongoing")}
        subtitle={t("workspace.ongoing.subtitle")}
        actions={
          <Button
            icon="refresh"
            text={t("workspace.common.refresh")}
            onClick={() => actor.send({ type: "REPORT.RELOAD" })}
            data-testid="ongoing-refresh"
          />
        }
      />
      <ReportFilters actor={actor} testId="ongoing">
        <ReportSearch
          actor={actor}
          label={t("workspace.ongoing.searchLabel")}
          placeholder={t("workspace.ongoing.searchPlaceholder")}
          testId="ongoing-search"
        />
        <ChannelSelect value={draft.channel} onChange={(channel) => change({ channel })} testId="ongoing-channel" />
        <Field label={t("workspace.common.status")}>
          <HTMLSelect value={draft.status} onChange={(e) => change({ status: e.currentTarget.value })} data-testid="ongoing-status">
            <option value="">{t("workspace.common.all")}</option>
            {CONVERSATION_STATUSES.map((st) => (
              <option key={st} value={st}>
                {t(`workspace.conversationStatus.${st}`)}
              </option>
            ))}
          </HTMLSelect>
        </Field>
        <AgentSelect
          value={draft.agent}
          agents={meta?.agents ?? []}
          error={meta?.agentsError}
          onChange={(agent) => change({ agent })}
          testId="ongoing-agent"
        />
      </ReportFilters>
      <ReportFailure actor={actor} />
      {meta?.capped ? (
        <Callout intent="primary" data-testid="ongoing-capped">
          {t("workspace.ongoing.capped", { count: ONGOING_CAP })}
        </Callout>
      ) : null}
      <AgentLoads actor={actor} meta={meta} agent={context.filters.agent} />
      <ReportTable
        actor={actor}
        testId="ongoing-table"
        columns={COLUMNS.map((k) => t(`workspace.common.${k}`))}
        emptyText={t("workspace.ongoing.noRows")}
      >
        {context.rows.map((row) => (
          <tr key={row.id} data-testid="ongoing-row">
            <OpenCell
              text={row.name ?? row.number}
              disabled={!transcript}
              onOpen={() =>
                transcript?.send({
                  type: "OPEN",
                  source: { kind: "conversation", conversationId: row.id },
                  title: row.name ?? row.number,
                })
              }
            />
            <td className="mc-num">{row.number}</td>
            <td>
              <ChannelCell channel={row.channel_type} />
            </td>
            <td>
              <Tag minimal intent={row.status === "unassigned" ? "warning" : "primary"}>
                {t(`workspace.conversationStatus.${row.status}`)}
              </Tag>
            </td>
            <td>{row.agent_name ?? t("workspace.common.unassigned")}</td>
            <td className="mc-clip" title={row.last_message ?? ""}>
              {row.last_message ?? ""}
            </td>
            <td className="mc-num">{formatDateTime(row.started_at)}</td>
            <td className="mc-num">
              {row.unread ? (
                <Tag round intent="danger">
                  {row.unread}
                </Tag>
              ) : null}
            </td>
          </tr>
        ))}
      </ReportTable>
      {transcript ? <TranscriptDrawer actor={transcript} /> : null}
    </div>
  )
}
