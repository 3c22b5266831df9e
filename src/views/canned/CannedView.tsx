/**
 * Canned messages (/apps/canned-messages and the company sub-page CannedReplies): the replies of both kinds on
 * `report-canned`, and the `canned-editor` page actor's dialog that creates, edits and deletes one. A shortcut the
 * server refuses (409: already in someone's `/` menu) is marked on the field with the server's words.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { FormGroup, HTMLSelect, InputGroup, Switch, Tag, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { CannedMessage } from "../../contract/schemas/contacts"
import type { CannedFilters, cannedListMachine } from "../../machines/canned/canned-list"
import type { CannedDraft, cannedEditorMachine } from "../../machines/canned/canned-editor"
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

type ListActor = ActorRefFrom<typeof cannedListMachine>
type EditorActor = ActorRefFrom<typeof cannedEditorMachine>

export const CannedView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-canned")
  const editor = usePageActor<EditorActor>("canned-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const kind = useSelector(list, (s) => s.context.draft.kind)
  const columns = ["titleField", "kind", "shortcut", "text", "visibility", "actions"].map((c) =>
    t(c === "actions" ? "recordKit.actions" : `canned.${c}`),
  )
  return (
    <div className="mc-page mc-report" data-testid="canned-page">
      <PageHeader
        title={t("canned.title")}
        subtitle={t("canned.subtitle")}
        actions={<NewButton actor={editor} text={t("canned.new")} testId="canned-new" />}
      />
      <ReportFilters actor={list} testId="canned-filters" buttons="short">
        <ReportSearch actor={list} label={t("canned.search")} placeholder={t("canned.searchPlaceholder")} testId="canned-search" />
        <FormGroup label={t("canned.kind")} labelFor="canned-kind-filter" className="mc-report-field">
          <HTMLSelect
            id="canned-kind-filter"
            value={kind}
            onChange={(e) => list.send({ type: "FILTER.CHANGE", patch: { kind: e.currentTarget.value as CannedFilters["kind"] } })}
            data-testid="canned-kind-filter"
            options={[
              { value: "", label: t("canned.bothKinds") },
              { value: "chat", label: t("canned.kinds.chat") },
              { value: "call", label: t("canned.kinds.call") },
            ]}
          />
        </FormGroup>
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="canned-table" columns={columns} emptyText={t("canned.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="canned-row">
            <td>{row.title}</td>
            <td>
              <Tag minimal>{t(`canned.kinds.${row.type}`)}</Tag>
            </td>
            <td className="mc-num">{row.shortcut ? `/${row.shortcut}` : ""}</td>
            <td className="mc-clip" title={row.text}>
              {row.text}
            </td>
            <td>{row.shared ? t("canned.shared") : t("canned.private")}</td>
            {editor ? <RowActions actor={editor} row={row} testId="canned-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <CannedDialog editor={editor} /> : null}
    </div>
  )
}

const CannedDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: CannedDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const clash = useFieldFailure(editor, "shortcut")
  const change = (patch: Partial<CannedDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "canned.new" : "canned.edit")}
        problems="canned.problems"
        testId="canned-dialog"
        marks={["shortcut"]}
      >
        <FormGroup label={t("canned.kind")} labelFor="canned-kind">
          <HTMLSelect
            id="canned-kind"
            value={draft.type}
            onChange={(e) => change({ type: e.currentTarget.value as CannedDraft["type"] })}
            data-testid="canned-kind"
            options={[
              { value: "chat", label: t("canned.kinds.chat") },
              { value: "call", label: t("canned.kinds.call") },
            ]}
          />
        </FormGroup>
        <FormGroup label={t("canned.titleField")} labelFor="canned-title-input">
          <InputGroup id="canned-title-input" value={draft.title} onValueChange={(title) => change({ title })} data-testid="canned-title" />
        </FormGroup>
        <FormGroup label={t("canned.text")} labelFor="canned-text-input">
          <TextArea
            id="canned-text-input"
            fill
            rows={4}
            value={draft.text}
            onChange={(e) => change({ text: e.currentTarget.value })}
            data-testid="canned-text"
          />
        </FormGroup>
        <FormGroup
          label={t("canned.shortcut")}
          labelFor="canned-shortcut-input"
          helperText={clash ? t("canned.shortcutTaken", { message: failureText(clash) }) : t("canned.shortcutHelp")}
          intent={clash ? "danger" : "none"}
        >
          <InputGroup
            id="canned-shortcut-input"
            className="mc-num"
            leftElement={<span className="mc-record-slash">/</span>}
            intent={clash ? "danger" : "none"}
            value={draft.shortcut}
            onValueChange={(shortcut) => change({ shortcut })}
            data-testid="canned-shortcut"
          />
        </FormGroup>
        <Switch
          checked={!draft.shared}
          label={t("canned.privateHelp")}
          onChange={(e) => change({ shared: !e.currentTarget.checked })}
          data-testid="canned-private"
        />
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: CannedMessage) => row.title} />
    </>
  )
}
