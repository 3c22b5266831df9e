/**
 * Session Timeout (/apps/sessionMessage, page actor `session-message`): the tenant's timeout message, read by
 * auth.sessionFetch, edited, and saved: auth.sessionMessage the first time (no id yet), auth.sessionMessageById after,
 * sending only what changed. Made from the settings-form kit (common/settings-form.ts), started in `loading`.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      (RETRY from failed)
 */
import { Effect } from "effect"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { type SettingsFormContext, type SettingsFormEvent, settingsFormMachine } from "../common/settings-form"

export const TIMEOUT_MAX_MINUTES = 10080
export const MESSAGE_MAX = 1000

export interface SessionMessage {
  readonly id: number | null
  readonly enabled: boolean
  readonly timeout_minutes: number
  readonly message: string
}

export interface SessionDraft {
  readonly enabled: boolean
  /** As typed. */
  readonly minutes: string
  readonly message: string
}

export type SessionProblem = "minutesInvalid" | "messageRequired" | "messageTooLong" | "noChange"

export type SessionContext = SettingsFormContext<SessionMessage, SessionDraft, SessionProblem>
export type SessionEvent = SettingsFormEvent<SessionDraft>

const draftOf = (s: SessionMessage | null): SessionDraft => ({
  enabled: s?.enabled ?? false,
  minutes: s ? String(s.timeout_minutes) : "",
  message: s?.message ?? "",
})

type Save = { readonly id: number | null; readonly request: Partial<Omit<SessionMessage, "id">> }

export const sessionSaveOf = (s: SessionMessage, d: SessionDraft): { readonly problem: SessionProblem } | { readonly save: Save } => {
  const minutes = Number(d.minutes.trim())
  if (!/^\d+$/.test(d.minutes.trim()) || minutes < 1 || minutes > TIMEOUT_MAX_MINUTES) return { problem: "minutesInvalid" }
  const message = d.message.trim()
  if (!message) return { problem: "messageRequired" }
  if (message.length > MESSAGE_MAX) return { problem: "messageTooLong" }
  const next = { enabled: d.enabled, timeout_minutes: minutes, message }
  if (s.id === null) return { save: { id: null, request: next } }
  const request = Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== s[key as keyof typeof next]))
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { save: { id: s.id, request } }
}

const load = () =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("auth", "sessionFetch", {})).data.session as SessionMessage
  })

const save = ({ id, request }: Save) =>
  Effect.gen(function* () {
    const api = yield* Api
    const body =
      id === null
        ? yield* api.call("auth", "sessionMessage", request as { timeout_minutes: number; message: string })
        : yield* api.call("auth", "sessionMessageById", { id, ...request })
    return body.data.session as SessionMessage
  })

const problemOf = (draft: SessionDraft, stored: SessionMessage | null): SessionProblem | null => {
  if (!stored) return "noChange"
  const result = sessionSaveOf(stored, draft)
  return "problem" in result ? result.problem : null
}

/** Called only once `problemOf` found nothing: a stored value and a save. */
const saveInputOf = (draft: SessionDraft, stored: SessionMessage | null): Save => {
  const result = sessionSaveOf(stored!, draft)
  if (!("save" in result)) throw new Error(`Session message not saveable: ${result.problem}`)
  return result.save
}

export const sessionMessageMachine = settingsFormMachine({
  id: "session-message",
  load: fromEffect(load),
  save: fromEffect(save),
  draftOf,
  problemOf,
  saveInput: saveInputOf,
})
