/** /report/complain-tickets-report: the Complain Tickets Report (spec 000 section 2) on `report-complain-tickets`. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Dialog, DialogBody, HTMLSelect, Icon, Tag, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { ComplaintTicket } from "../../contract/schemas/tickets"
import type { ComplaintFilters, complaintTicketsMachine } from "../../machines/reports/complaint-tickets-report"
import { formatDateTime } from "../../machines/report-kit/format"
import { selectUnpicked } from "../../machines/report-kit/report-selectors"
import { useFormat } from "../common/format"
import { PageHeader } from "../common/PageHeader"
import { channelIconOf } from "../report-kit/channel-icons"
import { DateRange } from "../report-kit/DateRange"
import { ExportButton } from "../report-kit/ExportButton"
import { ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useCopy, useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ReportBusiness } from "./ReportBusiness"
import "../report-kit/report-kit.css"

type TicketsActor = ActorRefFrom<typeof complaintTicketsMachine>

const COLUMNS = ["name", "channel", "ticketNumber", "status", "numberIds", "startingDate", "endingDate", "lastMessage", "action"]

const ComplainDetails = ({ ticket, onClose }: { ticket: ComplaintTicket | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const copy = useCopy()
  return (
    <Dialog isOpen={ticket !== null} onClose={onClose} title={t("reports.tickets.detailsTitle")} data-testid="complain-dialog">
      {ticket ? (
        <DialogBody>
          <div className="mc-media-body">
            <div className="mc-media-row" style={{ alignItems: "center" }}>
              <Icon
                icon={channelIconOf(ticket.channel_type)}
                title={format.enumValue("channel", ticket.channel_type)}
                data-testid="complain-channel-icon"
              />
              <strong data-testid="complain-name">{ticket.name}</strong>
              <Tag minimal intent={ticket.status === "Resolved" ? "success" : "warning"} data-testid="complain-status">
                {format.enumValue("ticketStatus", ticket.status)}
              </Tag>
            </div>
            <Button
              variant="minimal"
              className="mc-copy mc-num"
              icon="duplicate"
              text={ticket.ticket_number}
              alignText="start"
              aria-label={t("reportKit.common.copy", { value: ticket.ticket_number })}
              onClick={() => void copy(ticket.ticket_number)}
              data-testid="complain-ticket-number"
            />
            <label className="mc-report-field">
              <span>{t("reports.tickets.complaint")}</span>
              <TextArea
                className="mc-complaint-text"
                readOnly
                maxLength={800}
                value={ticket.customer_message.slice(0, 800)}
                data-testid="complain-text"
              />
            </label>
            <small data-testid="complain-added">
              {ticket.name} {t("reports.tickets.addedThis")} <span className="mc-num">{formatDateTime(ticket.dt)}</span>
            </small>
          </div>
        </DialogBody>
      ) : null}
    </Dialog>
  )
}

export const ComplainTicketsReportView = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const actor = useReportActor<TicketsActor>("report-complain-tickets", { forBusiness: true })
  const context = useSelector(actor, (s) => s.context)
  const meta = context.meta
  const unpicked = useSelector(actor, selectUnpicked)
  const draft: ComplaintFilters = context.draft
  const change = (patch: Partial<ComplaintFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  const count = (status: string) => format.count(meta?.status_count.find((c) => c.status === status)?.count ?? 0)
  return (
    <div className="mc-page mc-report" data-testid="complain-report">
      <PageHeader
        title={t("routes.complainTicketsReport")}
        subtitle={t("reports.subtitles.complainTicketsReport")}
        actions={unpicked ? null : <ExportButton actor={actor} text={t("reportKit.common.download")} testId="tickets-download" />}
      />
      <ReportBusiness
        actor={actor}
        testId="tickets-business"
        filters={
          <ReportFilters actor={actor} testId="tickets">
            <ReportSearch
              actor={actor}
              label={t("reportKit.common.search")}
              placeholder={t("reports.tickets.searchPlaceholder")}
              testId="tickets-search"
            />
            <DateRange
              testId="tickets-range"
              start={draft.startDate}
              end={draft.endDate}
              onChange={(startDate, endDate) => change({ startDate, endDate })}
            />
            <label className="mc-report-field">
              <span>{t("reports.tickets.platform")}</span>
              <HTMLSelect value={draft.channel} onChange={(e) => change({ channel: e.currentTarget.value })} data-testid="tickets-platform">
                <option value="">{t("reportKit.common.all")}</option>
                {(meta?.channel_type ?? []).map((c) => (
                  <option key={c} value={c}>
                    {format.enumValue("channel", c)}
                  </option>
                ))}
              </HTMLSelect>
            </label>
            <label className="mc-report-field">
              <span>{t("reports.tickets.agent")}</span>
              <HTMLSelect value={draft.agent} onChange={(e) => change({ agent: e.currentTarget.value })} data-testid="tickets-agent">
                <option value="">{t("reportKit.common.all")}</option>
                {(meta?.agents ?? []).map((a) => (
                  <option key={a.id} value={String(a.id)}>
                    {a.username}
                  </option>
                ))}
              </HTMLSelect>
            </label>
            <label className="mc-report-field">
              <span>{t("reports.tickets.ticketStatus")}</span>
              <HTMLSelect value={draft.status} onChange={(e) => change({ status: e.currentTarget.value })} data-testid="tickets-status">
                <option value="">{t("reportKit.common.all")}</option>
                {(meta?.statuses ?? []).map((st) => (
                  <option key={st} value={st}>
                    {st}
                  </option>
                ))}
              </HTMLSelect>
            </label>
          </ReportFilters>
        }
      >
        <div className="mc-report-cards">
          <div className="mc-card mc-report-card">
            <div className="mc-report-card-label">{t("reports.tickets.total")}</div>
            <div className="mc-report-card-value mc-num" data-testid="card-total">
              {format.count(meta?.total_tickets ?? 0)}
            </div>
          </div>
          <div className="mc-card mc-report-card">
            <div className="mc-report-card-label">{t("reports.tickets.pending")}</div>
            <div className="mc-report-card-value mc-num" data-testid="card-pending">
              {count("Pending")}
            </div>
          </div>
          <div className="mc-card mc-report-card">
            <div className="mc-report-card-label">{t("reports.tickets.resolved")}</div>
            <div className="mc-report-card-value mc-num" data-testid="card-resolved">
              {count("Resolved")}
            </div>
          </div>
          <div className="mc-card mc-report-card">
            <div className="mc-report-card-label">{t("reports.tickets.avgResolution")}</div>
            <div className="mc-report-card-value mc-small" data-testid="card-avg">
              {format.duration(meta?.avg_resolution_time.difference ?? 0)}
            </div>
          </div>
        </div>
        <ReportTable
          actor={actor}
          testId="tickets-table"
          columns={COLUMNS.map((k) => t(`reports.tickets.${k}`))}
          emptyText={t("reports.tickets.noTickets")}
        >
          {context.rows.map((row) => (
            <tr key={row.ticket_number} data-testid="ticket-row">
              <td>{row.name}</td>
              <td>
                <Icon icon={channelIconOf(row.channel_type)} size={12} /> {format.enumValue("channel", row.channel_type)}
              </td>
              <td className="mc-num">{row.ticket_number}</td>
              <td>
                <Tag minimal intent={row.status === "Resolved" ? "success" : "warning"}>
                  {format.enumValue("ticketStatus", row.status)}
                </Tag>
              </td>
              <td className="mc-num">{row.number}</td>
              <td className="mc-num">{formatDateTime(row.dt)}</td>
              <td className="mc-num">{formatDateTime(row.last_closed)}</td>
              <td className="mc-clip" title={row.customer_message}>
                {row.customer_message}
              </td>
              <td>
                <Button
                  size="small"
                  icon="document-open"
                  text={t("reports.tickets.openTicket")}
                  onClick={() => actor.send({ type: "DETAIL.OPEN", row })}
                  data-testid="open-ticket"
                />
              </td>
            </tr>
          ))}
        </ReportTable>
      </ReportBusiness>
      <ComplainDetails ticket={context.detail} onClose={() => actor.send({ type: "DETAIL.CLOSE" })} />
    </div>
  )
}
