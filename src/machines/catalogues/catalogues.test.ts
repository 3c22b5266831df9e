/** The catalogue and product editors and the product import, model-based (common/model-check.testing.ts), and their rules. */
import { describe, expect, it } from "vitest"
import { initialTransition, transition } from "xstate"
import type { Catalogue, Product } from "../../contract/schemas/commerce"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { catalogueEditorMachine, catalogueRequestOf } from "./catalogue-editor"
import { productDraftOf, productEditorMachine, productRequestOf } from "./product-editor"
import { productImportMachine } from "./product-import"
import { productsRequestOf } from "./products-list"

const catalogue: Catalogue = { id: 4, name: "Bakery", description: null, products_count: 2, created_at: "2026-11-01T10:00:00Z" }
const product: Product = {
  id: 9,
  catalogue_id: 4,
  sku: "RYE-1",
  name: "Rye loaf",
  description: null,
  price: 450,
  currency: "USD",
  image_url: null,
  stock: 12,
  in_stock: true,
  retailer_id: null,
  created_at: "2026-11-01T10:00:00Z",
}
const taken = (field: string) => Object.assign(new Error(`${field} already exists`), { status: 409, code: "CONFLICT", field })

checkModel(
  recordEditorModel({
    name: "catalogue editor",
    machine: catalogueEditorMachine,
    row: catalogue,
    changes: [{ name: "Drinks" }, { name: " " }],
    saveRefusal: taken("name"),
    saveFrom: "edit",
    key: (s) => [s.value, s.context.row?.id ?? null, s.context.draft.name, s.context.problem, s.context.failure?.field ?? null],
  }),
)

checkModel(
  recordEditorModel({
    name: "product editor",
    machine: productEditorMachine,
    row: product,
    changes: [{ name: "Tea", sku: "TEA-1", price: "2,5", currency: "eur", stock: "3" }, { price: "2.505" }],
    saveRefusal: taken("sku"),
    saveFrom: "edit",
    key: (s) => [
      s.value,
      s.context.row?.id ?? null,
      s.context.draft.sku,
      s.context.draft.price,
      s.context.problem,
      s.context.failure?.field ?? null,
    ],
  }),
)

const csvFile = Object.assign(new Blob(["sku,name,price,currency\nA-1,A,1,USD"], { type: "text/csv" }), { name: "products.csv" })
const answer = { inserted: 1, updated: 0, skipped: 1, errors: [{ line: 3, message: "price must be an amount in USD" }] }

checkModel({
  name: "product import",
  machine: productImportMachine,
  sources: ["upload"],
  states: ["idle", "uploading"],
  events: [
    { type: "UPLOAD" },
    { type: "PICK", file: csvFile },
    { type: "PICK", file: null },
    { type: "xstate.done.actor.upload", output: answer },
    { type: "xstate.error.actor.upload", error: Object.assign(new Error("The header must name price"), { status: 400, field: "csv" }) },
  ],
  key: (s) => [s.value, s.context.file?.name ?? null, s.context.result?.inserted ?? null, s.context.failure?.field ?? null],
  view: (s) => ({ tags: [...s.tags].sort(), file: s.context.file?.name ?? null, result: s.context.result, failure: s.context.failure }),
})

describe("catalogue and product rules", () => {
  it("drops a refused save with its dialog, so the closed editor reports no failed action", () => {
    let [state] = initialTransition(catalogueEditorMachine)
    for (const event of [
      { type: "EDIT", row: catalogue },
      { type: "CHANGE", patch: { name: "Drinks" } },
      { type: "SAVE" },
      { type: "xstate.error.actor.save", error: taken("name") },
    ])
      [state] = transition(catalogueEditorMachine, state, event as never)
    expect(state.context.failure?.field).toBe("name")
    ;[state] = transition(catalogueEditorMachine, state, { type: "CANCEL" })
    expect(state.matches({ record: "closed" })).toBe(true)
    expect(state.context.failure).toBeNull()
  })

  it("needs a catalogue name and a change", () => {
    expect(catalogueRequestOf({ name: " ", description: "" }, null)).toEqual({ problem: "nameRequired" })
    expect(catalogueRequestOf({ name: "Bakery", description: "" }, catalogue)).toEqual({ problem: "noChange" })
    expect(catalogueRequestOf({ name: " Bread ", description: " Fresh " }, catalogue)).toEqual({
      request: { name: "Bread", description: "Fresh" },
    })
  })

  it("checks each product field by the contract's rule and sends the price in minor units", () => {
    const draft = { ...productDraftOf(product), sku: "RYE-2" }
    expect(productDraftOf(product).price).toBe("4.50")
    expect(productRequestOf({ ...draft, name: "" }, null)).toEqual({ problem: "nameRequired" })
    expect(productRequestOf({ ...draft, sku: "rye 2" }, null)).toEqual({ problem: "skuInvalid" })
    expect(productRequestOf({ ...draft, currency: "US" }, null)).toEqual({ problem: "currencyInvalid" })
    expect(productRequestOf({ ...draft, price: "4.505" }, null)).toEqual({ problem: "priceInvalid" })
    expect(productRequestOf({ ...draft, currency: "JPY", price: "4.5" }, null)).toEqual({ problem: "priceInvalid" })
    expect(productRequestOf({ ...draft, stock: "-1" }, null)).toEqual({ problem: "stockInvalid" })
    expect(productRequestOf({ ...draft, retailerId: "a b" }, null)).toEqual({ problem: "retailerIdInvalid" })
    const pdf = Object.assign(new Blob(["%PDF"], { type: "application/pdf" }), { name: "a.pdf" })
    expect(productRequestOf({ ...draft, imageFile: pdf }, null)).toEqual({ problem: "imageNotImage" })
    expect(productRequestOf(productDraftOf(product), product)).toEqual({ problem: "noChange" })
    expect(productRequestOf({ ...draft, price: "12,5", currency: "try", catalogueId: "" }, null)).toEqual({
      fields: { name: "Rye loaf", sku: "RYE-2", description: "", price: 1250, currency: "TRY", stock: 12 },
    })
    expect(productRequestOf({ ...productDraftOf(product), stock: "0" }, product)).toEqual({
      fields: { name: "Rye loaf", sku: "RYE-1", description: "", price: 450, currency: "USD", stock: 0, catalogue_id: 4 },
    })
  })

  it("asks for one catalogue's products or all", () => {
    expect(productsRequestOf({ catalogueId: "4" }, 2, 20)).toEqual({ page: 2, limit: 20, catalogue_id: 4 })
    expect(productsRequestOf({ catalogueId: "" }, 1, 20)).toEqual({ page: 1, limit: 20 })
  })
})
