/**
 * Scheduled sends of the open conversation (page actor `scheduled-sends`, input: the conversation's id): what waits for
 * its customer, read from the server and read again when the thread changes (`REFRESH`: a message of ours arrived
 * live, which is how a scheduled one that left shows) and every half minute while something waits; the "Send later"
 * dialog for a new one (the composer's text, or a template picked outside the 24-hour window) or an edit (text and time
 * on the tenant's clock, quick choices), and a cancel.
 *
 *   list: loading --done--> ready | --error--> failed;  ready --REFRESH / after RECHECK [something waits]--> loading
 *         failed --REFRESH--> loading
 *   edit: idle --OPEN / EDIT--> open --SAVE [time and text]--> saving --done--> idle (list read again) | --error--> open
 *         open --CLOSE--> idle;  idle --CANCEL--> cancelling --done--> idle (read again) | --error--> idle (failure)
 */
import { Effect } from "effect"
import { assertEvent, assign, raise, setup } from "xstate"
import type { ScheduledList, ScheduledSend, ScheduledTemplate } from "../../contract/groups/scheduled-sends"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import { instantOf, localOf } from "../reminders/reminder-time"

export const RECHECK_MS = 30_000
const HOUR_MS = 3_600_000

export type QuickChoice = "hour" | "tomorrow"

/** The dialog's fields: a new send (`id` null) or an edit of one; a template's text is the template's. */
export interface ScheduleDraft {
  readonly id: number | null
  readonly text: string
  readonly template: ScheduledTemplate | null
  /** The time on the tenant's clock, as a `datetime-local` field holds it. */
  readonly local: string
}

export interface ScheduledContext {
  readonly conversationId: number
  readonly zone: string
  readonly items: readonly ScheduledSend[]
  readonly listFailure: Failure | null
  readonly draft: ScheduleDraft | null
  readonly failure: Failure | null
  /** New sends scheduled so far: the composer clears its draft when this grows. */
  readonly scheduled: number
}

export type ScheduledEvent =
  | { type: "REFRESH" }
  | { type: "OPEN"; text: string }
  | { type: "OPEN_TEMPLATE"; template: ScheduledTemplate }
  | { type: "EDIT"; id: number }
  | { type: "TEXT"; text: string }
  | { type: "TIME"; local: string }
  | { type: "QUICK"; choice: QuickChoice; now: number }
  | { type: "CLOSE" }
  | { type: "SAVE" }
  | { type: "CANCEL"; id: number }
  | { type: "DISMISS" }

/** A quick choice on the tenant's clock: an hour from now, or nine in the morning of the zone's next day. */
export const quickLocal = (choice: QuickChoice, now: number, zone: string): string => {
  if (choice === "hour") return localOf(new Date(now + HOUR_MS).toISOString(), zone)
  return `${localOf(new Date(now + 24 * HOUR_MS).toISOString(), zone).slice(0, 10)}T09:00`
}

export const waiting = (items: readonly ScheduledSend[]) => items.filter((s) => s.state === "scheduled")

const readList = fromEffect((conversationId: number) =>
  Effect.flatMap(Api, (api) => api.call("scheduledSends", "scheduledSendList", { conversation_id: conversationId })).pipe(
    Effect.map((body) => body.data),
  ),
)

const saveDraft = fromEffect((input: { conversationId: number; draft: ScheduleDraft; sendAt: string }) =>
  Effect.flatMap(Api, (api) =>
    input.draft.id === null
      ? api.call("scheduledSends", "scheduledSendCreate", {
          conversation_id: input.conversationId,
          send_at: input.sendAt,
          ...(input.draft.template ? { template: input.draft.template } : { text: input.draft.text }),
        })
      : api.call("scheduledSends", "scheduledSendUpdate", {
          id: input.draft.id,
          send_at: input.sendAt,
          ...(input.draft.template ? {} : { text: input.draft.text }),
        }),
  ).pipe(Effect.map((body) => body.data)),
)

const cancelSend = fromEffect((id: number) =>
  Effect.flatMap(Api, (api) => api.call("scheduledSends", "scheduledSendCancel", { id })).pipe(Effect.asVoid),
)

