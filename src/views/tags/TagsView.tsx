/**
 * Tags for the chatbot (company sub-page Tagsforchatbot): the tags on `report-tags` with how many contacts carry
 * each, and the `tag-editor` page actor's dialog that creates, renames, describes and deletes one.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { FormGroup, InputGroup } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Tag } from "../../contract/schemas/tagging"
import type { tagsListMachine } from "../../machines/tags/tags-list"
import type { TagDraft, tagEditorMachine } from "../../machines/tags/tag-editor"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof tagsListMachine>
type EditorActor = ActorRefFrom<typeof tagEditorMachine>

export const TagsView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-tags")
  const editor = usePageActor<EditorActor>("tag-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("tags.name"), t("tags.description"), t("tags.contacts"), t("tags.created"), t("recordKit.actions")]
  return (
    <div className="mc-page mc-report" data-testid="tags-page">
      <PageHeader
        title={t("tags.title")}
        subtitle={t("tags.subtitle")}
        actions={<NewButton actor={editor} text={t("tags.new")} testId="tags-new" />}
      />
      <ReportFilters actor={list} testId="tags-filters" buttons="none">
        <ReportSearch actor={list} label={t("tags.search")} placeholder={t("tags.name")} testId="tags-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="tags-table" columns={columns} emptyText={t("tags.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="tag-row">
            <td>{row.name}</td>
            <td className="mc-clip">{row.description ?? ""}</td>
            <td className="mc-num">{row.customers}</td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            {editor ? <RowActions actor={editor} row={row} testId="tag-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <TagDialog editor={editor} /> : null}
    </div>
  )
}

const TagDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: TagDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const taken = useFieldFailure(editor, "name")
  const change = (patch: Partial<TagDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "tags.new" : "tags.edit")}
        problems="tags.problems"
        testId="tag-dialog"
        marks={["name"]}
      >
        <FormGroup
          label={t("tags.name")}
          labelFor="tag-name-input"
          intent={taken ? "danger" : "none"}
          helperText={taken ? failureText(taken) : undefined}
        >
          <InputGroup
            id="tag-name-input"
            intent={taken ? "danger" : "none"}
            value={draft.name}
            onValueChange={(name) => change({ name })}
            data-testid="tag-name"
          />
        </FormGroup>
        <FormGroup label={t("tags.description")} labelFor="tag-description-input">
          <InputGroup
            id="tag-description-input"
            value={draft.description}
            onValueChange={(description) => change({ description })}
            data-testid="tag-description"
          />
        </FormGroup>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: Tag) => row.name} />
    </>
  )
}
