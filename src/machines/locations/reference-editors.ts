/**
 * The super admin's country and city editors (page actors `country-editor`, `city-editor`, record editor kit): create
 * and edit, with each field checked by the contract's own rule first. The server refuses an ISO code or a city name
 * (within its country) already taken with 409 on that field, marked on it; neither is deleted (switched off instead,
 * so branches keep their city).
 */
import { Effect, Schema } from "effect"
import { type City, CityInput, type Country, CountryInput } from "../../contract/schemas/locations"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

const fits = (schema: Schema.Top, value: unknown) => Schema.is(schema as Schema.Codec<unknown>)(value)
const refuse = () => Effect.fail(new Error("countries and cities are switched off, not deleted"))

export interface CountryDraft {
  readonly name: string
  readonly isoCode: string
  readonly dialCode: string
  readonly active: boolean
}

export type CountryProblem = "placeNameRequired" | "isoCodeInvalid" | "dialCodeInvalid" | "noChange"

export const countryRequestOf = (
  draft: CountryDraft,
  row: Country | null,
): { readonly problem: CountryProblem } | { readonly request: { name: string; iso_code: string; dial_code: string; active: boolean } } => {
  const name = draft.name.trim()
  const iso = draft.isoCode.trim().toUpperCase()
  const dial = draft.dialCode.trim().replace(/^(?=\d)/, "+")
  if (!fits(CountryInput.name, name)) return { problem: "placeNameRequired" }
  if (!fits(CountryInput.iso_code, iso)) return { problem: "isoCodeInvalid" }
  if (!fits(CountryInput.dial_code, dial)) return { problem: "dialCodeInvalid" }
  if (row && name === row.name && iso === row.iso_code && dial === row.dial_code && draft.active === row.active)
    return { problem: "noChange" }
  return { request: { name, iso_code: iso, dial_code: dial, active: draft.active } }
}

export const countryEditorMachine = createRecordEditor<Country, CountryDraft>({
  list: "report-countries",
  blank: () => ({ name: "", isoCode: "", dialCode: "", active: true }),
  draftOf: (row) => ({ name: row.name, isoCode: row.iso_code, dialCode: row.dial_code, active: row.active }),
  problemOf: (draft, row) => {
    const out = countryRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = countryRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("locations", "updateCountryById", { id: row.id, ...out.request })
        : yield* api.call("locations", "createCountry", out.request)
    }),
  remove: refuse,
})

export interface CityDraft {
  readonly name: string
  /** The country's id as text; "" until one is picked. */
  readonly countryId: string
  readonly active: boolean
}

export type CityProblem = "placeNameRequired" | "countryRequired" | "noChange"

export const cityRequestOf = (
  draft: CityDraft,
  row: City | null,
): { readonly problem: CityProblem } | { readonly request: { name: string; country_id: number; active: boolean } } => {
  const name = draft.name.trim()
  if (!fits(CityInput.name, name)) return { problem: "placeNameRequired" }
  if (!/^\d+$/.test(draft.countryId)) return { problem: "countryRequired" }
  const countryId = Number(draft.countryId)
  if (row && name === row.name && countryId === row.country_id && draft.active === row.active) return { problem: "noChange" }
  return { request: { name, country_id: countryId, active: draft.active } }
}

export const cityEditorMachine = createRecordEditor<City, CityDraft>({
  list: "report-cities",
  blank: () => ({ name: "", countryId: "", active: true }),
  draftOf: (row) => ({ name: row.name, countryId: String(row.country_id), active: row.active }),
  problemOf: (draft, row) => {
    const out = cityRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = cityRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("locations", "updateCityById", { id: row.id, ...out.request })
        : yield* api.call("locations", "createCity", out.request)
    }),
  remove: refuse,
})
