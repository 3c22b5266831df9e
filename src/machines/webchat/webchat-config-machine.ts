/**
 * The web-chat widget's configuration (/channels/webchat-btn, page actor `webchat-config`): the stored settings read
 * with webchat.webchatSettings (the widget's public key and script address with them), a draft edited field by field
 * and checked against the contract's schema before webchat.webchatUpdate saves it. Allowed origins are added one at a
 * time, normalised (lower case, no trailing slash) and refused when they are not exactly `https://host[:port]`.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)
 *      \--> failed --RETRY--> loading
 */
import { Effect, Exit, Schema } from "effect"
import { assign } from "xstate"
import { type WebchatConfig, WebchatSettings } from "../../contract/schemas/webchat"
import { isWebchatOrigin, WEBCHAT_MAX_ORIGINS } from "../../contract/webchat-rules"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export type WebchatField = "color" | "text_color" | "greeting" | "allowed_origins" | "origin"

export interface WebchatProblem {
  readonly field: WebchatField
  readonly rule: "invalid" | "tooMany" | "duplicate"
}

export interface WebchatConfigContext {
  readonly config: WebchatConfig | null
  readonly draft: WebchatSettings
  /** The origin being typed, added with ADD_ORIGIN. */
  readonly origin: string
  readonly failure: Failure | null
  readonly problem: WebchatProblem | null
  readonly saved: number
}

export type WebchatConfigEvent =
  | { type: "EDIT"; patch: Partial<WebchatSettings> }
  | { type: "TYPE_ORIGIN"; origin: string }
  | { type: "ADD_ORIGIN" }
  | { type: "REMOVE_ORIGIN"; origin: string }
  | { type: "SAVE" }

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

const empty = (): WebchatConfigContext => ({ config: null, draft: EMPTY, origin: "", failure: null, problem: null, saved: 0 })

const detail = detailMachine({
  types: { context: {} as WebchatConfigContext, events: {} as WebchatConfigEvent, tags: {} as "saving" },
  load: fromEffect(load),
  actors: { save: fromEffect(save) },
  loadInput: () => undefined,
  stored: (context, config: WebchatConfig) => ({ ...context, config, draft: settingsOf(config) }),
  closed: empty,
})

export const webchatConfigMachine = detail.kit
  .extend({
    guards: {
      canSave: ({ context }) => "save" in webchatSaveOf(context.draft),
      canAdd: ({ context }) => "origin" in originToAdd(context.draft.allowed_origins, context.origin),
    },
    actions: {
      edit: assign(({ context }, patch: Partial<WebchatSettings>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
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
      refuse: assign(({ context }) => {
        const result = webchatSaveOf(context.draft)
        return { problem: "problem" in result ? result.problem : null }
      }),
      storeSaved: assign(({ context }, config: WebchatConfig) => ({
        config,
        draft: settingsOf(config),
        failure: null,
        problem: null,
        saved: context.saved + 1,
      })),
    },
  })
  .createMachine({
    id: "webchat-config",
    context: empty,
    initial: "loading",
    on: detail.on,
    states: {
      ...detail.states,
      ready: {
        ...detail.states.ready,
        on: {
          EDIT: { actions: { type: "edit", params: ({ event }) => event.patch } },
          TYPE_ORIGIN: { actions: { type: "type", params: ({ event }) => event.origin } },
          ADD_ORIGIN: [{ guard: "canAdd", actions: "add" }, { actions: "refuseOrigin" }],
          REMOVE_ORIGIN: { actions: { type: "remove", params: ({ event }) => event.origin } },
          SAVE: [{ guard: "canSave", target: "saving" }, { actions: "refuse" }],
        },
      },
      saving: {
        tags: ["ready", "saving"],
        invoke: {
          id: "save",
          src: "save",
          input: ({ context }) => {
            const result = webchatSaveOf(context.draft)
            return "save" in result ? result.save : context.draft
          },
          onDone: { target: "ready", actions: { type: "storeSaved", params: outputOf } },
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
    },
  })
