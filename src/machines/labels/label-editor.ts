/**
 * One label created, renamed, recoloured or deleted (page actor `label-editor`), on the record editor kit. Names are
 * unique per tenant whatever their case: the server's 409 on `name` is shown on the field.
 */
import { Effect } from "effect"
import type { Label } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export const LABEL_NAME_MAX = 50
const COLOR = /^#[0-9a-fA-F]{6}$/

export interface LabelDraft {
  readonly name: string
  readonly color: string
}

export type LabelProblem = "nameRequired" | "nameTooLong" | "colorInvalid" | "noChange"

export const labelRequestOf = (
  draft: LabelDraft,
  row: Label | null,
): { readonly problem: LabelProblem } | { readonly request: Partial<LabelDraft> } => {
  const name = draft.name.trim()
  if (!name) return { problem: "nameRequired" }
  if (name.length > LABEL_NAME_MAX) return { problem: "nameTooLong" }
  if (!COLOR.test(draft.color)) return { problem: "colorInvalid" }
  if (!row) return { request: { name, color: draft.color } }
  const request = {
    ...(name !== row.name ? { name } : {}),
    ...(draft.color.toLowerCase() !== row.color.toLowerCase() ? { color: draft.color } : {}),
  }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

export const labelEditorMachine = createRecordEditor<Label, LabelDraft>({
  list: "report-labels",
  blank: () => ({ name: "", color: "#2d72d2" }),
  draftOf: (row) => ({ name: row.name, color: row.color }),
  problemOf: (draft, row) => {
    const out = labelRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = labelRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("tagging", "updateLabel", { id: row.id, ...out.request })
        : yield* api.call("tagging", "createLabel", { name: out.request.name ?? "", color: out.request.color ?? "" })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("tagging", "deleteLabel", { id: row.id })
    }),
})
