/**
 * The branches CSV upload (page actor `branch-import`, on the CSV import kit): a file sent to `/client/bulk/location`;
 * every line answered (inserted, updated by name, or skipped with its line and reason), then the branches reload.
 */
import { Effect } from "effect"
import { Api } from "../../services/api/api"
import { createCsvImport } from "../common/csv-import"

export const branchImportMachine = createCsvImport({
  list: "report-branches",
  send: (csv) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("locations", "clientBulkLocation", { csv })
    }),
})
