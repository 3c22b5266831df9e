/**
 * Revoking a token, or taking a revocation back (page actor `revoke-editor`), on the record editor kit. A revocation
 * cannot be edited (only its hash is kept): a row is only ever deleted. The server answers 400 on `token` for another
 * account's token and 409 for one already revoked, shown on the field.
 */
import { Effect } from "effect"
import type { BlacklistedToken } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export const TOKEN_MIN = 16
export const REASON_MAX = 200

export interface RevokeDraft {
  readonly token: string
  readonly reason: string
}

export type RevokeProblem = "tokenRequired" | "tokenTooShort" | "reasonTooLong" | "notEditable"

export const revokeProblemOf = (draft: RevokeDraft, row: BlacklistedToken | null): RevokeProblem | null => {
  if (row) return "notEditable"
  const token = draft.token.trim()
  if (!token) return "tokenRequired"
  if (token.length < TOKEN_MIN) return "tokenTooShort"
  if (draft.reason.trim().length > REASON_MAX) return "reasonTooLong"
  return null
}

export const revokeEditorMachine = createRecordEditor<BlacklistedToken, RevokeDraft>({
  list: "report-blacklist",
  blank: () => ({ token: "", reason: "" }),
  draftOf: () => ({ token: "", reason: "" }),
  problemOf: revokeProblemOf,
  save: (draft, row) =>
    Effect.gen(function* () {
      const problem = revokeProblemOf(draft, row)
      if (problem) return yield* Effect.fail(new Error(problem))
      const reason = draft.reason.trim()
      return yield* (yield* Api).call("blacklist", "blacklistTokenAdd", { token: draft.token.trim(), ...(reason ? { reason } : {}) })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      return yield* (yield* Api).call("blacklist", "blacklistTokenDelete", { id: row.id })
    }),
})
