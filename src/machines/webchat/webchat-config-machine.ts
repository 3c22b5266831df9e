/**
 * The web-chat widget's configuration (/channels/webchat-btn, page actor `webchat-config`): the stored settings read
 * with webchat.webchatSettings (the widget's public key and script address with them), a draft edited field by field
 * and checked against the contract's schema before webchat.webchatUpdate saves it. Allowed origins are added one at a
 * time, normalised (lower case, no trailing slash) and refused when they are not exactly `https://host[:port]`. Made
 * from the settings-form kit (common/settings-form.ts), with the origin being typed on top.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)
 *      \--> failed --RETRY--> loading
 */
import { Effect, Exit, Schema } from "effect"
import { assign } from "xstate"
import { type WebchatConfig, WebchatSettings } from "../../contract/schemas/webchat"
import { isWebchatOrigin, WEBCHAT_MAX_ORIGINS } from "../../contract/webchat-rules"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { type SettingsFormContext, type SettingsFormEvent, settingsForm } from "../common/settings-form"

export type WebchatField = "color" | "text_color" | "greeting" | "allowed_origins" | "origin"

export interface WebchatProblem {
  readonly field: WebchatField
  readonly rule: "invalid" | "tooMany" | "duplicate"
}

export interface WebchatConfigContext extends SettingsFormContext<WebchatConfig, WebchatSettings, WebchatProblem> {
  /** The origin being typed, added with ADD_ORIGIN. */
  readonly origin: string
}

type OriginEvent = { type: "TYPE_ORIGIN"; origin: string } | { type: "ADD_ORIGIN" } | { type: "REMOVE_ORIGIN"; origin: string }
export type WebchatConfigEvent = SettingsFormEvent<WebchatSettings> | OriginEvent

export const settingsOf = (config: WebchatConfig): WebchatSettings => {
  const { widget_key: _key, script_url: _url, ...settings } = config
  return settings
}

const EMPTY: WebchatSettings = {
  enabled: false,
  color: "#2d72d2",
  text_color: "#ffffff",
  greeting: "",
  position: "right",
  prechat: { name: "optional", email: "optional", phone: "off" },
  allowed_origins: [],
}

/** What a person types as a site, as the configuration stores it: `HTTPS://Shop.Example.com/` is `https://shop.example.com`. */
export const normalOrigin = (typed: string) => typed.trim().toLowerCase().replace(/\/+$/, "")

/** Whether `typed` can be added to `origins`, and as what. */
export const originToAdd = (
  origins: readonly string[],
  typed: string,
): { readonly problem: WebchatProblem } | { readonly origin: string } => {
  const origin = normalOrigin(typed)
  if (!isWebchatOrigin(origin)) return { problem: { field: "origin", rule: "invalid" } }
  if (origins.includes(origin)) return { problem: { field: "origin", rule: "duplicate" } }
  if (origins.length >= WEBCHAT_MAX_ORIGINS) return { problem: { field: "origin", rule: "tooMany" } }
  return { origin }
}

const FIELDS = ["color", "text_color", "greeting", "allowed_origins"] as const
const fieldOk = (field: (typeof FIELDS)[number], value: unknown) =>
  Exit.isSuccess(Schema.decodeUnknownExit(WebchatSettings.fields[field] as Schema.Top as Schema.Codec<unknown>)(value))

/** The draft as the request to send, or its first bad field. */
export const webchatSaveOf = (draft: WebchatSettings): { readonly problem: WebchatProblem } | { readonly save: WebchatSettings } => {
  const save = { ...draft, greeting: draft.greeting.trim() }
  for (const field of FIELDS) if (!fieldOk(field, save[field])) return { problem: { field, rule: "invalid" } }
  return { save }
}

const load = () => Effect.flatMap(Api, (api) => api.call("webchat", "webchatSettings", {})).pipe(Effect.map((b) => b.data))
const save = (request: WebchatSettings) =>
  Effect.flatMap(Api, (api) => api.call("webchat", "webchatUpdate", request)).pipe(Effect.map((b) => b.data))

const form = settingsForm({
  id: "webchat-config",
  load: fromEffect(load),
  save: fromEffect(save),
  draftOf: (config: WebchatConfig | null) => (config ? settingsOf(config) : EMPTY),
  problemOf: (draft) => {
    const result = webchatSaveOf(draft)
    return "problem" in result ? result.problem : null
  },
  saveInput: (draft) => {
    const result = webchatSaveOf(draft)
    return "save" in result ? result.save : draft
  },
  extra: { origin: "" },
  events: {} as OriginEvent,
})

export const webchatConfigMachine = form.kit
  .extend({
    guards: {
      canAdd: ({ context }) => "origin" in originToAdd(context.draft.allowed_origins, context.origin),
    },
    actions: {
      type: assign((_, origin: string) => ({ origin, problem: null })),
      add: assign(({ context }) => {
        const added = originToAdd(context.draft.allowed_origins, context.origin)
        if (!("origin" in added)) return {}
        return { draft: { ...context.draft, allowed_origins: [...context.draft.allowed_origins, added.origin] }, origin: "", problem: null }
      }),
      refuseOrigin: assign(({ context }) => {
        const added = originToAdd(context.draft.allowed_origins, context.origin)
        return { problem: "problem" in added ? added.problem : null }
      }),
      remove: assign(({ context }, origin: string) => ({
        draft: { ...context.draft, allowed_origins: context.draft.allowed_origins.filter((o) => o !== origin) },
        problem: null,
      })),
    },
  })
  .createMachine({
    id: form.id,
    context: form.empty,
    initial: "loading",
    on: form.on,
    states: {
      ...form.states,
      ready: {
        ...form.states.ready,
        on: {
          ...form.states.ready.on,
          TYPE_ORIGIN: { actions: { type: "type", params: ({ event }) => event.origin } },
          ADD_ORIGIN: [{ guard: "canAdd", actions: "add" }, { actions: "refuseOrigin" }],
          REMOVE_ORIGIN: { actions: { type: "remove", params: ({ event }) => event.origin } },
        },
      },
    },
  })
