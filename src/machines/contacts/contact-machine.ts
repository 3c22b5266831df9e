/**
 * One contact's page (page actor `contact-page`, the drawer of the contact book): the contact as the list row gave it
 * (attributes, groups, flags, tags), the segments it is in now and its conversations (held, waiting and closed: the chat's own list calls), read together; attributes edited
 * as a draft and saved with one call (PUT /backend/user/{id}/attributes; a removed attribute is sent as null, which
 * the server deletes). A refused save keeps the draft and says why. "Open chat" hands the chosen conversation to the
 * chat inbox (`chat-inbox`), which then shows it on /apps/chat.
 *
 *   closed --OPEN--> open: details   loading --done--> ready, --error--> failed --RETRY--> loading
 *                          attributes editing --SAVE (valid, changed)--> saving --done--> editing (emits saved)
 *                                                                            \--error--> editing (saveFailure)
 */
import { Effect } from "effect"
import { assertEvent, assign, emit, enqueueActions, setup } from "xstate"
import type { Conversation } from "../../contract/schemas/chat"
import type { Contact } from "../../contract/schemas/contacts"
import type { Segment } from "../../contract/schemas/tagging"
import { openInInbox } from "../chat/open-in-inbox"
import { Api } from "../../services/api/api"
import { ifMayCall } from "../acl/may-call"
import { segmentsOfContactCall } from "./contact-calls"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import { type AttributeRow, attributesPatch, draftOf, draftProblem } from "./contact-attributes"

/** How many of the customer's conversations the page lists (open ones first, then the latest closed). */
export const HISTORY_LIMIT = 20

export interface ContactDetails {
  readonly segments: readonly Segment[]
  readonly conversations: readonly Conversation[]
  /** Why the conversations could not be read (no chat permission, a failed call); the rest of the page still shows. */
  readonly historyFailure: Failure | null
}

export interface ContactContext {
  readonly contact: Contact | null
  readonly details: ContactDetails | null
  readonly draft: readonly AttributeRow[]
  readonly failure: Failure | null
  readonly saveFailure: Failure | null
}

export type ContactEvent =
  | { type: "OPEN"; contact: Contact }
  | { type: "CLOSE" }
  | { type: "RETRY" }
  | { type: "ATTR.SET"; index: number; key: string; value: string }
  | { type: "ATTR.ADD" }
  | { type: "ATTR.REMOVE"; index: number }
  | { type: "ATTR.RESET" }
  | { type: "SAVE" }
  | { type: "CHAT.OPEN"; conversationId: number }

export type ContactEmitted = { type: "saved"; contact: Contact }
export type ContactTag = "loading" | "saving"

/** The customer's conversations with exactly this number (the calls search by substring), open ones first, newest first. */
export const conversationsOf = (number: string, open: readonly Conversation[], closed: readonly Conversation[]): Conversation[] => {
  const time = (c: Conversation) => Date.parse(c.last_message_at ?? c.closed_at ?? c.started_at) || 0
  const mine = (list: readonly Conversation[]) => list.filter((c) => c.number === number).sort((a, b) => time(b) - time(a) || b.id - a.id)
  return [...mine(open), ...mine(closed)].slice(0, HISTORY_LIMIT)
}

const loadDetails = fromEffect((number: string) =>
  Effect.gen(function* () {
    const api = yield* Api
    const query = { search: number, page: 1, limit: HISTORY_LIMIT }
    const history = Effect.all(
      [
        api.call("chat", "agentConversationsOngoing", query),
        api.call("chat", "agentUnassignedConversations", query),
        api.call("chat", "agentHistoryConversations", query),
      ],
      { concurrency: 3 },
    ).pipe(
      Effect.map(([held, waiting, closed]) => ({
        conversations: conversationsOf(number, [...held.data.items, ...waiting.data.items], closed.data.items),
        historyFailure: null,
      })),
      Effect.catch((error) => Effect.succeed({ conversations: [] as Conversation[], historyFailure: failureOf(error) })),
    )
    // Who may not read segments sees the drawer without them, and the server is not asked.
    const segmentsOf = ifMayCall(
      segmentsOfContactCall,
      Effect.map(api.call("tagging", "fetchCustomerSegment", { number }), (body) => body.data),
      [],
    )
    const [segments, conversations] = yield* Effect.all([segmentsOf, history], { concurrency: 2 })
    return { segments, ...conversations } satisfies ContactDetails
  }),
)

