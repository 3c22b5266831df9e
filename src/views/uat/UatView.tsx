/**
 * UAT customers (company sub-page uat-customer): the tenant's test numbers on `report-uat`, left out of monthly active
 * users and billing while on, with the `uat-editor` dialog that adds, renames and switches one on or off.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, FormGroup, InputGroup, Switch, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { UatDraft, uatEditorMachine } from "../../machines/uat/uat-editor"
import type { uatListMachine } from "../../machines/uat/uat-list"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { NewButton, RecordDialog, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof uatListMachine>
type EditorActor = ActorRefFrom<typeof uatEditorMachine>

export const UatView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-uat")
  const editor = usePageActor<EditorActor>("uat-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("uat.number"), t("uat.name"), t("uat.state"), t("uat.created"), t("recordKit.actions")]
  return (
    <div className="mc-page mc-report" data-testid="uat-page">
      <PageHeader
        title={t("uat.title")}
        subtitle={t("uat.subtitle")}
        actions={<NewButton actor={editor} text={t("uat.new")} testId="uat-new" />}
      />
      <ReportFilters actor={list} testId="uat-filters" buttons="none">
        <ReportSearch actor={list} label={t("uat.search")} placeholder={t("uat.number")} testId="uat-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="uat-table" columns={columns} emptyText={t("uat.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="uat-row">
            <td dir="ltr" className="mc-num">
              {row.number}
            </td>
            <td>{row.name ?? ""}</td>
            <td>
              <Tag intent={row.active ? "success" : "none"} minimal>
                {t(row.active ? "uat.active" : "uat.inactive")}
              </Tag>
            </td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            <td className="mc-record-actions">
              {editor ? (
                <Button
                  size="small"
                  variant="minimal"
                  icon="edit"
                  aria-label={t("recordKit.edit")}
                  title={t("recordKit.edit")}
                  onClick={() => editor.send({ type: "EDIT", row })}
                  data-testid="uat-row-edit"
                />
              ) : null}
            </td>
          </tr>
        ))}
      </ReportTable>
      {editor ? <UatDialog editor={editor} /> : null}
    </div>
  )
}

const UatDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: UatDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const taken = useFieldFailure(editor, "number")
  const change = (patch: Partial<UatDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <RecordDialog actor={editor} title={t(isNew ? "uat.new" : "uat.edit")} problems="uat.problems" testId="uat-dialog" marks={["number"]}>
      <FormGroup
        label={t("uat.number")}
        labelFor="uat-number-input"
        intent={taken ? "danger" : "none"}
        helperText={taken ? failureText(taken) : undefined}
      >
        <InputGroup
          id="uat-number-input"
          dir="ltr"
          disabled={!isNew}
          intent={taken ? "danger" : "none"}
          value={draft.number}
          placeholder="+905550001122"
          onValueChange={(number) => change({ number })}
          data-testid="uat-number"
        />
      </FormGroup>
      <FormGroup label={t("uat.name")} labelFor="uat-name-input">
        <InputGroup id="uat-name-input" value={draft.name} onValueChange={(name) => change({ name })} data-testid="uat-name" />
      </FormGroup>
      {isNew ? null : (
        <Switch
          checked={draft.active}
          label={t("uat.activeHelp")}
          onChange={(e) => change({ active: e.currentTarget.checked })}
          data-testid="uat-active"
        />
      )}
    </RecordDialog>
  )
}
