/**
 * One client webhook created, edited or deleted, switched on or off, or sent a test event (page actor
 * `webhook-editor`, on the record editor kit). The URL rule is the server's (https, or http to this machine in
 * development); the editor checks what it can before sending. The create answer carries the signing secret, shown
 * once from the kit's `answer`.
 */
import { Effect } from "effect"
import type { Webhook } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export interface WebhookDraft {
  readonly url: string
  readonly events: readonly string[]
}

export type WebhookProblem = "urlRequired" | "urlInvalid" | "eventsRequired" | "noChange"
export type WebhookAction = "enable" | "disable" | "test"

const URL_SHAPE = /^https?:\/\/[^\s/]+\S*$/

export const webhookRequestOf = (
  draft: WebhookDraft,
  row: Webhook | null,
): { readonly problem: WebhookProblem } | { readonly request: Partial<WebhookDraft> } => {
  const url = draft.url.trim()
  if (!url) return { problem: "urlRequired" }
  if (!URL_SHAPE.test(url) || url.length > 2048) return { problem: "urlInvalid" }
  if (draft.events.length === 0) return { problem: "eventsRequired" }
  if (!row) return { request: { url, events: draft.events } }
  const sameEvents = draft.events.length === row.events.length && draft.events.every((e) => row.events.includes(e))
  const request = { ...(url !== row.url ? { url } : {}), ...(sameEvents ? {} : { events: draft.events }) }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

/** The signing secret in a save's answer (only a create's carries it). */
export const revealedSecret = (answer: unknown): string | null => {
  const data = (answer as { data?: { secret?: unknown } } | null)?.data
  return typeof data?.secret === "string" ? data.secret : null
}

export const webhookEditorMachine = createRecordEditor<Webhook, WebhookDraft, WebhookAction>({
  list: "report-webhooks",
  blank: () => ({ url: "", events: [] }),
  draftOf: (row) => ({ url: row.url, events: row.events }),
  problemOf: (draft, row) => {
    const out = webhookRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = webhookRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("security", "updateClientWebhook", { id: row.id, ...out.request })
        : yield* api.call("security", "createClientWebhook", { url: out.request.url ?? "", events: out.request.events ?? [] })
    }),
  remove: (row) => Effect.flatMap(Api, (api) => api.call("webhooks", "deleteClientWebhook", { id: row.id })),
  actions: {
    enable: (row) => Effect.flatMap(Api, (api) => api.call("security", "updateClientWebhook", { id: row.id, active: true })),
    disable: (row) => Effect.flatMap(Api, (api) => api.call("security", "updateClientWebhook", { id: row.id, active: false })),
    test: (row) => Effect.flatMap(Api, (api) => api.call("webhooks", "sendWebhookTestEvent", { id: row.id })),
  },
})
