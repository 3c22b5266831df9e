/**
 * /apps/complain/ticket: Complain Tickets on `report-complaints` (active and resolved tabs, search by ticket
 * number) and one complaint in a drawer (page-scoped `complaint` actor): status, assignee and resolution note,
 * and its details (name, category, complaint text, at most 800 characters).
 */
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Drawer, HTMLSelect, InputGroup, Spinner, Tab, Tabs, Tag, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { formatDateTime } from "../../machines/report-kit/format"
import type { ComplaintListFilters, ComplaintTab, complaintsMachine } from "../../machines/complaints/complaints-report"
import { complaintMachine, NOTE_MAX } from "../../machines/complaints/complaint-machine"
import { TICKET_STATUSES } from "../../machines/tickets/ticket-reports"
import type { TicketStatus } from "../../contract/schemas/tickets"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { DateRange } from "../report-kit/DateRange"
import { ReportTable } from "../report-kit/ReportFrame"
import { toast, useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { AgentSelect, ChannelCell, ChannelSelect, Field, LoadError, OpenCell, usePageActor } from "../workspace/WorkspaceParts"
import "../report-kit/report-kit.css"

type ComplaintsActor = ActorRefFrom<typeof complaintsMachine>
type ComplaintActor = ActorRefFrom<typeof complaintMachine>

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

const ComplaintDrawer = ({ actor }: { actor: ComplaintActor }) => {
  const { t, i18n } = useTranslation()
  const failureText = useFailureText()
  const s = useSelector(actor, (snapshot) => snapshot)
  const { context } = s
  const c = context.complaint
  const busy = s.matches("saving") || s.matches("savingMeta")
  const saved = useRef(context.saved)
  useEffect(() => {
    if (context.saved > saved.current) void toast(t("workspace.complaints.saved"), "success", "complaint-saved")
    saved.current = context.saved
  }, [context.saved, t])
  return (
    <Drawer
      isOpen={!s.matches("closed")}
      onClose={() => actor.send({ type: "CLOSE" })}
      title={t("workspace.complaints.details", { ticket: context.ticketNumber })}
      icon="issue"
      size="480px"
      position={i18n.dir() === "rtl" ? "left" : "right"}
      className="mc-ws-drawer"
    >
      <div className="mc-ws-drawer-body" style={{ overflowY: "auto" }} data-testid="complaint-drawer">
        {s.matches("loading") ? (
          <div className="mc-report-empty">
            <Spinner size={28} />
          </div>
        ) : null}
        {context.failure ? (
          <Callout intent="danger" icon="error" data-testid="complaint-error">
            {t("workspace.common.loadFailed", { message: failureText(context.failure) })}
            {s.matches("failed") ? (
              <>
                {" "}
                <Button
                  size="small"
                  variant="minimal"
                  icon="refresh"
                  text={t("workspace.common.retry")}
                  onClick={() => actor.send({ type: "RETRY" })}
                />
              </>
            ) : null}
          </Callout>
        ) : null}
        {context.problem ? (
          <Callout intent="warning" data-testid="complaint-problem">
            {t(`workspace.complaints.problems.${context.problem}`)}
          </Callout>
        ) : null}
        {c ? (
          <>
            <div className="mc-ws-form">
              <div className="mc-media-row" style={{ alignItems: "center" }}>
                <strong>{c.name}</strong> <ChannelCell channel={c.channel_type} />
                <Tag minimal intent={c.status === "Resolved" ? "success" : "warning"} data-testid="complaint-status">
                  {t(`workspace.ticketStatus.${c.status}`, { defaultValue: c.status })}
                </Tag>
              </div>
              <small className="mc-num">
                {c.number} · {formatDateTime(c.dt)}
              </small>
              <div className="mc-ws-row">
                <Field label={t("workspace.common.status")}>
                  <HTMLSelect
                    value={context.draft.status}
                    onChange={(e) => actor.send({ type: "EDIT", patch: { status: e.currentTarget.value as TicketStatus } })}
                    data-testid="complaint-status-select"
                  >
                    {TICKET_STATUSES.map((st) => (
                      <option key={st} value={st}>
                        {t(`workspace.ticketStatus.${st}`)}
                      </option>
                    ))}
                  </HTMLSelect>
                </Field>
                <AgentSelect
                  value={context.draft.agent}
                  agents={context.agents}
                  error={context.agentsError}
                  onChange={(agent) => actor.send({ type: "EDIT", patch: { agent } })}
                  testId="complaint-agent"
                />
              </div>
              <Field label={t("workspace.complaints.note")}>
                <TextArea
                  className="mc-ws-note"
                  maxLength={NOTE_MAX}
                  value={context.draft.note}
                  placeholder={t("workspace.complaints.notePlaceholder")}
                  onChange={(e) => actor.send({ type: "EDIT", patch: { note: e.currentTarget.value } })}
                  data-testid="complaint-note"
                />
              </Field>
              <Button
                intent="primary"
                icon="tick"
                text={t("workspace.complaints.saveStatus")}
                loading={s.matches("saving")}
                disabled={busy}
                onClick={() => actor.send({ type: "SAVE" })}
                data-testid="complaint-save"
              />
            </div>
            <div className="mc-ws-form" style={{ borderTop: "1px solid var(--mc-border)" }}>
              <strong>{t("workspace.complaints.metaTitle")}</strong>
              <Field label={t("workspace.complaints.name")}>
                <InputGroup
                  value={context.meta.name}
                  maxLength={120}
                  onValueChange={(name) => actor.send({ type: "META.EDIT", patch: { name } })}
                  data-testid="complaint-name"
                />
              </Field>
              <Field label={t("workspace.complaints.category")}>
                <InputGroup
                  value={context.meta.category}
                  maxLength={60}
                  onValueChange={(category) => actor.send({ type: "META.EDIT", patch: { category } })}
                  data-testid="complaint-category"
                />
              </Field>
              <Field label={t("workspace.complaints.message")}>
                <TextArea
                  className="mc-ws-note"
                  maxLength={NOTE_MAX}
                  value={context.meta.message}
                  onChange={(e) => actor.send({ type: "META.EDIT", patch: { message: e.currentTarget.value } })}
                  data-testid="complaint-message"
                />
              </Field>
              <Button
                icon="floppy-disk"
                text={t("workspace.complaints.saveMeta")}
                loading={s.matches("savingMeta")}
                disabled={busy}
                onClick={() => actor.send({ type: "META.SAVE" })}
                data-testid="complaint-save-meta"
              />
            </div>
          </>
        ) : null}
      </div>
    </Drawer>
  )
}

export const ComplaintsView = () => {
  const { t } = useTranslation()
  const actor = useReportActor<ComplaintsActor>("report-complaints")
  const complaint = usePageActor(complaintMachine, "complaint")
  const s = useSelector(actor, (snapshot) => snapshot)
  const { context } = s
  useEffect(() => actor.send({ type: "REPORT.OPEN" }), [actor])
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
      <div className="mc-card mc-report-filters">
        <ReportSearch
          actor={actor}
          draft={context.searchDraft}
          label={t("workspace.complaints.searchLabel")}
          placeholder={t("workspace.complaints.searchPlaceholder")}
          testId="complaints-search"
        />
        <Field label={t("reports.common.dateRange")}>
          <DateRange
            testId="complaints-range"
            start={draft.startDate}
            end={draft.endDate}
            onChange={(startDate, endDate) => change({ startDate, endDate })}
          />
        </Field>
        <ChannelSelect value={draft.channel} onChange={(channel) => change({ channel })} testId="complaints-channel" />
        <AgentSelect
          value={draft.agent}
          agents={context.meta?.agents ?? []}
          error={context.meta?.agentsError}
          onChange={(agent) => change({ agent })}
          testId="complaints-agent"
        />
        <Button
          intent="primary"
          text={t("reports.common.applyFilters")}
          onClick={() => actor.send({ type: "FILTER.APPLY" })}
          data-testid="complaints-apply"
        />
        <Button
          text={t("reports.common.clearFilters")}
          onClick={() => actor.send({ type: "FILTER.CLEAR" })}
          data-testid="complaints-clear"
        />
      </div>
      <LoadError message={context.error} onRetry={() => actor.send({ type: "REPORT.RELOAD" })} />
      <ReportTable
        testId="complaints-table"
        columns={COLUMNS.map((k) => t(k))}
        loading={s.matches({ data: "loading" })}
        empty={context.rows.length === 0}
        emptyText={t("workspace.complaints.noRows")}
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
                {t(`workspace.ticketStatus.${row.status}`, { defaultValue: row.status })}
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
