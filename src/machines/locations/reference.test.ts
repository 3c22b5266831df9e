/** The super admin's country and city editors and the branch CSV upload, model-based, and their rules. */
import { describe, expect, it } from "vitest"
import type { City, Country } from "../../contract/schemas/locations"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { branchImportMachine } from "./branch-import"
import { cityEditorMachine, cityRequestOf, countryEditorMachine, countryRequestOf } from "./reference-editors"

const country: Country = { id: 1, name: "Türkiye", iso_code: "TR", dial_code: "+90", active: true }
const city: City = { id: 5, country_id: 1, name: "İzmir", active: true }
const taken = (field: string) => Object.assign(new Error(`${field} already exists`), { status: 409, code: "CONFLICT", field })

checkModel(
  recordEditorModel({
    name: "country editor",
    machine: countryEditorMachine,
    row: country,
    changes: [{ name: "Greece", isoCode: "gr", dialCode: "30" }, { isoCode: "GRC" }],
    saveRefusal: taken("iso_code"),
    saveFrom: "edit",
    noDelete: true,
    key: (s) => [s.value, s.context.row?.id ?? null, s.context.draft.isoCode, s.context.problem, s.context.failure?.field ?? null],
  }),
)

checkModel(
  recordEditorModel({
    name: "city editor",
    machine: cityEditorMachine,
    row: city,
    changes: [{ name: "Bursa", countryId: "1" }, { countryId: "" }],
    saveRefusal: taken("name"),
    saveFrom: "edit",
    noDelete: true,
    key: (s) => [
      s.value,
      s.context.row?.id ?? null,
      s.context.draft.name,
      s.context.draft.countryId,
      s.context.problem,
      s.context.failure?.field ?? null,
    ],
  }),
)

const csvFile = Object.assign(new Blob(["name,address,latitude,longitude\nA,B,1,2"], { type: "text/csv" }), { name: "branches.csv" })

checkModel({
  name: "branch import",
  machine: branchImportMachine,
  sources: ["upload"],
  states: ["idle", "uploading"],
  events: [
    { type: "UPLOAD" },
    { type: "PICK", file: csvFile },
    { type: "xstate.done.actor.upload", output: { inserted: 1, updated: 0, skipped: 0, errors: [] } },
    { type: "xstate.error.actor.upload", error: new Error("offline") },
  ],
  key: (s) => [s.value, s.context.file?.name ?? null, s.context.result?.inserted ?? null, s.context.failure?.message ?? null],
  view: (s) => ({ tags: [...s.tags].sort(), file: s.context.file?.name ?? null, result: s.context.result, failure: s.context.failure }),
})

describe("country and city rules", () => {
  it("checks a country by the contract's rules, capitalising the code and adding the plus", () => {
    const draft = { name: "Greece", isoCode: " gr ", dialCode: "30", active: true }
    expect(countryRequestOf(draft, null)).toEqual({ request: { name: "Greece", iso_code: "GR", dial_code: "+30", active: true } })
    expect(countryRequestOf({ ...draft, name: "" }, null)).toEqual({ problem: "placeNameRequired" })
    expect(countryRequestOf({ ...draft, isoCode: "GRC" }, null)).toEqual({ problem: "isoCodeInvalid" })
    expect(countryRequestOf({ ...draft, dialCode: "+30123" }, null)).toEqual({ problem: "dialCodeInvalid" })
    expect(countryRequestOf({ name: "Türkiye", isoCode: "TR", dialCode: "+90", active: true }, country)).toEqual({ problem: "noChange" })
    expect(countryRequestOf({ name: "Türkiye", isoCode: "TR", dialCode: "+90", active: false }, country)).toEqual({
      request: { name: "Türkiye", iso_code: "TR", dial_code: "+90", active: false },
    })
  })

  it("needs a city's name and country", () => {
    expect(cityRequestOf({ name: "Bursa", countryId: "", active: true }, null)).toEqual({ problem: "countryRequired" })
    expect(cityRequestOf({ name: " ", countryId: "1", active: true }, null)).toEqual({ problem: "placeNameRequired" })
    expect(cityRequestOf({ name: "İzmir", countryId: "1", active: true }, city)).toEqual({ problem: "noChange" })
    expect(cityRequestOf({ name: " Bursa ", countryId: "1", active: true }, null)).toEqual({
      request: { name: "Bursa", country_id: 1, active: true },
    })
  })
})
