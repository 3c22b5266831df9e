/**
 * Session Timeout (/apps/sessionMessage, page actor `session-message`): the tenant's timeout message, read by
 * auth.sessionFetch, edited, and saved: auth.sessionMessage the first time (no id yet), auth.sessionMessageById after,
 * sending only what changed. Made from the detail loader (common/detail-machine.ts), started in `loading`.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      (RETRY from failed)
 */
import { Effect } from "effect"
import { assign } from "xstate"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

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

export interface SessionContext {
  readonly stored: SessionMessage | null
  readonly draft: SessionDraft
  readonly failure: Failure | null
  readonly problem: SessionProblem | null
  readonly saved: number
}

export type SessionEvent = { type: "EDIT"; patch: Partial<SessionDraft> } | { type: "SAVE" }

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

const empty = (): SessionContext => ({ stored: null, draft: draftOf(null), failure: null, problem: null, saved: 0 })

const detail = detailMachine({
  types: { context: {} as SessionContext, events: {} as SessionEvent, tags: {} as "saving" },
  load: fromEffect(load),
  actors: { save: fromEffect(save) },
  loadInput: () => undefined,
  stored: (context, stored: SessionMessage) => ({ ...context, stored, draft: draftOf(stored) }),
  closed: empty,
})

const outcome = (context: SessionContext) =>
  context.stored ? sessionSaveOf(context.stored, context.draft) : { problem: "noChange" as const }

export const sessionMessageMachine = detail.kit
  .extend({
    guards: { canSave: ({ context }) => "save" in outcome(context) },
    actions: {
      edit: assign(({ context }, patch: Partial<SessionDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
      refuse: assign(({ context }) => {
        const result = outcome(context)
        return { problem: "problem" in result ? result.problem : null }
      }),
      storeSaved: assign(({ context }, stored: SessionMessage) => ({
        stored,
        draft: draftOf(stored),
        failure: null,
        saved: context.saved + 1,
      })),
    },
  })
  .createMachine({
    id: "session-message",
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
          input: ({ context }) => {
            const result = outcome(context)
            return "save" in result ? result.save : { id: null, request: {} }
          },
          onDone: { target: "ready", actions: { type: "storeSaved", params: outputOf } },
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
    },
  })
