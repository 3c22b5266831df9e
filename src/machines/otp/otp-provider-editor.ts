/**
 * One OTP provider added or edited (page actor `otp-provider-editor`, record editor kit). The API key is write-only:
 * an empty key keeps the stored one. The catalogue has no call that deletes a provider; switching it off is the way.
 */
import { Effect } from "effect"
import type { OtpChannel, OtpProvider } from "../../contract/schemas/otp"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export interface ProviderDraft {
  readonly name: string
  readonly email: string
  readonly channel: OtpChannel
  readonly sender: string
  readonly apiKey: string
  readonly codeLength: string
  readonly enabled: boolean
}

export type ProviderProblem = "nameRequired" | "emailInvalid" | "senderRequired" | "codeLength"

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const providerProblemOf = (d: ProviderDraft): ProviderProblem | null => {
  if (!d.name.trim()) return "nameRequired"
  if (!EMAIL.test(d.email.trim())) return "emailInvalid"
  if (!d.sender.trim()) return "senderRequired"
  const length = Number(d.codeLength)
  if (!Number.isInteger(length) || length < 4 || length > 8) return "codeLength"
  return null
}

export const providerRequestOf = (d: ProviderDraft) => ({
  name: d.name.trim(),
  email: d.email.trim(),
  channel: d.channel,
  sender: d.sender.trim(),
  code_length: Number(d.codeLength),
  enabled: d.enabled,
  ...(d.apiKey ? { api_key: d.apiKey } : {}),
})

export const otpProviderEditorMachine = createRecordEditor<OtpProvider, ProviderDraft>({
  list: "report-otp-providers",
  blank: () => ({ name: "", email: "", channel: "sms", sender: "", apiKey: "", codeLength: "6", enabled: true }),
  draftOf: (row) => ({
    name: row.name,
    email: row.email,
    channel: row.channel,
    sender: row.sender,
    apiKey: "",
    codeLength: String(row.code_length),
    enabled: row.enabled,
  }),
  problemOf: (draft) => providerProblemOf(draft),
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const request = providerRequestOf(draft)
      return row
        ? yield* api.call("otp", "updateOtpProvider", { id: row.id, ...request })
        : yield* api.call("otp", "addOtpProvider", request)
    }),
  remove: () => Effect.fail(new Error("OTP providers are switched off, not deleted")),
})
