/** /apps/messages: the Messages report on `report-messages`: every message, filtered, media through the preview dialog. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, HTMLSelect, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { previewOf } from "../../machines/chat/chat-format"
import { contentKindOf, type MessageFilters, type messagesMachine } from "../../machines/workspace/messages-report"
import { formatDateTime } from "../../machines/report-kit/format"
import { useFormat, wordsOf } from "../common/format"
import { PageHeader } from "../common/PageHeader"
import { MediaPreviewDialog } from "../media-preview/MediaPreviewDialog"
import { DateRange } from "../report-kit/DateRange"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ChannelCell, ChannelSelect, Field } from "./WorkspaceParts"
import "../report-kit/report-kit.css"

type MessagesActor = ActorRefFrom<typeof messagesMachine>
const COLUMNS = ["dateTime", "number", "channel", "direction", "type", "content", "status", "sentBy"]
const header = (k: string) =>
  ["dateTime", "number", "channel", "status"].includes(k) ? `workspace.common.${k}` : `workspace.messages.${k}`

export const MessagesView = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const actor = useReportActor<MessagesActor>("report-messages")
  const context = useSelector(actor, (s) => s.context)
  const draft: MessageFilters = context.draft
  const change = (patch: Partial<MessageFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  return (
    <div className="mc-page mc-report" data-testid="ws-messages">
      <PageHeader title={t("routes.messages")} subtitle={t("workspace.messages.subtitle")} />
      <ReportFilters actor={actor} testId="messages">
        <ReportSearch
          actor={actor}
          label={t("workspace.messages.searchLabel")}
          placeholder={t("workspace.messages.searchPlaceholder")}
          testId="messages-search"
        />
        <DateRange
          testId="messages-range"
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => change({ startDate, endDate })}
        />
        <ChannelSelect value={draft.channel} onChange={(channel) => change({ channel })} testId="messages-channel" />
        <Field label={t("workspace.messages.direction")}>
          <HTMLSelect
            value={draft.direction}
            onChange={(e) => change({ direction: e.currentTarget.value as MessageFilters["direction"] })}
            data-testid="messages-direction"
          >
            <option value="">{t("workspace.common.all")}</option>
            <option value="inbound">{t("workspace.messages.inbound")}</option>
            <option value="outbound">{t("workspace.messages.outbound")}</option>
          </HTMLSelect>
        </Field>
      </ReportFilters>
      <ReportFailure actor={actor} />
      <ReportTable
        actor={actor}
        testId="messages-table"
        columns={COLUMNS.map((k) => t(header(k)))}
        emptyText={t("workspace.messages.noRows")}
      >
        {context.rows.map((row) => (
          <tr key={row.id} data-testid="message-row">
            <td className="mc-num">{formatDateTime(row.dt)}</td>
            <td className="mc-num">{row.number}</td>
            <td>
              <ChannelCell channel={row.channel_type} />
            </td>
            <td>
              <Tag minimal intent={row.direction === "inbound" ? "primary" : "success"}>
                {t(`workspace.messages.${row.direction}`)}
              </Tag>
            </td>
            <td>{t(`workspace.simulator.types.${row.type}`, { defaultValue: wordsOf(row.type) })}</td>
            <td className="mc-clip" title={row.body ?? ""}>
              {contentKindOf(row) === "preview" ? (
                <Button
                  size="small"
                  variant="minimal"
                  icon="media"
                  text={row.body || t("workspace.messages.view")}
                  onClick={() => actor.send({ type: "DETAIL.OPEN", row })}
                  data-testid="open-media"
                />
              ) : contentKindOf(row) === "audio" ? (
                <audio
                  controls
                  preload="none"
                  src={row.attachments[0]?.url}
                  aria-label={row.attachments[0]?.name}
                  data-testid="message-audio"
                  style={{ height: 28 }}
                />
              ) : (
                (row.body ?? "")
              )}
            </td>
            <td>{format.enumValue("messageStatus", row.status)}</td>
            <td>{row.agent_name ?? ""}</td>
          </tr>
        ))}
      </ReportTable>
      <MediaPreviewDialog
        message={context.detail ? previewOf(context.detail) : null}
        onClose={() => actor.send({ type: "DETAIL.CLOSE" })}
      />
    </div>
  )
}
