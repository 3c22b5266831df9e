/**
 * A tenant's Facebook pages or Instagram accounts (/channels/fb-page and /channels/Instagram, page actor `meta-pages`
 * spawned with the channel; /channels/fb and /channels/fbchannels lead to the first): the pages the connected login
 * manages, read by channels.fbPages / channels.instagramPages once a login is stored (without one the form is shown),
 * with the stored login (metaLogins.metaLogin: state, webhook URL and verify token), the login connected with its
 * token and the app secret (channels.onboardingFb / onboardingInstagram), and one page subscribed
 * (channels.onboardingFbPages) or unsubscribed at a time.
 *
 *   loading --> ready --CONNECT (no problem)--> connecting --> loading      ready --SUBSCRIBE/UNSUBSCRIBE--> toggling --> loading
 *      \--> failed --RETRY--> loading                                        ready --RELOAD--> loading
 */
import { Effect, Exit, Schema } from "effect"
import { assertEvent, assign } from "xstate"
import { AppSecret, type ChannelAccount } from "../../contract/schemas/channels"
import { AccessToken, type SocialPage } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export type MetaChannel = "facebook" | "instagram"
export type MetaField = "access_token" | "app_secret"
export type MetaDraft = Readonly<Record<MetaField, string>>
export const META_FIELDS: readonly MetaField[] = ["access_token", "app_secret"]

export interface MetaProblem {
  readonly field: MetaField
  readonly rule: "required" | "invalid"
}

export interface MetaPagesContext {
  readonly channel: MetaChannel
  /** Null until the login answered: "not connected" shows the form. */
  readonly pages: readonly SocialPage[] | null
  /** The stored login: its state, Meta's reason when failing, the webhook URL and verify token to paste in Meta's console. */
  readonly login: ChannelAccount | null
  readonly draft: MetaDraft
  readonly problem: MetaProblem | null
  readonly failure: Failure | null
  /** The page being subscribed or unsubscribed. */
  readonly busy: string | null
  readonly connected: number
}

export type MetaPagesEvent =
  | { type: "EDIT"; patch: Partial<MetaDraft> }
  | { type: "CONNECT" }
  | { type: "SUBSCRIBE"; page: SocialPage }
  | { type: "UNSUBSCRIBE"; page: SocialPage }
  | { type: "RELOAD" }

const RULES = { access_token: AccessToken, app_secret: AppSecret } as const
const ok = (field: MetaField, value: string) => Exit.isSuccess(Schema.decodeUnknownExit(RULES[field] as Schema.Codec<unknown>)(value))

/** The draft as the connect request, or its first bad field. */
export const metaConnectOf = (d: MetaDraft): { readonly problem: MetaProblem } | { readonly connect: Record<MetaField, string> } => {
  const trimmed = { access_token: d.access_token.trim(), app_secret: d.app_secret.trim() }
  for (const field of META_FIELDS) {
    if (trimmed[field] === "") return { problem: { field, rule: "required" } }
    if (!ok(field, trimmed[field])) return { problem: { field, rule: "invalid" } }
  }
  return { connect: trimmed }
}

const isNotConnected = (error: unknown) => typeof error === "object" && error !== null && (error as { status?: unknown }).status === 409

export interface MetaLoaded {
  readonly login: ChannelAccount | null
  readonly pages: readonly SocialPage[] | null
}

/**
 * The stored login (metaLogins.metaLogin), then its pages; with no login connected the pages are not asked for (the
 * server would answer 409 "Connect … first"), so the page opens on its "connect" form without a refused call.
 */
const load = ({ channel }: { channel: MetaChannel }) =>
  Effect.flatMap(Api, (api) =>
    Effect.gen(function* () {
      const login = yield* api
        .call("metaLogins", "metaLogin", { channel })
        .pipe(Effect.map((b): ChannelAccount | null => (b.data.id === null ? null : b.data)))
      const loaded: MetaLoaded = { login, pages: null }
      if (login === null) return loaded
      const pages = yield* api.call("channels", channel === "facebook" ? "fbPages" : "instagramPages", {}).pipe(
        Effect.map((b): readonly SocialPage[] | null => b.data),
        Effect.catch((error) => (isNotConnected(error) ? Effect.succeed(null) : Effect.fail(error))),
      )
      return { ...loaded, pages }
    }),
  )
