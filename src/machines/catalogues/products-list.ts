/**
 * Products (`report-products`, /admin-products and the company sub-page products): the tenant's products, one
 * catalogue's or all, searched by the server's trigram search (`/product/search`: a typo still finds the product,
 * best match first), paged on the server. Each answer also carries the tenant's catalogues (the filter's and the
 * editor's choices).
 */
import { Effect } from "effect"
import type { Catalogue, Product } from "../../contract/schemas/commerce"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"

export interface ProductFilters {
  /** A catalogue's id as text, or "" for every product. */
  readonly catalogueId: string
}

/** The catalogues a product can be in (the first 1,000 by name). */
export type ProductsMeta = readonly Catalogue[]

export const productsRequestOf = (filters: ProductFilters, page: number, limit: number) => ({
  page,
  limit,
  ...(/^\d+$/.test(filters.catalogueId) ? { catalogue_id: Number(filters.catalogueId) } : {}),
})

export const productsConfig = (): ReportConfig<Product, ProductFilters, ProductsMeta> => ({
  name: "products",
  pageBase: 1,
  defaultFilters: () => ({ catalogueId: "" }),
  appliesOnChange: () => true,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const request = productsRequestOf(query.filters, query.page, query.pageSize)
      const search = query.search.trim()
      const [body, catalogues] = yield* Effect.all(
        [
          search ? api.call("catalogues", "productSearch", { ...request, search }) : api.call("catalogues", "products", request),
          api.call("catalogues", "catalogues", { limit: 1000 }),
        ],
        { concurrency: 2 },
      )
      return pageOf<Product, ProductsMeta>(body, catalogues.data.items)
    }),
})

export const productsListMachine = createReportMachine(productsConfig())
