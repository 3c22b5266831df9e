/**
 * Products (/admin-products and the company sub-page products): the tenant's products on `report-products`, one
 * catalogue's or all, found by the server's trigram search (a typo still finds them), with their image, price in the
 * currency, stock and retailer id; the `product-editor` dialog (price typed in major units, an image picked and
 * uploaded on save, the server's refusals marked on their fields) and the CSV import with every line's outcome.
 */
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { FileInput, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { moneyText } from "../../contract/money"
import type { Catalogue, Product } from "../../contract/schemas/commerce"
import type { ProductDraft, productEditorMachine } from "../../machines/catalogues/product-editor"
import type { productImportMachine } from "../../machines/catalogues/product-import"
import type { ProductFilters, productsListMachine } from "../../machines/catalogues/products-list"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { FilterCard } from "../common/FilterCard"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { CsvImport } from "../record-kit/CsvImport"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"
import "./catalogues.css"

type ListActor = ActorRefFrom<typeof productsListMachine>
type EditorActor = ActorRefFrom<typeof productEditorMachine>
type ImportActor = ActorRefFrom<typeof productImportMachine>

const NO_CATALOGUES: readonly Catalogue[] = []

export const ProductsView = () => {
  const { t, i18n } = useTranslation()
  const list = useReportActor<ListActor>("report-products")
  const editor = usePageActor<EditorActor>("product-editor")
  const importer = usePageActor<ImportActor>("product-import")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const catalogues = useSelector(list, (s) => s.context.meta ?? NO_CATALOGUES)
  const catalogueId = useSelector(list, (s) => s.context.draft.catalogueId)
  const nameOf = (id: number | null) => catalogues.find((k) => k.id === id)?.name ?? ""
  const columns = ["image", "name", "sku", "catalogue", "price", "stock", "retailerId"].map((c) => t(`catalogues.${c}`))
  return (
    <div className="mc-page mc-report" data-testid="products-page">
      <PageHeader
        title={t("catalogues.productsTitle")}
        subtitle={t("catalogues.productsSubtitle")}
        actions={<NewButton actor={editor} text={t("catalogues.newProduct")} testId="product-new" />}
      />
      <FilterCard testId="product-filters">
        <label className="mc-report-field">
          <span>{t("catalogues.catalogue")}</span>
          <HTMLSelect
            value={catalogueId}
            onChange={(e) => list.send({ type: "FILTER.CHANGE", patch: { catalogueId: e.currentTarget.value } as Partial<ProductFilters> })}
            data-testid="product-catalogue-filter"
          >
            <option value="">{t("catalogues.allCatalogues")}</option>
            {catalogues.map((k) => (
              <option key={k.id} value={String(k.id)}>
                {k.name}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <ReportSearch
          actor={list}
          label={t("catalogues.search")}
          placeholder={t("catalogues.productSearchPlaceholder")}
          testId="product-search"
        />
      </FilterCard>
      <ReportFailure actor={list} />
      <ReportTable
        actor={list}
        testId="product-table"
        columns={[...columns, t("recordKit.actions")]}
        emptyText={t("catalogues.productsEmpty")}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="product-row" data-name={row.name}>
            <td>
              {row.image_url ? (
                <img className="mc-product-thumb" src={row.image_url} alt={row.name} data-testid="product-image" />
              ) : (
                <span className="mc-muted">{t("catalogues.noImage")}</span>
              )}
            </td>
            <td>
              {row.name}
              {row.description ? <div className="mc-muted">{row.description}</div> : null}
            </td>
            <td dir="ltr">{row.sku}</td>
            <td>{nameOf(row.catalogue_id)}</td>
            <td className="mc-num" data-col="price">
              {moneyText(row.price, row.currency, i18n.language)}
            </td>
            <td className="mc-num">
              <Tag minimal intent={row.in_stock ? "success" : "warning"}>
                {row.in_stock ? `${t("catalogues.inStock")}: ${row.stock}` : t("catalogues.outOfStock")}
              </Tag>
            </td>
            <td dir="ltr">{row.retailer_id ?? ""}</td>
            {editor ? <RowActions actor={editor} row={row} testId="product-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {importer ? (
        <CsvImport actor={importer} title={t("catalogues.importTitle")} help={t("catalogues.importHelp")} testId="product-import" />
      ) : null}
      {editor ? <ProductDialog editor={editor} catalogues={catalogues} /> : null}
    </div>
  )
}

/** A picked file shown before it is uploaded (an object URL, released when another is picked or the dialog closes). */
const usePreview = (file: Blob | null): string | null => {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}

const ProductDialog = ({ editor, catalogues }: { editor: EditorActor; catalogues: readonly Catalogue[] }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: ProductDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const skuFailure = useFieldFailure(editor, "sku")
  const imageFailure = useFieldFailure(editor, "image_url")
  const preview = usePreview(draft.imageFile)
  const change = (patch: Partial<ProductDraft>) => editor.send({ type: "CHANGE", patch })
  const text = (key: "name" | "price" | "currency" | "stock" | "retailerId", ltr: boolean, help?: string) => (
    <FormGroup label={t(`catalogues.${key}`)} labelFor={`product-${key}`} helperText={help}>
      <InputGroup
        id={`product-${key}`}
        dir={ltr ? "ltr" : undefined}
        value={draft[key]}
        onValueChange={(value) => change({ [key]: value })}
        data-testid={`product-${key}`}
      />
    </FormGroup>
  )
  const image = preview ?? (draft.imageUrl || null)
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "catalogues.newProduct" : "catalogues.editProduct")}
        problems="catalogues.problems"
        testId="product-dialog"
        marks={["sku", "image_url"]}
      >
        {text("name", false)}
        <FormGroup
          label={t("catalogues.sku")}
          labelFor="product-sku"
          helperText={skuFailure ? failureText(skuFailure) : undefined}
          intent={skuFailure ? "danger" : "none"}
        >
          <InputGroup
            id="product-sku"
            dir="ltr"
            value={draft.sku}
            intent={skuFailure ? "danger" : "none"}
            onValueChange={(sku) => change({ sku })}
            data-testid="product-sku"
          />
        </FormGroup>
        <FormGroup label={t("catalogues.catalogue")} labelFor="product-catalogue">
          <HTMLSelect
            id="product-catalogue"
            fill
            value={draft.catalogueId}
            onChange={(e) => change({ catalogueId: e.currentTarget.value })}
            data-testid="product-catalogue"
          >
            <option value="">{t("catalogues.noCatalogue")}</option>
            {catalogues.map((k) => (
              <option key={k.id} value={String(k.id)}>
                {k.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <div className="mc-product-money">
          {text("price", true)}
          {text("currency", true, t("catalogues.currencyHelp"))}
        </div>
        {text("stock", true)}
        {text("retailerId", true, t("catalogues.retailerIdHelp"))}
        <FormGroup label={t("catalogues.description")} labelFor="product-description">
          <TextArea
            id="product-description"
            fill
            rows={2}
            value={draft.description}
            onChange={(e) => change({ description: e.currentTarget.value })}
            data-testid="product-description"
          />
        </FormGroup>
        <FormGroup
          label={t("catalogues.image")}
          helperText={imageFailure ? failureText(imageFailure) : undefined}
          intent={imageFailure ? "danger" : "none"}
        >
          <div className="mc-product-image-field">
            {image ? <img className="mc-product-preview" src={image} alt="" data-testid="product-image-preview" /> : null}
            <FileInput
              fill
              text={draft.imageFile?.name ?? t("catalogues.chooseImage")}
              buttonText={t("catalogues.browse")}
              hasSelection={draft.imageFile !== null}
              inputProps={{ accept: "image/*", "data-testid": "product-image-file" } as never}
              onInputChange={(e) => change({ imageFile: e.currentTarget.files?.[0] ?? null })}
            />
          </div>
        </FormGroup>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: Product) => row.name} />
    </>
  )
}