export const scheduledSendsMachine = setup({
  types: {
    context: {} as ScheduledContext,
    events: {} as ScheduledEvent,
    input: {} as { conversationId: number },
  },
  actors: { readList, saveDraft, cancelSend },
  delays: { RECHECK: RECHECK_MS },
  guards: {
    somethingWaits: ({ context }) => waiting(context.items).length > 0,
    known: ({ context, event }) => event.type === "EDIT" && waiting(context.items).some((s) => s.id === event.id),
    complete: ({ context: { draft, zone } }) =>
      draft !== null && (draft.template !== null || draft.text.trim() !== "") && instantOf(draft.local, zone) !== "",
    isNew: ({ context }) => context.draft?.id === null,
  },
  actions: {
    listed: assign((_, list: ScheduledList) => ({ zone: list.zone, items: list.items, listFailure: null })),
    listFailed: assign((_, error: unknown) => ({ listFailure: failureOf(error) })),
    open: assign(({ event }) => {
      assertEvent(event, "OPEN")
      return { draft: { id: null, text: event.text, template: null, local: "" }, failure: null }
    }),
    openTemplate: assign(({ event }) => {
      assertEvent(event, "OPEN_TEMPLATE")
      return { draft: { id: null, text: "", template: event.template, local: "" }, failure: null }
    }),
    edit: assign(({ context, event }) => {
      assertEvent(event, "EDIT")
      const item = context.items.find((s) => s.id === event.id)
      const draft = item && { id: item.id, text: item.text, template: item.template, local: localOf(item.send_at, context.zone) }
      return { draft: draft ?? null, failure: null }
    }),
    text: assign(({ context, event }) => {
      assertEvent(event, "TEXT")
      return { draft: context.draft && { ...context.draft, text: event.text } }
    }),
    time: assign(({ context, event }) => {
      assertEvent(event, "TIME")
      return { draft: context.draft && { ...context.draft, local: event.local } }
    }),
    quick: assign(({ context, event }) => {
      assertEvent(event, "QUICK")
      return { draft: context.draft && { ...context.draft, local: quickLocal(event.choice, event.now, context.zone) } }
    }),
    close: assign({ draft: null, failure: null }),
    counted: assign(({ context }) => ({ scheduled: context.scheduled + 1 })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    dismiss: assign({ failure: null }),
    refresh: raise({ type: "REFRESH" }),
  },
}).createMachine({
  id: "scheduledSends",
  type: "parallel",
  context: ({ input }) => ({
    conversationId: input.conversationId,
    zone: "UTC",
    items: [],
    listFailure: null,
    draft: null,
    failure: null,
    scheduled: 0,
  }),
  states: {
    list: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "readList",
            id: "readList",
            input: ({ context }) => context.conversationId,
            onDone: { target: "ready", actions: { type: "listed", params: outputOf } },
            onError: { target: "failed", actions: { type: "listFailed", params: errorOf } },
          },
        },
        ready: {
          on: { REFRESH: "loading" },
          after: { RECHECK: { guard: "somethingWaits", target: "loading" } },
        },
        failed: { on: { REFRESH: "loading" } },
      },
    },
    edit: {
      initial: "idle",
      states: {
        idle: {
          on: {
            OPEN: { target: "open", actions: "open" },
            OPEN_TEMPLATE: { target: "open", actions: "openTemplate" },
            EDIT: { guard: "known", target: "open", actions: "edit" },
            CANCEL: { target: "cancelling", actions: "dismiss" },
            DISMISS: { actions: "dismiss" },
          },
        },
        open: {
          on: {
            TEXT: { actions: "text" },
            TIME: { actions: "time" },
            QUICK: { actions: "quick" },
            CLOSE: { target: "idle", actions: "close" },
            SAVE: { guard: "complete", target: "saving" },
          },
        },
        saving: {
          invoke: {
            src: "saveDraft",
            id: "saveDraft",
            input: ({ context }) => ({
              conversationId: context.conversationId,
              draft: context.draft!,
              sendAt: instantOf(context.draft!.local, context.zone),
            }),
            onDone: [
              { guard: "isNew", target: "idle", actions: ["counted", "close", "refresh"] },
              { target: "idle", actions: ["close", "refresh"] },
            ],
            onError: { target: "open", actions: { type: "fail", params: errorOf } },
          },
        },
        cancelling: {
          invoke: {
            src: "cancelSend",
            id: "cancelSend",
            input: ({ event }) => {
              assertEvent(event, "CANCEL")
              return event.id
            },
            onDone: { target: "idle", actions: "refresh" },
            onError: { target: "idle", actions: [{ type: "fail", params: errorOf }, "refresh"] },
          },
        },
      },
    },
  },
})
