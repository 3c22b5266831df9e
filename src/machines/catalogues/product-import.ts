/**
 * The product CSV import (page actor `product-import`, on the CSV import kit): a file sent to `/product/import` (a
 * line's catalogue by its `catalogue` column); every line answered, then the products list reloads.
 */
import { Effect } from "effect"
import { Api } from "../../services/api/api"
import { createCsvImport } from "../common/csv-import"

export const productImportMachine = createCsvImport({
  list: "report-products",
  send: (csv) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("productImport", "productImport", { csv })
    }),
})
