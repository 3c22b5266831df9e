import { Schema } from "effect"
import { defineGroup } from "../call"
import { Id, ImportResult } from "../schemas/common"
import { PRODUCTS_CSV_MAX_CHARS } from "../schemas/commerce"

/** Bulk product import by CSV, beyond the spec's catalogue calls. */
export const productImport = defineGroup(
  "productImport",
  { title: "Product import", permission: "catalogues", beyondSpec: true },
  {
    /**
     * Products from a CSV file's text. Header (any order, any case): sku, name, price (in the currency's major units,
     * `12.50`), currency, and optionally description, stock, retailer_id, image_url, catalogue (id or name; else the
     * request's `catalogue_id`). A known SKU updates its product. Every data line is answered: inserted, updated or
     * skipped with its line number and why.
     */
    productImport: {
      method: "POST",
      path: "/product/import",
      request: Schema.Struct({
        csv: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(PRODUCTS_CSV_MAX_CHARS)),
        catalogue_id: Schema.optional(Id),
      }),
      response: ImportResult,
    },
  },
)
