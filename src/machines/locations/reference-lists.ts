/**
 * The platform's countries (`report-countries`) and cities (`report-cities`, one country's or all), which the super
 * admin keeps (inactive ones included) and tenants pick a branch's city from. Paged and searched on the server; the
 * cities' answer also carries the countries (the filter's and the city editor's choices).
 */
import { Effect } from "effect"
import type { City, Country } from "../../contract/schemas/locations"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"

export const countriesConfig = (): ReportConfig<Country, Record<string, never>> => ({
  name: "countries",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("locations", "fetchListCountries", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search.trim() ? { search: query.search.trim() } : {}),
      })
      return pageOf<Country>(body)
    }),
})

export interface CityFilters {
  /** A country's id as text, or "" for every city. */
  readonly countryId: string
}

export type CitiesMeta = readonly Country[]

export const citiesConfig = (): ReportConfig<City, CityFilters, CitiesMeta> => ({
  name: "cities",
  pageBase: 1,
  defaultFilters: () => ({ countryId: "" }),
  appliesOnChange: () => true,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const [body, countries] = yield* Effect.all(
        [
          api.call("locations", "fetchListCities", {
            page: query.page,
            limit: query.pageSize,
            ...(/^\d+$/.test(query.filters.countryId) ? { country_id: Number(query.filters.countryId) } : {}),
            ...(query.search.trim() ? { search: query.search.trim() } : {}),
          }),
          api.call("locations", "fetchListCountries", { limit: 1000 }),
        ],
        { concurrency: 2 },
      )
      return pageOf<City, CitiesMeta>(body, countries.data.items)
    }),
})

export const countriesListMachine = createReportMachine(countriesConfig())
export const citiesListMachine = createReportMachine(citiesConfig())
