/**
 * One whitelist entry added, changed or removed (page actor `ip-editor`), on the record editor kit. The address is
 * checked against the contract's pattern before it is sent; the server parses it properly and answers 400 or 409 on
 * `ip`, shown on the field.
 */
import { Effect } from "effect"
import type { IpEntry } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export const IP_LABEL_MAX = 100
const SHAPE =
  /^((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?)$/

export interface IpDraft {
  readonly ip: string
  readonly label: string
}

export type IpProblem = "ipRequired" | "ipInvalid" | "labelTooLong" | "noChange"

export const ipRequestOf = (
  draft: IpDraft,
  row: IpEntry | null,
): { readonly problem: IpProblem } | { readonly request: Partial<IpDraft> } => {
  const ip = draft.ip.trim()
  const label = draft.label.trim()
  if (!ip) return { problem: "ipRequired" }
  if (!SHAPE.test(ip)) return { problem: "ipInvalid" }
  if (label.length > IP_LABEL_MAX) return { problem: "labelTooLong" }
  if (!row) return { request: { ip, label } }
  const request = { ...(ip !== row.ip ? { ip } : {}), ...(label !== (row.label ?? "") ? { label } : {}) }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

export const ipEditorMachine = createRecordEditor<IpEntry, IpDraft>({
  list: "report-ip-whitelist",
  blank: () => ({ ip: "", label: "" }),
  draftOf: (row) => ({ ip: row.ip, label: row.label ?? "" }),
  problemOf: (draft, row) => {
    const out = ipRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = ipRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("security", "ipUpdate", { id: row.id, ...out.request })
        : yield* api.call("security", "ipAdd", { ip: out.request.ip ?? "", ...(out.request.label ? { label: out.request.label } : {}) })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("security", "ipDelete", { id: row.id })
    }),
})
