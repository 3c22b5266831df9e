/**
 * Catalogues (/fb-catalogues-menu and the company sub-page catalouges): the tenant's catalogues on
 * `report-catalogues`, searched, with their product counts, and the `catalogue-editor` dialog (a name already taken
 * is marked on the field with the server's words; deleting keeps the products).
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { FormGroup, InputGroup, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Catalogue } from "../../contract/schemas/commerce"
import type { CatalogueDraft, catalogueEditorMachine } from "../../machines/catalogues/catalogue-editor"
import type { cataloguesListMachine } from "../../machines/catalogues/catalogues-list"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { FilterCard } from "../common/FilterCard"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof cataloguesListMachine>
type EditorActor = ActorRefFrom<typeof catalogueEditorMachine>

export const CataloguesView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-catalogues")
  const editor = usePageActor<EditorActor>("catalogue-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("catalogues.name"), t("catalogues.description"), t("catalogues.productsCount"), t("recordKit.actions")]
  return (
    <div className="mc-page mc-report" data-testid="catalogues-page">
      <PageHeader
        title={t("catalogues.title")}
        subtitle={t("catalogues.subtitle")}
        actions={<NewButton actor={editor} text={t("catalogues.new")} testId="catalogue-new" />}
      />
      <FilterCard>
        <ReportSearch
          actor={list}
          label={t("catalogues.search")}
          placeholder={t("catalogues.searchPlaceholder")}
          testId="catalogue-search"
        />
      </FilterCard>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="catalogue-table" columns={columns} emptyText={t("catalogues.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="catalogue-row" data-name={row.name}>
            <td>{row.name}</td>
            <td>{row.description ?? ""}</td>
            <td className="mc-num" data-col="products">
              {row.products_count}
            </td>
            {editor ? <RowActions actor={editor} row={row} testId="catalogue-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <CatalogueDialog editor={editor} /> : null}
    </div>
  )
}

const CatalogueDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: CatalogueDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const nameFailure = useFieldFailure(editor, "name")
  const change = (patch: Partial<CatalogueDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "catalogues.new" : "catalogues.edit")}
        problems="catalogues.problems"
        testId="catalogue-dialog"
        marks={["name"]}
      >
        <FormGroup
          label={t("catalogues.name")}
          labelFor="catalogue-name"
          helperText={nameFailure ? failureText(nameFailure) : undefined}
          intent={nameFailure ? "danger" : "none"}
        >
          <InputGroup
            id="catalogue-name"
            value={draft.name}
            intent={nameFailure ? "danger" : "none"}
            onValueChange={(name) => change({ name })}
            data-testid="catalogue-name"
          />
        </FormGroup>
        <FormGroup label={t("catalogues.description")} labelFor="catalogue-description">
          <TextArea
            id="catalogue-description"
            fill
            rows={3}
            value={draft.description}
            onChange={(e) => change({ description: e.currentTarget.value })}
            data-testid="catalogue-description"
          />
        </FormGroup>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: Catalogue) => row.name} />
    </>
  )
}
