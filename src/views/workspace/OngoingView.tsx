/** /apps/ongoing: Ongoing Chats on `report-ongoing`: conversations in progress, agents' loads, read-only transcripts. */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, HTMLSelect, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { CONVERSATION_STATUSES, type OngoingFilters, type ongoingMachine } from "../../machines/workspace/conversation-reports"
import { formatDateTime } from "../../machines/report-kit/format"
import { PageHeader } from "../common/PageHeader"
import { ReportTable } from "../report-kit/ReportFrame"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import {
  AgentSelect,
  ChannelCell,
  ChannelSelect,
  Field,
  LoadError,
  OpenCell,
  TranscriptDrawer,
  type TranscriptActor,
} from "./WorkspaceParts"
import { usePageActor } from "../common/actor-context"
import "../report-kit/report-kit.css"

type OngoingActor = ActorRefFrom<typeof ongoingMachine>
const COLUMNS = ["customer", "number", "channel", "status", "agent", "lastMessage", "started", "unread"]

export const OngoingView = () => {
  const { t } = useTranslation()
  const actor = useReportActor<OngoingActor>("report-ongoing")
  const transcript = usePageActor<TranscriptActor>("transcript-ongoing")
  const s = useSelector(actor, (snapshot) => snapshot)
  const { context } = s
  useEffect(() => actor.send({ type: "REPORT.OPEN" }), [actor])
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
      <div className="mc-card mc-report-filters">
        <ReportSearch
          actor={actor}
          draft={context.searchDraft}
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
        <Button
          intent="primary"
          text={t("reports.common.applyFilters")}
          onClick={() => actor.send({ type: "FILTER.APPLY" })}
          data-testid="ongoing-apply"
        />
        <Button text={t("reports.common.clearFilters")} onClick={() => actor.send({ type: "FILTER.CLEAR" })} data-testid="ongoing-clear" />
      </div>
      <LoadError message={context.error} onRetry={() => actor.send({ type: "REPORT.RELOAD" })} />
      {meta?.capped ? (
        <Callout intent="primary" data-testid="ongoing-capped">
          {t("workspace.ongoing.capped", { count: 1000 })}
        </Callout>
      ) : null}
      <section className="mc-card mc-ws-agents" data-testid="ongoing-agents" aria-label={t("workspace.ongoing.agents")}>
        <h2>{t("workspace.ongoing.agents")}</h2>
        {meta?.agentsError ? (
          <Callout intent="warning">{t("workspace.common.agentsUnavailable", { message: meta.agentsError })}</Callout>
        ) : null}
        <div className="mc-ws-counts">
          {(meta?.agents ?? []).map((a) => (
            <Button
              key={a.id}
              variant="outlined"
              size="small"
              active={context.filters.agent === String(a.id)}
              data-testid="ongoing-agent-load"
              onClick={() => {
                change({ agent: context.filters.agent === String(a.id) ? "" : String(a.id) })
                actor.send({ type: "FILTER.APPLY" })
              }}
            >
              <span className="mc-ws-agent">
                <span className="mc-ws-agent-name">
                  <span className="mc-ws-dot" data-online={a.online} aria-label={a.online ? t("workspace.ongoing.online") : undefined} />
                  {a.display_name ?? a.username}
                </span>
                <Tag minimal className="mc-num">
                  {t("workspace.ongoing.load", { active: a.active_chats, max: a.max_chats })}
                </Tag>
              </span>
            </Button>
          ))}
        </div>
      </section>
      <ReportTable
        testId="ongoing-table"
        columns={COLUMNS.map((k) => t(`workspace.common.${k}`))}
        loading={s.matches({ data: "loading" })}
        empty={context.rows.length === 0}
        emptyText={t("workspace.ongoing.noRows")}
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
