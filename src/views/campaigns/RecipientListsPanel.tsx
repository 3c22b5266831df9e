/**
 * The Recipient lists tab of /apps/current-campaigns: the tenant's lists (`report-recipient-lists`) with how many
 * numbers each holds and what it was made from; new, rename and delete through `recipient-list-editor`.
 */
import { Button } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { recipientListEditorMachine } from "../../machines/campaigns/recipient-list-editor"
import type { recipientListsMachine } from "../../machines/campaigns/recipient-lists"
import { usePageActor } from "../common/actor-context"
import { formatDateTime } from "../../machines/report-kit/format"
import { useCount } from "../common/use-count"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { RecipientListDialog } from "./RecipientListDialog"

type ListsActor = ActorRefFrom<typeof recipientListsMachine>
type EditorActor = ActorRefFrom<typeof recipientListEditorMachine>

/** The page header's action on the Recipient lists tab. */
export const NewListButton = () => {
  const { t } = useTranslation()
  const editor = usePageActor<EditorActor>("recipient-list-editor")
  return (
    <Button
      intent="primary"
      icon="add"
      text={t("campaigns.lists.new")}
      disabled={!editor}
      onClick={() => editor?.send({ type: "CREATE" })}
      data-testid="lists-new"
    />
  )
}

export const RecipientListsPanel = () => {
  const { t } = useTranslation()
  const count = useCount()
  const lists = useReportActor<ListsActor>("report-recipient-lists")
  const editor = usePageActor<EditorActor>("recipient-list-editor")
  const rows = useSelector(lists, (s) => s.context.rows)
  const columns = [
    t("campaigns.lists.name"),
    t("campaigns.lists.numbersCount"),
    t("campaigns.lists.source"),
    t("campaigns.lists.created"),
    t("campaigns.actions"),
  ]
  return (
    <div data-testid="recipient-lists">
      <ReportFilters actor={lists} testId="lists-filters" buttons="none">
        <ReportSearch actor={lists} label={t("campaigns.search")} placeholder={t("campaigns.lists.searchLists")} testId="lists-search" />
      </ReportFilters>
      <ReportFailure actor={lists} />
      <ReportTable actor={lists} testId="lists-table" columns={columns} emptyText={t("campaigns.lists.empty")}>
        {rows.map((l) => (
          <tr key={l.id} data-testid="list-row" data-name={l.name} data-count={l.numbers_count}>
            <td dir="auto">{l.name}</td>
            <td className="mc-num" data-testid="list-count">
              {count(l.numbers_count)}
            </td>
            <td>{l.source ? t(`campaigns.lists.made.${l.source}`, { defaultValue: l.source }) : ""}</td>
            <td className="mc-num">{formatDateTime(l.created_at)}</td>
            <td>
              <div className="mc-campaign-actions">
                <Button
                  small
                  minimal
                  icon="edit"
                  text={t("campaigns.lists.rename")}
                  disabled={!editor}
                  onClick={() => editor?.send({ type: "RENAME", list: l })}
                  data-testid="list-rename"
                />
                <Button
                  small
                  minimal
                  icon="trash"
                  intent="danger"
                  text={t("campaigns.lists.delete")}
                  disabled={!editor}
                  onClick={() => editor?.send({ type: "DELETE", list: l })}
                  data-testid="list-delete"
                />
              </div>
            </td>
          </tr>
        ))}
      </ReportTable>
      {editor ? <RecipientListDialog actor={editor} /> : null}
    </div>
  )
}