const connect = ({ channel, request }: { channel: MetaChannel; request: Record<MetaField, string> }) =>
  Effect.flatMap(Api, (api) =>
    api.call("channels", channel === "facebook" ? "onboardingFb" : "onboardingInstagram", request as never),
  ).pipe(Effect.map((b) => b.data as ChannelAccount))
const toggle = ({ channel, page, on }: { channel: MetaChannel; page: SocialPage; on: boolean }) =>
  Effect.flatMap(Api, (api) =>
    on
      ? Effect.asVoid(api.call("channels", "onboardingFbPages", { pages: [{ id: page.id, name: page.name }] }))
      : Effect.asVoid(api.call("channels", channel === "facebook" ? "unsubscribeFb" : "unsubscribeInstagram", { page_id: page.id })),
  )

const blank: MetaDraft = { access_token: "", app_secret: "" }
const start = (channel: MetaChannel): MetaPagesContext => ({
  channel,
  pages: null,
  login: null,
  draft: blank,
  problem: null,
  failure: null,
  busy: null,
  connected: 0,
})

const detail = detailMachine({
  types: {
    context: {} as MetaPagesContext,
    events: {} as MetaPagesEvent,
    input: {} as { channel: MetaChannel },
    tags: {} as "connecting" | "toggling",
  },
  load: fromEffect(load),
  actors: { connect: fromEffect(connect), toggle: fromEffect(toggle) },
  loadInput: (context) => ({ channel: context.channel }),
  stored: (context, loaded: MetaLoaded) => ({ ...context, ...loaded, busy: null }),
  closed: (context) => start(context.channel),
})

export const metaPagesMachine = detail.kit
  .extend({
    guards: { canConnect: ({ context }) => "connect" in metaConnectOf(context.draft) },
    actions: {
      edit: assign(({ context }, patch: Partial<MetaDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
      refuse: assign(({ context }) => {
        const result = metaConnectOf(context.draft)
        return { problem: "problem" in result ? result.problem : null }
      }),
      storeLogin: assign(({ context }, login: ChannelAccount) => ({
        login,
        draft: blank,
        failure: null,
        connected: context.connected + 1,
      })),
      mark: assign((_, busy: string) => ({ busy, failure: null })),
    },
  })
  .createMachine({
    id: "meta-pages",
    context: ({ input }) => start(input.channel),
    initial: "loading",
    on: detail.on,
    states: {
      ...detail.states,
      ready: {
        ...detail.states.ready,
        on: {
          EDIT: { actions: { type: "edit", params: ({ event }) => event.patch } },
          CONNECT: [{ guard: "canConnect", target: "connecting" }, { actions: "refuse" }],
          SUBSCRIBE: { target: "toggling", actions: { type: "mark", params: ({ event }) => event.page.id } },
          UNSUBSCRIBE: { target: "toggling", actions: { type: "mark", params: ({ event }) => event.page.id } },
          RELOAD: { target: "loading" },
        },
      },
      connecting: {
        tags: ["ready", "connecting"],
        invoke: {
          id: "connect",
          src: "connect",
          input: ({ context }) => {
            const result = metaConnectOf(context.draft)
            return { channel: context.channel, request: "connect" in result ? result.connect : blank }
          },
          onDone: { target: "loading", actions: { type: "storeLogin", params: outputOf } },
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
      toggling: {
        tags: ["ready", "toggling"],
        invoke: {
          id: "toggle",
          src: "toggle",
          input: ({ context, event }) => {
            assertEvent(event, ["SUBSCRIBE", "UNSUBSCRIBE"])
            return { channel: context.channel, page: event.page, on: event.type === "SUBSCRIBE" }
          },
          onDone: { target: "loading" },
          onError: { target: "ready", actions: [{ type: "detail.fail", params: errorOf }, assign({ busy: null })] },
        },
      },
    },
  })
