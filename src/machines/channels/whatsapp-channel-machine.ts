/**
 * The tenant's WhatsApp Cloud API connection (/channels and /channels/Whatsapp, page actor `whatsapp-channel`): its
 * state read by channels.onboardingWhatsappStatus (which asks Meta now, so loading again is the "test connection"),
 * the form's draft checked against the contract's schema field by field, and the connection saved with
 * channels.onboardingWhatsapp. The token and app secret are write-only: after a save the draft forgets them and the
 * screen shows the stored hint, the webhook URL and the verify token. Made from the settings-form kit
 * (common/settings-form.ts), with TEST on top.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      ready --TEST--> loading
 *      \--> failed --RETRY--> loading
 */
import { Effect, Exit, Schema } from "effect"
import { type ChannelAccount, WhatsappConnection } from "../../contract/schemas/channels"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { type SettingsFormContext, type SettingsFormEvent, settingsForm } from "../common/settings-form"

const Request = WhatsappConnection
type WhatsappRequest = WhatsappConnection

export type WhatsappField = "phone_number_id" | "waba_id" | "display_number" | "access_token" | "app_secret" | "display_name"
export type WhatsappDraft = Readonly<Record<WhatsappField, string>>

/** The form's order: the first bad field is named. */
export const WHATSAPP_FIELDS: readonly WhatsappField[] = [
  "phone_number_id",
  "waba_id",
  "display_number",
  "access_token",
  "app_secret",
  "display_name",
]

export interface WhatsappProblem {
  readonly field: WhatsappField
  readonly rule: "required" | "invalid"
}

export type WhatsappContext = SettingsFormContext<ChannelAccount, WhatsappDraft, WhatsappProblem>

type WhatsappTest = { type: "TEST" }
export type WhatsappEvent = SettingsFormEvent<WhatsappDraft> | WhatsappTest

/** A stored account fills the ids; secrets are never shown, so they start empty. */
export const draftOf = (account: ChannelAccount | null): WhatsappDraft => ({
  phone_number_id: account?.external_id ?? "",
  waba_id: "",
  display_number: "",
  access_token: "",
  app_secret: "",
  display_name: account?.display_name ?? "",
})

const fieldOk = (field: WhatsappField, value: unknown) =>
  Exit.isSuccess(Schema.decodeUnknownExit(Request.fields[field] as Schema.Top as Schema.Codec<unknown>)(value))

/** The draft as the request to send, or its first bad field. */
export const whatsappSaveOf = (d: WhatsappDraft): { readonly problem: WhatsappProblem } | { readonly save: WhatsappRequest } => {
  const trimmed = Object.fromEntries(WHATSAPP_FIELDS.map((f) => [f, d[f].trim()])) as Record<WhatsappField, string>
  for (const field of WHATSAPP_FIELDS) {
    const value = trimmed[field]
    if (field === "display_name" && value === "") continue
    if (value === "") return { problem: { field, rule: "required" } }
    if (!fieldOk(field, value)) return { problem: { field, rule: "invalid" } }
  }
  const { display_name, ...rest } = trimmed
  return { save: { ...rest, ...(display_name ? { display_name } : {}) } as WhatsappRequest }
}

const load = () =>
  Effect.flatMap(Api, (api) => api.call("channels", "onboardingWhatsappStatus", {})).pipe(Effect.map((b) => b.data as ChannelAccount))
const save = (request: WhatsappRequest) =>
  Effect.flatMap(Api, (api) => api.call("channels", "onboardingWhatsapp", request)).pipe(Effect.map((b) => b.data as ChannelAccount))

const form = settingsForm({
  id: "whatsapp-channel",
  load: fromEffect(load),
  save: fromEffect(save),
  draftOf,
  problemOf: (draft) => {
    const result = whatsappSaveOf(draft)
    return "problem" in result ? result.problem : null
  },
  saveInput: (draft) => {
    const result = whatsappSaveOf(draft)
    return "save" in result ? result.save : (draft as unknown as WhatsappRequest)
  },
  // A reload (test connection) keeps what is being typed.
  loaded: (context, account: ChannelAccount) => ({
    ...context,
    stored: account,
    draft: context.saved === 0 && context.stored === null ? draftOf(account) : context.draft,
  }),
  // The secrets are write-only: forgotten once saved; the ids stay as typed.
  savedDraft: (draft) => ({ ...draft, access_token: "", app_secret: "" }),
  events: {} as WhatsappTest,
})

export const whatsappChannelMachine = form.kit.createMachine({
  id: form.id,
  context: form.empty,
  initial: "loading",
  on: form.on,
  states: {
    ...form.states,
    ready: { ...form.states.ready, on: { ...form.states.ready.on, TEST: { target: "loading" } } },
  },
})
