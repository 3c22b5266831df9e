/**
 * One branch created, edited or deleted (page actor `branch-editor`), on the record editor kit. Coordinates are typed
 * as decimal degrees; opening hours are written as people write them and read by the server on save
 * (`Mon-Fri 09:00-18:00; Sat 10:00-14:00`, `daily 22:00-02:00`, `24/7`), which answers 400 on `opening_hours` when
 * the text does not read as hours: the dialog marks the field with the server's words.
 */
import { Effect } from "effect"
import type { Location } from "../../contract/schemas/locations"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export interface BranchDraft {
  readonly name: string
  readonly address: string
  readonly latitude: string
  readonly longitude: string
  readonly phone: string
  readonly openingHours: string
}

export type BranchProblem = "nameRequired" | "addressRequired" | "latitudeInvalid" | "longitudeInvalid" | "noChange"

const blank = (): BranchDraft => ({ name: "", address: "", latitude: "", longitude: "", phone: "", openingHours: "" })

export const branchDraftOf = (row: Location): BranchDraft => ({
  name: row.name,
  address: row.address,
  latitude: String(row.latitude),
  longitude: String(row.longitude),
  phone: row.phone ?? "",
  openingHours: row.opening_hours ?? "",
})

/** A coordinate typed with a dot or a comma, within ±limit; null when it is not one. */
export const degreesOf = (text: string, limit: number): number | null => {
  const trimmed = text.trim().replace(",", ".")
  if (!/^[-+]?\d{1,3}(\.\d+)?$/.test(trimmed)) return null
  const value = Number(trimmed)
  return Math.abs(value) <= limit ? value : null
}

/** The body to send (every field: the call replaces the branch), or the problem that stops it. */
export const branchRequestOf = (
  draft: BranchDraft,
  row: Location | null,
): { readonly problem: BranchProblem } | { readonly request: Record<string, unknown> } => {
  const name = draft.name.trim()
  const address = draft.address.trim()
  const latitude = degreesOf(draft.latitude, 90)
  const longitude = degreesOf(draft.longitude, 180)
  if (!name) return { problem: "nameRequired" }
  if (!address) return { problem: "addressRequired" }
  if (latitude === null) return { problem: "latitudeInvalid" }
  if (longitude === null) return { problem: "longitudeInvalid" }
  const phone = draft.phone.trim()
  const hours = draft.openingHours.trim()
  if (
    row &&
    name === row.name &&
    address === row.address &&
    latitude === row.latitude &&
    longitude === row.longitude &&
    phone === (row.phone ?? "") &&
    hours === (row.opening_hours ?? "")
  )
    return { problem: "noChange" }
  return {
    request: {
      ...(row ? { id: row.id } : {}),
      ...(row?.city_id ? { city_id: row.city_id } : {}),
      name,
      address,
      latitude,
      longitude,
      ...(phone ? { phone } : {}),
      ...(hours ? { opening_hours: hours } : {}),
    },
  }
}

export const branchEditorMachine = createRecordEditor<Location, BranchDraft>({
  list: "report-branches",
  blank,
  draftOf: branchDraftOf,
  problemOf: (draft, row) => {
    const out = branchRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = branchRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return yield* api.call(
        "locations",
        "clientLocation",
        out.request as { name: string; address: string; latitude: number; longitude: number },
      )
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("locations", "deleteClientLocation", { id: row.id })
    }),
})
