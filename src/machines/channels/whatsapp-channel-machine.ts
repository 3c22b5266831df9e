/**
 * The tenant's WhatsApp Cloud API connection (/channels and /channels/Whatsapp, page actor `whatsapp-channel`): its
 * state read by channels.onboardingWhatsappStatus (which asks Meta now, so loading again is the "test connection"),
 * the form's draft checked against the contract's schema field by field, and the connection saved with
 * channels.onboardingWhatsapp. The token and app secret are write-only: after a save the draft forgets them and the
 * screen shows the stored hint, the webhook URL and the verify token.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      ready --TEST--> loading
 *      \--> failed --RETRY--> loading
 */
import { Effect, Exit, Schema } from "effect"
import { assign } from "xstate"
import { type ChannelAccount, WhatsappConnection } from "../../contract/schemas/channels"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

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

export interface WhatsappContext {
  readonly account: ChannelAccount | null
  readonly draft: WhatsappDraft
  readonly failure: Failure | null
  readonly problem: WhatsappProblem | null
  readonly saved: number
}

export type WhatsappEvent = { type: "EDIT"; patch: Partial<WhatsappDraft> } | { type: "SAVE" } | { type: "TEST" }

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

const empty = (): WhatsappContext => ({ account: null, draft: draftOf(null), failure: null, problem: null, saved: 0 })

const detail = detailMachine({
  types: { context: {} as WhatsappContext, events: {} as WhatsappEvent, tags: {} as "saving" },
  load: fromEffect(load),
  actors: { save: fromEffect(save) },
  loadInput: () => undefined,
  // A reload (test connection) keeps what is being typed.
  stored: (context, account: ChannelAccount) => ({
    ...context,
    account,
    draft: context.saved === 0 && context.account === null ? draftOf(account) : context.draft,
  }),
  closed: empty,
})

export const whatsappChannelMachine = detail.kit
  .extend({
    guards: { canSave: ({ context }) => "save" in whatsappSaveOf(context.draft) },
    actions: {
      edit: assign(({ context }, patch: Partial<WhatsappDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
      refuse: assign(({ context }) => {
        const result = whatsappSaveOf(context.draft)
        return { problem: "problem" in result ? result.problem : null }
      }),
      storeSaved: assign(({ context }, account: ChannelAccount) => ({
        account,
        draft: { ...context.draft, access_token: "", app_secret: "" },
        failure: null,
        problem: null,
        saved: context.saved + 1,
      })),
    },
  })
  .createMachine({
    id: "whatsapp-channel",
    context: empty,
    initial: "loading",
    on: detail.on,
    states: {
      ...detail.states,
      ready: {
        ...detail.states.ready,
        on: {
          EDIT: { actions: { type: "edit", params: ({ event }) => event.patch } },
          SAVE: [{ guard: "canSave", target: "saving" }, { actions: "refuse" }],
          TEST: { target: "loading" },
        },
      },
      saving: {
        tags: ["ready", "saving"],
        invoke: {
          id: "save",
          src: "save",
          input: ({ context }) => {
            const result = whatsappSaveOf(context.draft)
            return "save" in result ? result.save : (context.draft as unknown as WhatsappRequest)
          },
          onDone: { target: "ready", actions: { type: "storeSaved", params: outputOf } },
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
    },
  })
