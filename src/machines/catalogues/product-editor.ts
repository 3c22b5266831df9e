/**
 * One product created, edited or deleted (page actor `product-editor`), on the record editor kit. The price is typed
 * in the currency's major units (`12.50`) and sent in minor units by the one conversion rule (contract/money.ts);
 * each field is checked by the contract's own rule before any call. A picked image is read (ChatFiles) and stored
 * through the uploads call the chat uses, then kept on the product by its link (the server keeps the file and signs
 * a fresh link on every read). The server's refusals (409 on `sku`, 400 on `image_url`) are marked on their fields.
 */
import { Effect, Schema } from "effect"
import { majorText, minorOf } from "../../contract/money"
import { type Product, ProductInput } from "../../contract/schemas/commerce"
import { Api } from "../../services/api/api"
import { ApiConfig } from "../../services/api/config"
import { ChatFiles, type PickedFile } from "../../services/chat/chat-files"
import { createRecordEditor } from "../common/record-editor"

export interface ProductDraft {
  readonly name: string
  readonly sku: string
  readonly description: string
  /** In the currency's major units, as typed (`12.50`, `12,5`). */
  readonly price: string
  readonly currency: string
  readonly stock: string
  readonly retailerId: string
  /** A catalogue's id as text, or "" for none. */
  readonly catalogueId: string
  /** The image the product has (a signed link), shown until another is picked. */
  readonly imageUrl: string
  /** An image picked to replace it; uploaded on save. */
  readonly imageFile: PickedFile | null
}

export type ProductProblem =
  | "nameRequired"
  | "skuInvalid"
  | "currencyInvalid"
  | "priceInvalid"
  | "stockInvalid"
  | "retailerIdInvalid"
  | "imageNotImage"
  | "noChange"

export interface ProductFields {
  readonly name: string
  readonly sku: string
  readonly description: string
  readonly price: number
  readonly currency: string
  readonly stock: number
  readonly retailer_id?: string
  readonly catalogue_id?: number
}

const blank = (): ProductDraft => ({
  name: "",
  sku: "",
  description: "",
  price: "",
  currency: "",
  stock: "0",
  retailerId: "",
  catalogueId: "",
  imageUrl: "",
  imageFile: null,
})

export const productDraftOf = (row: Product): ProductDraft => ({
  name: row.name,
  sku: row.sku,
  description: row.description ?? "",
  price: majorText(row.price, row.currency),
  currency: row.currency,
  stock: String(row.stock),
  retailerId: row.retailer_id ?? "",
  catalogueId: row.catalogue_id === null ? "" : String(row.catalogue_id),
  imageUrl: row.image_url ?? "",
  imageFile: null,
})

const fits = (schema: Schema.Top, value: unknown) => Schema.is(schema as Schema.Codec<unknown>)(value)

/** The product's fields to send (all of them: the call replaces them), or the problem that stops the save. */
export const productRequestOf = (
  draft: ProductDraft,
  row: Product | null,
): { readonly problem: ProductProblem } | { readonly fields: ProductFields } => {
  const name = draft.name.trim()
  const sku = draft.sku.trim()
  const currency = draft.currency.trim().toUpperCase()
  const stockText = draft.stock.trim()
  const stock = /^\d{1,10}$/.test(stockText) ? Number(stockText) : Number.NaN
  const retailerId = draft.retailerId.trim()
  const description = draft.description.trim()
  if (!fits(ProductInput.name, name)) return { problem: "nameRequired" }
  if (!fits(ProductInput.sku, sku)) return { problem: "skuInvalid" }
  if (!fits(ProductInput.currency, currency)) return { problem: "currencyInvalid" }
  const price = minorOf(draft.price, currency)
  if (price === null) return { problem: "priceInvalid" }
  if (!fits(ProductInput.stock, stock)) return { problem: "stockInvalid" }
  if (retailerId !== "" && !fits(ProductInput.retailer_id, retailerId)) return { problem: "retailerIdInvalid" }
  if (draft.imageFile && !draft.imageFile.type.startsWith("image/")) return { problem: "imageNotImage" }
  const catalogueId = /^\d+$/.test(draft.catalogueId) ? Number(draft.catalogueId) : undefined
  if (
    row &&
    draft.imageFile === null &&
    name === row.name &&
    sku === row.sku &&
    description === (row.description ?? "") &&
    price === row.price &&
    currency === row.currency &&
    stock === row.stock &&
    retailerId === (row.retailer_id ?? "") &&
    (catalogueId ?? null) === row.catalogue_id
  )
    return { problem: "noChange" }
  return {
    fields: {
      name,
      sku,
      description,
      price,
      currency,
      stock,
      ...(retailerId ? { retailer_id: retailerId } : {}),
      ...(catalogueId === undefined ? {} : { catalogue_id: catalogueId }),
    },
  }
}

/** Stores a picked image through the chat's uploads call; its absolute link is what the product keeps. */
const uploadImage = (file: PickedFile) =>
  Effect.gen(function* () {
    const api = yield* Api
    const config = yield* ApiConfig
    const content = yield* (yield* ChatFiles).read(file)
    const uploaded = yield* api.call("uploads", "upload", {
      file_name: content.name,
      mime_type: content.mime,
      data_base64: content.base64,
    })
    return new URL(uploaded.data.url, config.origin).toString()
  })

export const productEditorMachine = createRecordEditor<Product, ProductDraft>({
  list: "report-products",
  blank,
  draftOf: productDraftOf,
  problemOf: (draft, row) => {
    const out = productRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = productRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      const image = draft.imageFile ? { image_url: yield* uploadImage(draft.imageFile) } : {}
      return row
        ? yield* api.call("catalogues", "productUpdate", { id: row.id, ...out.fields, ...image })
        : yield* api.call("catalogues", "productInsert", { ...out.fields, ...image })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("catalogues", "productDelete", { id: row.id })
    }),
})
