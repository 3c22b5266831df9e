/**
 * The company sub-page configure-web-hook (page actor `company-webhook`): the business's one webhook for every event,
 * read by onboarding.getWebhook and saved by onboarding.configureWebhook (kept in the one webhook store). Made from
 * the settings-form kit (common/settings-form.ts), started in `loading`.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      (RETRY from failed)
 */
import { Effect } from "effect"
import type { WebhookConfig } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { type SettingsFormContext, type SettingsFormEvent, settingsFormMachine } from "../common/settings-form"

export interface WebhookDraft {
  readonly url: string
  readonly verify_token: string
}

export type WebhookProblem = "urlInvalid" | "tokenShort"

export type CompanyWebhookContext = SettingsFormContext<WebhookConfig, WebhookDraft, WebhookProblem>
export type CompanyWebhookEvent = SettingsFormEvent<WebhookDraft>

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

/** The stored webhook's URL, and the token always typed anew (it is the signing secret). */
const draftOf = (stored: WebhookConfig | null): WebhookDraft => ({ url: stored?.url ?? "", verify_token: "" })

export const companyWebhookMachine = settingsFormMachine({
  id: "company-webhook",
  load: fromEffect(load),
  save: fromEffect(save),
  draftOf,
  problemOf: webhookProblem,
})
