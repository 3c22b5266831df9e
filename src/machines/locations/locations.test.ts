/** The branch editor and the nearest finder, model-based (common/model-check.testing.ts), and their rules. */
import { describe, expect, it } from "vitest"
import type { Location, NearbyLocation } from "../../contract/schemas/locations"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { branchEditorMachine, branchRequestOf, degreesOf } from "./branch-editor"
import { nearestFinderMachine, nearestQueryOf } from "./nearest-finder"

const row: Location = {
  id: 3,
  name: "Kadıköy",
  address: "Moda Cd. 1",
  city_id: 2,
  city: "Istanbul",
  latitude: 40.99,
  longitude: 29.03,
  phone: null,
  opening_hours: "Mon-Fri 09:00-18:00",
  created_at: "2026-11-01T10:00:00Z",
}
const badHours = Object.assign(new Error("opening_hours: 'soon' does not read as opening hours"), {
  status: 400,
  code: "VALIDATION",
  field: "opening_hours",
})
const near: NearbyLocation = { ...row, distance_km: 1.2, open_now: true, map_url: "https://www.openstreetmap.org/?mlat=40.99&mlon=29.03" }

checkModel(
  recordEditorModel({
    name: "branch editor",
    machine: branchEditorMachine,
    row,
    changes: [{ name: "Moda", address: "Moda Cd. 2", latitude: "40,98", longitude: "29.02" }, { latitude: "91" }],
    saveRefusal: badHours,
    saveFrom: "edit",
    key: (s) => [
      s.value,
      s.context.row?.id ?? null,
      s.context.draft.name,
      s.context.draft.latitude,
      s.context.problem,
      s.context.failure?.field ?? null,
    ],
  }),
)

checkModel({
  name: "nearest finder",
  machine: nearestFinderMachine,
  sources: ["find"],
  states: ["idle", "finding"],
  events: [
    { type: "FIND" },
    { type: "POINT", patch: { latitude: "41.0", longitude: "29.0" } },
    { type: "POINT", patch: { openOnly: true } },
    { type: "xstate.done.actor.find", output: [near] },
    { type: "xstate.error.actor.find", error: new Error("offline") },
  ],
  key: (s) => [s.value, s.context.point, s.context.found?.length ?? null, s.context.problem, s.context.failure?.code ?? null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    point: s.context.point,
    found: s.context.found,
    problem: s.context.problem,
    failure: s.context.failure,
  }),
})

describe("branch rules", () => {
  it("reads coordinates with a dot or a comma, within range", () => {
    expect(degreesOf(" 40,99 ", 90)).toBe(40.99)
    expect(degreesOf("-179.5", 180)).toBe(-179.5)
    expect(degreesOf("91", 90)).toBeNull()
    expect(degreesOf("north", 90)).toBeNull()
  })

  it("needs a name, an address and coordinates; sends the whole branch, keeping its city", () => {
    const draft = { name: "A", address: "B", latitude: "1", longitude: "2", phone: "", openingHours: "" }
    expect(branchRequestOf({ ...draft, name: " " }, null)).toEqual({ problem: "nameRequired" })
    expect(branchRequestOf({ ...draft, address: "" }, null)).toEqual({ problem: "addressRequired" })
    expect(branchRequestOf({ ...draft, latitude: "x" }, null)).toEqual({ problem: "latitudeInvalid" })
    expect(branchRequestOf({ ...draft, longitude: "181" }, null)).toEqual({ problem: "longitudeInvalid" })
    expect(branchRequestOf(draft, null)).toEqual({ request: { name: "A", address: "B", latitude: 1, longitude: 2 } })
    const same = {
      name: row.name,
      address: row.address,
      latitude: "40.99",
      longitude: "29.03",
      phone: "",
      openingHours: row.opening_hours ?? "",
    }
    expect(branchRequestOf(same, row)).toEqual({ problem: "noChange" })
    expect(branchRequestOf({ ...same, openingHours: "24/7" }, row)).toEqual({
      request: { id: 3, city_id: 2, name: row.name, address: row.address, latitude: 40.99, longitude: 29.03, opening_hours: "24/7" },
    })
  })

  it("asks for the five nearest at a valid point only", () => {
    expect(nearestQueryOf({ latitude: "41", longitude: "29", openOnly: true })).toEqual({
      latitude: 41,
      longitude: 29,
      limit: 5,
      open_only: true,
    })
    expect(nearestQueryOf({ latitude: "", longitude: "29", openOnly: false })).toBeNull()
  })
})
