/**
 * One catalogue created, renamed or deleted (page actor `catalogue-editor`), on the record editor kit. The server
 * refuses a name the tenant already has (409 on `name`, marked on the field); deleting keeps the products, unassigned.
 */
import { Effect } from "effect"
import type { Catalogue } from "../../contract/schemas/commerce"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export interface CatalogueDraft {
  readonly name: string
  readonly description: string
}

export type CatalogueProblem = "nameRequired" | "noChange"

export const catalogueRequestOf = (
  draft: CatalogueDraft,
  row: Catalogue | null,
): { readonly problem: CatalogueProblem } | { readonly request: { name: string; description: string } } => {
  const name = draft.name.trim()
  const description = draft.description.trim()
  if (!name) return { problem: "nameRequired" }
  if (row && name === row.name && description === (row.description ?? "")) return { problem: "noChange" }
  return { request: { name, description } }
}

export const catalogueEditorMachine = createRecordEditor<Catalogue, CatalogueDraft>({
  list: "report-catalogues",
  blank: () => ({ name: "", description: "" }),
  draftOf: (row) => ({ name: row.name, description: row.description ?? "" }),
  problemOf: (draft, row) => {
    const out = catalogueRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = catalogueRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("catalogues", "catalogueUpdate", { id: row.id, ...out.request })
        : yield* api.call("catalogues", "catalogueCreate", out.request)
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("catalogues", "catalogueDelete", { id: row.id })
    }),
})