const saveAttributes = fromEffect(({ id, attributes }: { id: number; attributes: Record<string, string | null> }) =>
  Effect.flatMap(Api, (api) => api.call("contacts", "userByIdAttributes", { id, attributes })).pipe(Effect.map((body) => body.data)),
)

const closedContext: ContactContext = { contact: null, details: null, draft: [], failure: null, saveFailure: null }

export const contactMachine = setup({
  types: { context: {} as ContactContext, events: {} as ContactEvent, emitted: {} as ContactEmitted, tags: {} as ContactTag },
  actors: { load: loadDetails, save: saveAttributes },
  guards: {
    savable: ({ context }) => {
      if (!context.contact || draftProblem(context.draft) !== null) return false
      return Object.keys(attributesPatch(context.contact.attributes, context.draft)).length > 0
    },
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, "OPEN")
      return { ...closedContext, contact: event.contact, draft: draftOf(event.contact.attributes) }
    }),
    store: assign((_, details: ContactDetails) => ({ details, failure: null })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    clearFailure: assign({ failure: null }),
    failSave: assign((_, error: unknown) => ({ saveFailure: failureOf(error) })),
    saved: enqueueActions(({ enqueue }, contact: Contact) => {
      enqueue.assign({ contact, draft: draftOf(contact.attributes), saveFailure: null })
      enqueue(emit({ type: "saved", contact }))
    }),
    setAttr: assign(({ context, event }) => {
      assertEvent(event, "ATTR.SET")
      return { draft: context.draft.map((row, at) => (at === event.index ? { key: event.key, value: event.value } : row)) }
    }),
    addAttr: assign({ draft: ({ context }) => [...context.draft, { key: "", value: "" }] }),
    removeAttr: assign(({ context, event }) => {
      assertEvent(event, "ATTR.REMOVE")
      return { draft: context.draft.filter((_, at) => at !== event.index) }
    }),
    resetDraft: assign({ draft: ({ context }) => draftOf(context.contact?.attributes ?? {}), saveFailure: null }),
    close: assign(closedContext),
    /** The chat inbox shows the chosen conversation (chat/open-in-inbox.ts). */
    openChat: enqueueActions(({ context, event, system, enqueue }) => {
      assertEvent(event, "CHAT.OPEN")
      const conversation = context.details?.conversations.find((c) => c.id === event.conversationId)
      if (conversation) enqueue(() => openInInbox(system, conversation))
    }),
  },
}).createMachine({
  id: "contactPage",
  context: closedContext,
  initial: "closed",
  on: {
    OPEN: { target: ".open", reenter: true, actions: "open" },
    CLOSE: { target: ".closed", actions: "close" },
  },
  states: {
    closed: {},
    open: {
      type: "parallel",
      states: {
        details: {
          initial: "loading",
          states: {
            loading: {
              tags: "loading",
              invoke: {
                id: "load",
                src: "load",
                input: ({ context }) => context.contact?.number ?? "",
                onDone: { target: "ready", actions: { type: "store", params: outputOf } },
                onError: { target: "failed", actions: { type: "fail", params: errorOf } },
              },
            },
            failed: { on: { RETRY: { target: "loading", actions: "clearFailure" } } },
            ready: { on: { "CHAT.OPEN": { actions: "openChat" } } },
          },
        },
        attributes: {
          initial: "editing",
          states: {
            editing: {
              on: {
                "ATTR.SET": { actions: "setAttr" },
                "ATTR.ADD": { actions: "addAttr" },
                "ATTR.REMOVE": { actions: "removeAttr" },
                "ATTR.RESET": { actions: "resetDraft" },
                SAVE: { guard: "savable", target: "saving" },
              },
            },
            saving: {
              tags: "saving",
              invoke: {
                id: "save",
                src: "save",
                input: ({ context }) => ({
                  id: context.contact?.id ?? 0,
                  attributes: attributesPatch(context.contact?.attributes ?? {}, context.draft),
                }),
                onDone: { target: "editing", actions: { type: "saved", params: outputOf } },
                onError: { target: "editing", actions: { type: "failSave", params: errorOf } },
              },
            },
          },
        },
      },
    },
  },
})
