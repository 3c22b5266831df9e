/**
 * Catalogues (`report-catalogues`, /fb-catalogues-menu and the company sub-page catalouges): the tenant's catalogues
 * with their product counts, searched by name or description, paged on the server.
 */
import { Effect } from "effect"
import type { Catalogue } from "../../contract/schemas/commerce"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"

export type CatalogueFilters = Record<string, never>

export const cataloguesConfig = (): ReportConfig<Catalogue, CatalogueFilters> => ({
  name: "catalogues",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("catalogues", "catalogues", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search.trim() ? { search: query.search.trim() } : {}),
      })
      return pageOf<Catalogue>(body)
    }),
})

export const cataloguesListMachine = createReportMachine(cataloguesConfig())
