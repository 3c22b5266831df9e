/**
 * Labels (/apps/labels): the tenant's conversation labels on `report-labels`, with how many conversations carry
 * each, and the `label-editor` page actor's dialog that creates, renames, recolours and deletes one.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { FormGroup, InputGroup, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Label } from "../../contract/schemas/tagging"
import type { labelsListMachine } from "../../machines/labels/labels-list"
import type { LabelDraft, labelEditorMachine } from "../../machines/labels/label-editor"
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

type ListActor = ActorRefFrom<typeof labelsListMachine>
type EditorActor = ActorRefFrom<typeof labelEditorMachine>

export const LabelsView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-labels")
  const editor = usePageActor<EditorActor>("label-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("labels.name"), t("labels.conversations"), t("labels.created"), t("recordKit.actions")]
  return (
    <div className="mc-page mc-report" data-testid="labels-page">
      <PageHeader
        title={t("labels.title")}
        subtitle={t("labels.subtitle")}
        actions={<NewButton actor={editor} text={t("labels.new")} testId="labels-new" />}
      />
      <ReportFilters actor={list} testId="labels-filters" buttons="none">
        <ReportSearch actor={list} label={t("labels.search")} placeholder={t("labels.name")} testId="labels-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="labels-table" columns={columns} emptyText={t("labels.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="label-row">
            <td>
              <Tag round style={{ backgroundColor: row.color }} data-testid="label-chip">
                {row.name}
              </Tag>
            </td>
            <td className="mc-num">{row.conversations}</td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            {editor ? <RowActions actor={editor} row={row} testId="label-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <LabelDialog editor={editor} /> : null}
    </div>
  )
}

const LabelDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: LabelDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const taken = useFieldFailure(editor, "name")
  const change = (patch: Partial<LabelDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "labels.new" : "labels.edit")}
        problems="labels.problems"
        testId="label-dialog"
        marks={["name"]}
      >
        <FormGroup
          label={t("labels.name")}
          labelFor="label-name-input"
          intent={taken ? "danger" : "none"}
          helperText={taken ? failureText(taken) : undefined}
        >
          <InputGroup
            id="label-name-input"
            intent={taken ? "danger" : "none"}
            value={draft.name}
            onValueChange={(name) => change({ name })}
            data-testid="label-name"
          />
        </FormGroup>
        <FormGroup label={t("labels.color")} labelFor="label-color-input">
          <input
            id="label-color-input"
            type="color"
            value={/^#[0-9a-fA-F]{6}$/.test(draft.color) ? draft.color : "#000000"}
            onChange={(e) => change({ color: e.currentTarget.value })}
            data-testid="label-color"
          />{" "}
          <Tag round style={{ backgroundColor: draft.color }}>
            {draft.name || t("labels.preview")}
          </Tag>
        </FormGroup>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: Label) => row.name} />
    </>
  )
}
