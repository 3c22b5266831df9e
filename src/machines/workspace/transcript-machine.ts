/**
 * A read-only transcript in a drawer: the messages of one conversation, closed chat or ticket, whichever call
 * serves that source, with older pages on demand. One actor per screen (started by the page, see page-actor.ts),
 * made from the detail loader (common/detail-machine.ts) with older pages on top.
 *
 *   closed --OPEN--> loading --done--> ready --OLDER--> loadingOlder --done/error--> ready
 *                        \--error--> failed --RETRY--> loading          (CLOSE from anywhere; OPEN reloads)
 */
import { Effect } from "effect"
import type { Message } from "../../contract/schemas/chat"
import { assign } from "xstate"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export type TranscriptSource =
  | { readonly kind: "conversation"; readonly conversationId: number }
  | { readonly kind: "closed"; readonly number: string; readonly lastClosed: string }
  | { readonly kind: "customer"; readonly number: string }
  | { readonly kind: "ticket"; readonly ticketNumber: string }
  | { readonly kind: "ticketHistory"; readonly ticketNumber: string }

export const TRANSCRIPT_PAGE = 50

export interface TranscriptPage {
  readonly messages: readonly Message[]
  readonly hasOlder: boolean
}

export interface TranscriptContext {
  readonly source: TranscriptSource | null
  /** What the drawer's title names (a customer, a ticket number). */
  readonly title: string
  /** Oldest first. */
  readonly messages: readonly Message[]
  readonly page: number
  readonly hasOlder: boolean
  readonly failure: Failure | null
}

export type TranscriptEvent = { type: "OPEN"; source: TranscriptSource; title: string } | { type: "OLDER" }

/** Oldest first, each message once (an older page may overlap a newer one when messages arrived in between). */
export const mergeMessages = (older: readonly Message[], newer: readonly Message[]): Message[] => {
  const byId = new Map<number, Message>()
  for (const message of [...older, ...newer]) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => (a.dt === b.dt ? a.id - b.id : a.dt < b.dt ? -1 : 1))
}

const paged = (body: { data: { items: readonly Message[]; totalItems: number } }, page: number): TranscriptPage => ({
  messages: body.data.items,
  hasOlder: page * TRANSCRIPT_PAGE < body.data.totalItems,
})

/** The call behind each source; page 1 is the newest. */
export const loadTranscript = (source: TranscriptSource, page: number) =>
  Effect.gen(function* () {
    const api = yield* Api
    const limit = TRANSCRIPT_PAGE
    switch (source.kind) {
      case "conversation":
        return paged(yield* api.call("chat", "agentGetChat", { conversation_id: source.conversationId, page, limit }), page)
      case "customer":
        return paged(yield* api.call("chat", "agentHistoryChat", { number: source.number, page, limit }), page)
      case "ticket":
        return paged(yield* api.call("tickets", "ticketChat", { ticket_number: source.ticketNumber, page, limit }), page)
      case "closed": {
        const body = yield* api.call("chat", "agentHistoryChatByNumberByLastClosed", {
          number: source.number,
          last_closed: source.lastClosed,
        })
        return { messages: body.data, hasOlder: false }
      }
      case "ticketHistory": {
        const body = yield* api.call("tickets", "ticketHistorychat", { ticket_number: source.ticketNumber })
        return { messages: body.data, hasOlder: false }
      }
    }
  })

const empty = (): TranscriptContext => ({
  source: null,
  title: "",
  messages: [],
  page: 1,
  hasOlder: false,
  failure: null,
})

const detail = detailMachine({
  types: { context: {} as TranscriptContext, events: {} as TranscriptEvent, tags: {} as "loadingOlder" },
  load: fromEffect(({ source, page }: { source: TranscriptSource; page: number }) => loadTranscript(source, page)),
  loadInput: (context) => ({ source: context.source!, page: 1 }),
  stored: (context, first) => ({ ...context, messages: mergeMessages([], first.messages), hasOlder: first.hasOlder, page: 1 }),
  closed: empty,
  opened: (_, event) => ({ ...empty(), source: event.source, title: event.title }),
})

export const transcriptMachine = detail.kit
  .extend({
    guards: { hasOlder: ({ context }) => context.hasOlder },
    actions: {
      storeOlder: assign(({ context }, older: TranscriptPage) => ({
        messages: mergeMessages(older.messages, context.messages),
        hasOlder: older.hasOlder,
        page: context.page + 1,
        failure: null,
      })),
    },
  })
  .createMachine({
    id: "transcript",
    context: empty,
    initial: "closed",
    on: { ...detail.on, OPEN: detail.open },
    states: {
      ...detail.states,
      ready: { ...detail.states.ready, on: { OLDER: { guard: "hasOlder", target: "loadingOlder" } } },
      loadingOlder: {
        tags: ["ready", "loadingOlder"],
        invoke: {
          id: "loadOlder",
          src: "load",
          input: ({ context }) => ({ source: context.source!, page: context.page + 1 }),
          onDone: { target: "ready", actions: { type: "storeOlder", params: outputOf } },
          // The messages already shown stay; the failure shows above them and OLDER may be tried again.
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
    },
  })
