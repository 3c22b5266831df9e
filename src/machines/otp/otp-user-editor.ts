/**
 * One OTP user enrolled, edited or removed (page actor `otp-user-editor`, record editor kit). Enrolling names a console
 * user of the tenant (`/backend/users/otp/{user id}`); the OTP user's username is theirs.
 */
import { Effect } from "effect"
import type { OtpUser } from "../../contract/schemas/otp"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export interface OtpUserDraft {
  readonly userId: string
  readonly email: string
  readonly number: string
  readonly providerId: string
  readonly enabled: boolean
}

export type OtpUserProblem = "userRequired" | "numberInvalid" | "emailInvalid"

export const otpUserProblemOf = (d: OtpUserDraft, row: OtpUser | null): OtpUserProblem | null => {
  if (!row && !d.userId) return "userRequired"
  if (d.number.trim() && !/^\+?[0-9 ()\-.]{6,24}$/.test(d.number.trim())) return "numberInvalid"
  if (d.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim())) return "emailInvalid"
  return null
}

export const otpUserRequestOf = (d: OtpUserDraft) => ({
  ...(d.email.trim() ? { email: d.email.trim() } : {}),
  ...(d.number.trim() ? { number: d.number.trim() } : {}),
  ...(d.providerId ? { provider_id: Number(d.providerId) } : {}),
  enabled: d.enabled,
})

export const otpUserEditorMachine = createRecordEditor<OtpUser, OtpUserDraft>({
  list: "report-otp-users",
  blank: () => ({ userId: "", email: "", number: "", providerId: "", enabled: true }),
  draftOf: (row) => ({
    userId: String(row.user_id ?? ""),
    email: row.email ?? "",
    number: row.number ?? "",
    providerId: row.provider_id === null ? "" : String(row.provider_id),
    enabled: row.enabled,
  }),
  problemOf: otpUserProblemOf,
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const request = otpUserRequestOf(draft)
      return row
        ? yield* api.call("otp", "usersOtpUpdateById", { id: row.id, ...request })
        : yield* api.call("otp", "usersOtpById", { id: Number(draft.userId), ...request })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("otp", "usersOtpRemoveById", { id: row.id })
    }),
})
