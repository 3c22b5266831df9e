/**
 * One UAT number added, renamed or switched on and off (page actor `uat-editor`), on the record editor kit. A number
 * cannot change once added (it is what reports leave out); the server answers 409 on `number` for one already there.
 */
import { Effect } from "effect"
import type { UatCustomer } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export interface UatDraft {
  readonly number: string
  readonly name: string
  readonly active: boolean
}

export type UatProblem = "numberInvalid" | "nameTooLong" | "noChange"

const NUMBER = /^\+?[0-9]{5,16}$/

export const uatRequestOf = (
  draft: UatDraft,
  row: UatCustomer | null,
): { readonly problem: UatProblem } | { readonly request: { name?: string; active?: boolean; number?: string } } => {
  const name = draft.name.trim()
  if (name.length > 120) return { problem: "nameTooLong" }
  if (!row) {
    const number = draft.number.replace(/[\s-]/g, "")
    return NUMBER.test(number) ? { request: { number, ...(name ? { name } : {}) } } : { problem: "numberInvalid" }
  }
  const request = {
    ...(name && name !== (row.name ?? "") ? { name } : {}),
    ...(draft.active !== row.active ? { active: draft.active } : {}),
  }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

export const uatEditorMachine = createRecordEditor<UatCustomer, UatDraft>({
  list: "report-uat",
  blank: () => ({ number: "", name: "", active: true }),
  draftOf: (row) => ({ number: row.number, name: row.name ?? "", active: row.active }),
  problemOf: (draft, row) => {
    const out = uatRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = uatRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("uat", "updateUatCustomer", { id: row.id, ...out.request })
        : yield* api.call("uat", "addUatCustomer", {
            number: out.request.number ?? "",
            ...(out.request.name ? { name: out.request.name } : {}),
          })
    }),
  // The spec has no call that deletes a UAT number: it is switched off instead.
  remove: (row) =>
    Effect.gen(function* () {
      return yield* (yield* Api).call("uat", "updateUatCustomer", { id: row.id, active: false })
    }),
})
