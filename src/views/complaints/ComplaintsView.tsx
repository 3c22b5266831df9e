/**
 * /apps/complain/ticket: Complain Tickets on `report-complaints` (active and resolved tabs, search by ticket
 * number); a row opens its complaint in the drawer (ComplaintDrawer.tsx, page-scoped `complaint` actor).
 */
import { useFormat } from "../common/format"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Tab, Tabs, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { formatDateTime } from "../../machines/report-kit/format"
import type { ComplaintListFilters, ComplaintTab, complaintsMachine } from "../../machines/complaints/complaints-report"
import type { complaintMachine } from "../../machines/complaints/complaint-machine"
import { PageHeader } from "../common/PageHeader"
import { DateRange } from "../report-kit/DateRange"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { AgentSelect, ChannelCell, ChannelSelect, OpenCell } from "../workspace/WorkspaceParts"
import { usePageActor } from "../common/actor-context"
import { ComplaintDrawer } from "./ComplaintDrawer"
import "../report-kit/report-kit.css"

type ComplaintsActor = ActorRefFrom<typeof complaintsMachine>

const COLUMNS = [
  "workspace.tickets.ticketNumber",
  "workspace.common.customer",
  "workspace.common.number",
  "workspace.common.channel",
  "workspace.common.status",
  "workspace.common.agent",
  "workspace.complaints.message",
  "workspace.common.started",
  "workspace.tickets.resolvedAt",
]

export const ComplaintsView = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const actor = useReportActor<ComplaintsActor>("report-complaints")
  const complaint = usePageActor<ActorRefFrom<typeof complaintMachine>>("complaint")
  const context = useSelector(actor, (s) => s.context)
  const draft: ComplaintListFilters = context.draft
  const change = (patch: Partial<ComplaintListFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  return (
    <div className="mc-page mc-report" data-testid="ws-complaints">
      <PageHeader title={t("routes.complainTicket")} subtitle={t("workspace.complaints.subtitle")} />
      <div className="mc-card mc-ws-tabs">
        <Tabs
          id="complaint-tabs"
          selectedTabId={context.filters.tab}
          onChange={(tab) => {
            change({ tab: tab as ComplaintTab })
            actor.send({ type: "FILTER.APPLY" })
          }}
        >
          <Tab id="active" title={t("workspace.complaints.active")} data-testid="complaints-tab-active" />
          <Tab id="resolved" title={t("workspace.complaints.resolved")} data-testid="complaints-tab-resolved" />
        </Tabs>
      </div>
      <ReportFilters actor={actor} testId="complaints">
        <ReportSearch
          actor={actor}
          label={t("workspace.complaints.searchLabel")}
          placeholder={t("workspace.complaints.searchPlaceholder")}
          testId="complaints-search"
        />
        <DateRange
          testId="complaints-range"
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => change({ startDate, endDate })}
        />
        <ChannelSelect value={draft.channel} onChange={(channel) => change({ channel })} testId="complaints-channel" />
        <AgentSelect
          value={draft.agent}
          agents={context.meta?.agents ?? []}
          error={context.meta?.agentsError}
          onChange={(agent) => change({ agent })}
          testId="complaints-agent"
        />
      </ReportFilters>
      <ReportFailure actor={actor} />
      <ReportTable
        actor={actor}
        testId="complaints-table"
        columns={COLUMNS.map((k) => t(k))}
        emptyText={t("workspace.complaints.noRows")}
        label={t("routes.complainTicket")}
        tabPanel={{ tabs: "complaint-tabs", tab: context.filters.tab }}
      >
        {context.rows.map((row) => (
          <tr key={row.ticket_number} data-testid="complaint-row">
            <OpenCell
              text={row.ticket_number}
              num
              disabled={!complaint}
              testId="open-complaint"
              onOpen={() => complaint?.send({ type: "OPEN", ticketNumber: row.ticket_number })}
            />
            <td>{row.name}</td>
            <td className="mc-num">{row.number}</td>
            <td>
              <ChannelCell channel={row.channel_type} />
            </td>
            <td>
              <Tag minimal intent={row.status === "Resolved" ? "success" : "warning"} data-testid="complaint-row-status">
                {format.enumValue("ticketStatus", row.status)}
              </Tag>
            </td>
            <td>{row.agent_name ?? ""}</td>
            <td className="mc-clip" title={row.customer_message}>
              {row.customer_message}
            </td>
            <td className="mc-num">{formatDateTime(row.dt)}</td>
            <td className="mc-num">{formatDateTime(row.last_closed)}</td>
          </tr>
        ))}
      </ReportTable>
      {complaint ? <ComplaintDrawer actor={complaint} /> : null}
    </div>
  )
}
