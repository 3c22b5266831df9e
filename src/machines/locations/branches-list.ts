/**
 * Branches (`report-branches`, /apps/nearest-location and the company sub-page nearest-location): the tenant's
 * branches the bot offers as the nearest ones, searched by name, address or city, paged on the server.
 */
import { Effect } from "effect"
import type { Location } from "../../contract/schemas/locations"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"

export type BranchFilters = Record<string, never>

export const branchesConfig = (): ReportConfig<Location, BranchFilters> => ({
  name: "branches",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("locations", "fetchClientLocations", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search.trim() ? { search: query.search.trim() } : {}),
      })
      return pageOf<Location>(body)
    }),
})

export const branchesListMachine = createReportMachine(branchesConfig())
