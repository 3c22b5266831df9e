/**
 * A read-only transcript in a drawer: the messages of one conversation, closed chat or ticket, whichever call
 * serves that source, with older pages on demand. One actor per screen (a page actor: the root runs it while its screen is open).
 *
 *   closed --OPEN--> loading --done--> ready --OLDER--> loadingOlder --done/error--> ready
 *                        \--error--> failed --RETRY--> loading          (CLOSE from anywhere; OPEN reloads)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { Message } from "../../contract/schemas/chat"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { messageOf } from "../report-kit/paged"

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
  readonly error: string | null
}

export type TranscriptEvent =
  | { type: "OPEN"; source: TranscriptSource; title: string }
  | { type: "CLOSE" }
  | { type: "OLDER" }
  | { type: "RETRY" }

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
  error: null,
})

type Loaded = { output: TranscriptPage }

export const transcriptMachine = setup({
  types: { context: {} as TranscriptContext, events: {} as TranscriptEvent },
  actors: {
    load: fromEffect(({ source, page }: { source: TranscriptSource; page: number }) => loadTranscript(source, page)),
  },
  guards: {
    hasOlder: ({ context }) => context.hasOlder,
  },
  actions: {
    open: assign(({ event }) => (event.type === "OPEN" ? { ...empty(), source: event.source, title: event.title } : {})),
    close: assign(() => empty()),
    storeFirst: assign(({ event }) => {
      const { output } = event as unknown as Loaded
      return { messages: mergeMessages([], output.messages), hasOlder: output.hasOlder, page: 1, error: null }
    }),
    storeOlder: assign(({ context, event }) => {
      const { output } = event as unknown as Loaded
      return {
        messages: mergeMessages(output.messages, context.messages),
        hasOlder: output.hasOlder,
        page: context.page + 1,
        error: null,
      }
    }),
    storeError: assign({ error: ({ event }) => messageOf((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: "transcript",
  context: empty,
  initial: "closed",
  on: {
    OPEN: { target: ".loading", actions: "open", reenter: true },
    CLOSE: { target: ".closed", actions: "close" },
  },
  states: {
    closed: {},
    loading: {
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ source: context.source!, page: 1 }),
        onDone: { target: "ready", actions: "storeFirst" },
        onError: { target: "failed", actions: "storeError" },
      },
    },
    ready: { on: { OLDER: { guard: "hasOlder", target: "loadingOlder" } } },
    loadingOlder: {
      invoke: {
        id: "loadOlder",
        src: "load",
        input: ({ context }) => ({ source: context.source!, page: context.page + 1 }),
        onDone: { target: "ready", actions: "storeOlder" },
        // The messages already shown stay; the error shows above them and OLDER may be tried again.
        onError: { target: "ready", actions: "storeError" },
      },
    },
    failed: { on: { RETRY: { target: "loading" } } },
  },
})
