/**
 * Segments (/apps/admin-segments and the company sub-page `segments`): the tenant's segments on `report-segments`
 * with their member counts, and the `segment-editor` page actor's dialog: name, all/any, the rule builder
 * (RuleRow.tsx) and the live count of contacts the unsaved rules match.
 */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Spinner, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Segment } from "../../contract/schemas/tagging"
import { SEGMENT_MAX_CONDITIONS } from "../../contract/schemas/segment-rules"
import type { SegmentDraft, segmentEditorMachine } from "../../machines/segments/segment-editor"
import { addCondition, changeCondition, firstIncomplete, removeCondition } from "../../machines/segments/segment-rules"
import type { segmentsListMachine } from "../../machines/segments/segments-list"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useWriteNotices } from "../record-kit/RecordDialog"
import { RuleRow } from "./RuleRow"
import { type MembersActor, SegmentMembersDialog, showMembers } from "./SegmentMembers"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof segmentsListMachine>
type EditorActor = ActorRefFrom<typeof segmentEditorMachine>

export const SegmentsView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-segments")
  const editor = usePageActor<EditorActor>("segment-editor")
  useWriteNotices(editor)
  const members = usePageActor<MembersActor>("segment-members")
  const [shown, setShown] = useState<Segment | null>(null)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("segments.name"), t("segments.description"), t("segments.rules"), t("segments.members"), t("recordKit.actions")]
  return (
    <div className="mc-page mc-report" data-testid="segments-page">
      <PageHeader
        title={t("segments.title")}
        subtitle={t("segments.subtitle")}
        actions={<NewButton actor={editor} text={t("segments.new")} testId="segments-new" />}
      />
      <ReportFilters actor={list} testId="segments-filters" buttons="none">
        <ReportSearch actor={list} label={t("segments.search")} placeholder={t("segments.name")} testId="segments-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="segments-table" columns={columns} emptyText={t("segments.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="segment-row">
            <td>{row.name}</td>
            <td className="mc-clip">{row.description ?? ""}</td>
            <td>{t(`segments.summary.${row.rules.match}`, { count: row.rules.conditions.length })}</td>
            <td className="mc-num">
              <Button
                variant="minimal"
                size="small"
                text={String(row.customers)}
                aria-label={t("segments.showMembers", { count: row.customers })}
                disabled={!members}
                data-testid="segment-members"
                onClick={() => {
                  if (!members) return
                  showMembers(members, row)
                  setShown(row)
                }}
              />
            </td>
            {editor ? <RowActions actor={editor} row={row} testId="segment-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <SegmentDialog editor={editor} list={list} /> : null}
      {members ? <SegmentMembersDialog actor={members} segment={shown} onClose={() => setShown(null)} /> : null}
    </div>
  )
}

const SegmentDialog = ({ editor, list }: { editor: EditorActor; list: ListActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: SegmentDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const meta = useSelector(list, (s) => s.context.meta)
  const choices = meta?.choices ?? { tag: [], flag: [], group: [], label: [] }
  const change = (patch: Partial<SegmentDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <>
      <RecordDialog actor={editor} title={t(isNew ? "segments.new" : "segments.edit")} problems="segments.problems" testId="segment-dialog">
        <FormGroup label={t("segments.name")} labelFor="segment-name-input">
          <InputGroup id="segment-name-input" value={draft.name} onValueChange={(name) => change({ name })} data-testid="segment-name" />
        </FormGroup>
        <FormGroup label={t("segments.description")} labelFor="segment-description-input">
          <InputGroup
            id="segment-description-input"
            value={draft.description}
            onValueChange={(description) => change({ description })}
            data-testid="segment-description"
          />
        </FormGroup>
        <FormGroup label={t("segments.match")} labelFor="segment-match">
          <HTMLSelect
            id="segment-match"
            value={draft.match}
            onChange={(e) => change({ match: e.currentTarget.value as SegmentDraft["match"] })}
            options={[
              { value: "all", label: t("segments.matchAll") },
              { value: "any", label: t("segments.matchAny") },
            ]}
            data-testid="segment-match"
          />
        </FormGroup>
        <div className="mc-rules" data-testid="segment-rules">
          {draft.conditions.map((condition, index) => (
            <RuleRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the rule list; removing one renumbers the rest
              key={index}
              index={index}
              condition={condition}
              choices={choices}
              onChange={(patch) => change({ conditions: changeCondition(draft, index, patch) })}
              onRemove={() => change({ conditions: removeCondition(draft, index) })}
            />
          ))}
          <Button
            icon="add"
            variant="outlined"
            disabled={draft.conditions.length >= SEGMENT_MAX_CONDITIONS}
            text={t("segments.addCondition")}
            onClick={() => change({ conditions: addCondition(draft, "attribute") })}
            data-testid="segment-add-rule"
          />
        </div>
        {meta?.choicesError ? (
          <Callout intent="warning">{t("segments.choicesFailed", { message: failureText(meta.choicesError) })}</Callout>
        ) : null}
        <LiveCount editor={editor} />
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: Segment) => row.name} />
    </>
  )
}

/** How many contacts the unsaved rules match, while counting a spinner; incomplete rules say which row to finish. */
const LiveCount = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const counting = useSelector(editor, (s) => !s.matches({ preview: "idle" }))
  const preview = useSelector(editor, (s) => s.context.preview)
  const failure = useSelector(editor, (s) => s.context.previewFailure)
  const incomplete = useSelector(editor, (s) => firstIncomplete(s.context.draft))
  return (
    <div className="mc-live-count" data-testid="segment-count" aria-live="polite">
      {incomplete >= 0 ? (
        <span>{t("segments.finishCondition", { number: incomplete + 1 })}</span>
      ) : failure ? (
        <span className="mc-danger">{t("segments.countFailed", { message: failureText(failure) })}</span>
      ) : preview ? (
        <Tag large intent="primary" minimal data-testid="segment-count-value">
          {t("segments.matching", { count: preview.total })}
        </Tag>
      ) : null}
      {counting ? <Spinner size={16} aria-label={t("segments.counting")} /> : null}
    </div>
  )
}
