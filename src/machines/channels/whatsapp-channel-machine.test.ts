/** The WhatsApp connection's machine, model-based (common/model-check.testing.ts), and its field rules. */
import { describe, expect, it } from "vitest"
import type { ChannelAccount } from "../../contract/schemas/channels"
import { checkModel } from "../common/model-check.testing"
import { whatsappChannelMachine, whatsappSaveOf, type WhatsappDraft } from "./whatsapp-channel-machine"

const none: ChannelAccount = {
  channel_type: "whatsapp",
  status: "not_connected",
  display_name: null,
  error: null,
  updated_at: "1970-01-01T00:00:00.000Z",
  id: null,
  external_id: null,
  webhook_url: null,
  verify_token: null,
  secret_hint: null,
}
const connected: ChannelAccount = {
  ...none,
  status: "connected",
  display_name: "Lucky Shrub",
  id: 4,
  external_id: "106540352242922",
  webhook_url: "https://console.example/hooks/meta/abcdefgh",
  verify_token: "vt-123",
  secret_hint: "••••a9",
}
const valid: Partial<WhatsappDraft> = {
  phone_number_id: "106540352242922",
  waba_id: "102290129340398",
  display_number: "+15550783881",
  access_token: "EAAGtoken0123456789",
  app_secret: "0123456789abcdef0123456789abcdef",
}

checkModel({
  name: "whatsapp channel",
  machine: whatsappChannelMachine,
  sources: ["load", "save"],
  states: ["loading", "ready", "saving", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: none },
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: valid },
    { type: "EDIT", patch: { app_secret: "short" } },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: connected },
    {
      type: "xstate.error.actor.save",
      error: { _tag: "ApiError", status: 409, code: "CONFLICT", message: "taken", field: "phone_number_id" },
    },
    { type: "TEST" },
  ],
  stories: [
    [
      { type: "xstate.done.actor.load", output: none },
      { type: "EDIT", patch: valid },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: connected },
      { type: "TEST" },
      { type: "xstate.done.actor.load", output: { ...connected, status: "failed", error: "Meta refused the access token (Meta 190)" } },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.stored?.status ?? null,
    s.context.draft.app_secret.length > 0,
    s.context.problem,
    s.context.failure !== null,
    s.context.saved > 0,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    stored: s.context.stored,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

describe("WhatsApp connection rules", () => {
  const blank: WhatsappDraft = { phone_number_id: "", waba_id: "", display_number: "", access_token: "", app_secret: "", display_name: "" }
  it("names the first missing or malformed field in the form's order", () => {
    expect(whatsappSaveOf(blank)).toEqual({ problem: { field: "phone_number_id", rule: "required" } })
    expect(whatsappSaveOf({ ...blank, ...valid, phone_number_id: "12ab" })).toEqual({
      problem: { field: "phone_number_id", rule: "invalid" },
    })
    expect(whatsappSaveOf({ ...blank, ...valid, app_secret: "short" })).toEqual({ problem: { field: "app_secret", rule: "invalid" } })
  })
  it("sends trimmed values and leaves an empty display name out", () => {
    const out = whatsappSaveOf({ ...blank, ...valid, access_token: ` ${valid.access_token} ` })
    expect(out).toEqual({ save: valid })
    expect(whatsappSaveOf({ ...blank, ...valid, display_name: "Shop" })).toEqual({ save: { ...valid, display_name: "Shop" } })
  })
})
