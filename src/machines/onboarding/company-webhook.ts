/**
 * The company sub-page configure-web-hook (page actor `company-webhook`): the business's one webhook for every event,
 * read by onboarding.getWebhook and saved by onboarding.configureWebhook (kept in the one webhook store). Made from
 * the detail loader (common/detail-machine.ts), started in `loading`.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      (RETRY from failed)
 */
import { Effect } from "effect"
import { assign } from "xstate"
import type { WebhookConfig } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export interface WebhookDraft {
  readonly url: string
  readonly verify_token: string
}

export type WebhookProblem = "urlInvalid" | "tokenShort"

export interface CompanyWebhookContext {
  readonly stored: WebhookConfig | null
  readonly draft: WebhookDraft
  readonly failure: Failure | null
  readonly problem: WebhookProblem | null
  readonly saved: number
}

export type CompanyWebhookEvent = { type: "EDIT"; patch: Partial<WebhookDraft> } | { type: "SAVE" }

/** What stops a save before any call; the token is the signing secret, so it is always typed anew. */
export const webhookProblem = (draft: WebhookDraft): WebhookProblem | null => {
  if (!/^https?:\/\/[^\s]+$/.test(draft.url.trim())) return "urlInvalid"
  if (draft.verify_token.length < 8 || draft.verify_token.length > 200) return "tokenShort"
  return null
}

const load = () =>
  Effect.gen(function* () {
    return (yield* (yield* Api).call("onboarding", "getWebhook", {})).data
  })

const save = (draft: WebhookDraft) =>
  Effect.gen(function* () {
    return (yield* (yield* Api).call("onboarding", "configureWebhook", { url: draft.url.trim(), verify_token: draft.verify_token })).data
  })

const empty = (): CompanyWebhookContext => ({ stored: null, draft: { url: "", verify_token: "" }, failure: null, problem: null, saved: 0 })

const detail = detailMachine({
  types: { context: {} as CompanyWebhookContext, events: {} as CompanyWebhookEvent, tags: {} as "saving" },
  load: fromEffect(load),
  actors: { save: fromEffect(save) },
  loadInput: () => undefined,
  stored: (context, stored: WebhookConfig | null) => ({ ...context, stored, draft: { url: stored?.url ?? "", verify_token: "" } }),
  closed: empty,
})

export const companyWebhookMachine = detail.kit
  .extend({
    guards: { canSave: ({ context }: { context: CompanyWebhookContext }) => webhookProblem(context.draft) === null },
    actions: {
      edit: assign(({ context }, patch: Partial<WebhookDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
      refuse: assign(({ context }) => ({ problem: webhookProblem(context.draft) })),
      storeSaved: assign(({ context }, stored: WebhookConfig) => ({
        stored,
        draft: { url: stored.url, verify_token: "" },
        failure: null,
        saved: context.saved + 1,
      })),
    },
  })
  .createMachine({
    id: "company-webhook",
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
        },
      },
      saving: {
        tags: ["ready", "saving"],
        invoke: {
          id: "save",
          src: "save",
          input: ({ context }) => context.draft,
          onDone: { target: "ready", actions: { type: "storeSaved", params: outputOf<WebhookConfig> } },
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
    },
  })
