/** The OTP provider and user editors (record editor kit) and the choices loader, model-based, with their rules. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { otpChoicesMachine } from "./otp-choices-machine"
import { otpProviderEditorMachine, providerProblemOf, providerRequestOf } from "./otp-provider-editor"
import { otpUserEditorMachine, otpUserProblemOf, otpUserRequestOf } from "./otp-user-editor"

const provider = {
  id: 2,
  name: "Codes",
  email: "codes@acme.example",
  channel: "sms" as const,
  sender: "ACME",
  api_key_hint: "••••56",
  code_length: 6,
  ttl_seconds: 3600,
  enabled: true,
  created_at: "2026-11-23T10:00:00.000Z",
}
const user = {
  id: 5,
  username: "agent1",
  email: null,
  number: "+905550000001",
  provider_id: 2,
  provider_name: "Codes",
  user_id: 3,
  enabled: true,
  created_at: "2026-11-23T10:00:00.000Z",
}
const refused = { status: 400, code: "BAD_REQUEST", message: "NOPE is not an approved SMS sender name", field: "sender" }

const editorModel = (
  name: string,
  machine: typeof otpProviderEditorMachine | typeof otpUserEditorMachine,
  row: { id: number },
  patch: Record<string, unknown>,
) =>
  checkModel(
    recordEditorModel({
      name,
      machine,
      row,
      changes: [patch],
      saveRefusal: refused,
      key: (s) => [s.value, s.context.row !== null, s.context.problem, s.context.failure?.field ?? null],
      extra: {
        stories: [
          [
            { type: "EDIT", row },
            { type: "CHANGE", patch },
            { type: "SAVE" },
            { type: "xstate.error.actor.save", error: refused },
            { type: "CANCEL" },
          ],
        ],
      },
    }),
  )

editorModel("OTP provider editor", otpProviderEditorMachine, provider, { name: "SMS codes", email: "c@acme.example", sender: "ACME" })
editorModel("OTP user editor", otpUserEditorMachine, user, { userId: "3", number: "+90 555 000 0001" })

checkModel({
  name: "OTP choices",
  machine: otpChoicesMachine,
  sources: ["loadChoices"],
  states: ["loading", "ready", "failed"],
  events: [
    { type: "xstate.done.actor.loadChoices", output: { users: [{ id: 3, name: "agent1" }], providers: [{ id: 2, name: "Codes" }] } },
    { type: "xstate.error.actor.loadChoices", error: { status: 403, code: "FORBIDDEN", message: "Missing permission BACK:users" } },
    { type: "RETRY" },
  ],
  key: (s) => [s.value, s.context.failure !== null],
  view: (s) => ({ value: s.value, context: s.context }),
})

describe("OTP editor rules", () => {
  it("checks a provider before sending, and sends the key only when typed", () => {
    const draft = {
      name: "Codes",
      email: "codes@acme.example",
      channel: "sms" as const,
      sender: "ACME",
      apiKey: "",
      codeLength: "6",
      enabled: true,
    }
    expect(providerProblemOf(draft)).toBeNull()
    expect(providerProblemOf({ ...draft, name: " " })).toBe("nameRequired")
    expect(providerProblemOf({ ...draft, email: "codes" })).toBe("emailInvalid")
    expect(providerProblemOf({ ...draft, codeLength: "9" })).toBe("codeLength")
    expect(providerRequestOf(draft)).not.toHaveProperty("api_key")
    expect(providerRequestOf({ ...draft, apiKey: "k" }).api_key).toBe("k")
  })
  it("needs a console user to enrol and a plausible number", () => {
    const draft = { userId: "", email: "", number: "", providerId: "", enabled: true }
    expect(otpUserProblemOf(draft, null)).toBe("userRequired")
    expect(otpUserProblemOf({ ...draft, userId: "3", number: "abc" }, null)).toBe("numberInvalid")
    expect(otpUserProblemOf({ ...draft, number: "+90 555" }, user)).toBeNull()
    expect(otpUserRequestOf({ ...draft, providerId: "2", number: " +905550000001 " })).toEqual({
      number: "+905550000001",
      provider_id: 2,
      enabled: true,
    })
  })
})
