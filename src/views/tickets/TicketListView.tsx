/**
 * The ticket screens on their report actors: Tickets inbox (/apps/inbox, active and unassigned tabs with the
 * in-progress counts), Ongoing Tickets, Ticket History and the Ticket Report (filters and figures). Each searches
 * tickets and opens a ticket's chat read-only in a drawer.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Callout, HTMLSelect, Tab, Tabs, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Ticket } from "../../contract/schemas/tickets"
import { formatDateTime } from "../../machines/report-kit/format"
import type { ReportId } from "../../machines/system-ids"
import {
  TICKET_STATUSES,
  ticketTranscriptOf,
  type InboxTab,
  type TicketFilters,
  type TicketListKind,
  type ticketInboxMachine,
  type TicketMeta,
} from "../../machines/tickets/ticket-reports"
import { useFailureText } from "../common/failure-text"
import { useFormat } from "../common/format"
import { PageHeader } from "../common/PageHeader"
import { DateRange } from "../report-kit/DateRange"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import {
  AgentSelect,
  ChannelCell,
  ChannelSelect,
  Field,
  OpenCell,
  TranscriptDrawer,
  type TranscriptActor,
} from "../workspace/WorkspaceParts"
import { usePageActor } from "../common/actor-context"
import "../report-kit/report-kit.css"

type TicketsActor = ActorRefFrom<typeof ticketInboxMachine>

const SCREENS: Record<TicketListKind, { systemId: ReportId; route: string; subtitle: string }> = {
  inbox: { systemId: "report-inbox", route: "inbox", subtitle: "inboxSubtitle" },
  "ticket-ongoing": { systemId: "report-ticket-ongoing", route: "ticketOngoing", subtitle: "ongoingSubtitle" },
  "ticket-history": { systemId: "report-ticket-history", route: "ticketHistory", subtitle: "historySubtitle" },
  "ticket-report": { systemId: "report-ticket-report", route: "ticketReport", subtitle: "reportSubtitle" },
}

const StatusTag = ({ status }: { status: string }) => {
  const format = useFormat()
  return (
    <Tag minimal intent={status === "Resolved" ? "success" : status === "Ongoing" ? "primary" : "warning"}>
      {format.enumValue("ticketStatus", status)}
    </Tag>
  )
}

const Counts = ({ meta }: { meta: TicketMeta | undefined }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  if (meta?.countsError)
    return (
      <Tag minimal intent="warning" data-testid="inbox-counts-error">
        {t("workspace.tickets.countsFailed", { message: failureText(meta.countsError) })}
      </Tag>
    )
  if (!meta?.counts) return null
  return (
    <span className="mc-ws-counts" data-testid="inbox-counts">
      <Tag intent="primary">
        {t("workspace.tickets.inProgress")}:{" "}
        <span className="mc-num" data-testid="inbox-count-total">
          {meta.counts.total}
        </span>
      </Tag>
      {meta.counts.by_channel.map((c) => (
        <Tag key={c.channel_type} minimal>
          {t(`workspace.channels.${c.channel_type}`)}: <span className="mc-num">{c.count}</span>
        </Tag>
      ))}
    </span>
  )
}

const Figures = ({ meta }: { meta: TicketMeta | undefined }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const f = meta?.figures
  if (!f) return null
  return (
    <div className="mc-report-cards" data-testid="ticket-figures">
      <div className="mc-card mc-report-card">
        <div className="mc-report-card-label">{t("workspace.tickets.total")}</div>
        <div className="mc-report-card-value mc-num" data-testid="figure-total">
          {format.count(f.total)}
        </div>
      </div>
      {f.byStatus.map((c) => (
        <div key={c.status} className="mc-card mc-report-card">
          <div className="mc-report-card-label">{format.enumValue("ticketStatus", c.status)}</div>
          <div className="mc-report-card-value mc-num" data-testid={`figure-${c.status}`}>
            {format.count(c.count)}
          </div>
        </div>
      ))}
      <div className="mc-card mc-report-card">
        <div className="mc-report-card-label">{t("workspace.tickets.avgResolution")}</div>
        <div className="mc-report-card-value mc-small" data-testid="figure-avg">
          {format.duration(f.avgSeconds)}
        </div>
      </div>
    </div>
  )
}

const TicketRow = ({ row, onOpen, canOpen }: { row: Ticket; onOpen: () => void; canOpen: boolean }) => {
  const { t } = useTranslation()
  return (
    <tr data-testid="ticket-row">
      <OpenCell text={row.ticket_number} num disabled={!canOpen} onOpen={onOpen} />
      <td>{row.name ?? ""}</td>
      <td className="mc-num">{row.number}</td>
      <td>
        <ChannelCell channel={row.channel_type} />
      </td>
      <td>
        <StatusTag status={row.status} />
      </td>
      <td>{row.agent_name ?? t("workspace.common.unassigned")}</td>
      <td className="mc-clip" title={row.subject ?? row.last_message ?? ""}>
        {row.subject ?? row.last_message ?? ""}
      </td>
      <td className="mc-num">{formatDateTime(row.dt)}</td>
      <td className="mc-num">{formatDateTime(row.last_closed)}</td>
    </tr>
  )
}

const COLUMNS = [
  "workspace.tickets.ticketNumber",
  "workspace.common.customer",
  "workspace.common.number",
  "workspace.common.channel",
  "workspace.common.status",
  "workspace.common.agent",
  "workspace.tickets.subject",
  "workspace.common.started",
  "workspace.tickets.resolvedAt",
]

const TicketList = ({ kind }: { kind: TicketListKind }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const screen = SCREENS[kind]
  const actor = useReportActor<TicketsActor>(screen.systemId)
  const transcript = usePageActor<TranscriptActor>(`transcript-${kind}`)
  const context = useSelector(actor, (s) => s.context)
  const failureText = useFailureText()
  const draft: TicketFilters = context.draft
  const change = (patch: Partial<TicketFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  const meta = context.meta
  const open = (row: Ticket) =>
    transcript?.send({
      type: "OPEN",
      source: ticketTranscriptOf(row),
      title: `${row.name ?? row.number} · ${row.ticket_number}`,
    })
  return (
    <div className="mc-page mc-report" data-testid={`ws-${kind}`}>
      <PageHeader title={t(`routes.${screen.route}`)} subtitle={t(`workspace.tickets.${screen.subtitle}`)} />
      {kind === "inbox" ? (
        <div className="mc-card mc-ws-tabs mc-media-row" style={{ alignItems: "center", justifyContent: "space-between" }}>
          <Tabs
            id="inbox-tabs"
            selectedTabId={context.filters.tab}
            onChange={(tab) => {
              change({ tab: tab as InboxTab })
              actor.send({ type: "FILTER.APPLY" })
            }}
          >
            <Tab id="active" title={t("workspace.tickets.active")} data-testid="inbox-tab-active" />
            <Tab id="unassigned" title={t("workspace.tickets.unassignedTab")} data-testid="inbox-tab-unassigned" />
          </Tabs>
          <Counts meta={meta} />
        </div>
      ) : null}
      <ReportFilters actor={actor} testId="tickets">
        <ReportSearch
          actor={actor}
          label={t("workspace.tickets.searchLabel")}
          placeholder={t("workspace.tickets.searchPlaceholder")}
          testId="tickets-search"
        />
        <DateRange
          testId="tickets-range"
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => change({ startDate, endDate })}
        />
        <ChannelSelect value={draft.channel} onChange={(channel) => change({ channel })} testId="tickets-channel" />
        {kind === "ticket-report" ? (
          <>
            <AgentSelect
              value={draft.agent}
              agents={meta?.agents ?? []}
              error={meta?.agentsError}
              onChange={(agent) => change({ agent })}
              testId="tickets-agent"
            />
            <Field label={t("workspace.common.status")}>
              <HTMLSelect value={draft.status} onChange={(e) => change({ status: e.currentTarget.value })} data-testid="tickets-status">
                <option value="">{t("workspace.common.all")}</option>
                {TICKET_STATUSES.map((st) => (
                  <option key={st} value={st}>
                    {format.enumValue("ticketStatus", st)}
                  </option>
                ))}
              </HTMLSelect>
            </Field>
          </>
        ) : null}
      </ReportFilters>
      <ReportFailure actor={actor} />
      {kind === "ticket-report" ? <Figures meta={meta} /> : null}
      {kind === "ticket-report" && meta?.agentsError ? (
        <Callout intent="warning">{t("workspace.common.agentsUnavailable", { message: failureText(meta.agentsError) })}</Callout>
      ) : null}
      <ReportTable
        actor={actor}
        testId="tickets-table"
        columns={COLUMNS.map((k) => t(k))}
        emptyText={t("workspace.tickets.noRows")}
        label={t(`routes.${screen.route}`)}
        tabPanel={kind === "inbox" ? { tabs: "inbox-tabs", tab: context.filters.tab } : undefined}
      >
        {context.rows.map((row) => (
          <TicketRow key={row.id} row={row} canOpen={transcript !== null} onOpen={() => open(row)} />
        ))}
      </ReportTable>
      {transcript ? <TranscriptDrawer actor={transcript} /> : null}
    </div>
  )
}

export const TicketsInboxView = () => <TicketList kind="inbox" />
export const TicketOngoingView = () => <TicketList kind="ticket-ongoing" />
export const TicketHistoryView = () => <TicketList kind="ticket-history" />
export const TicketReportView = () => <TicketList kind="ticket-report" />
