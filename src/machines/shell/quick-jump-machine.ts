/**
 * The quick-jump box (systemId `quickJump`): Ctrl+K or the top bar's button opens it over the screens the person may
 * open (the view passes them with their titles in the current language); typing narrows them, the arrow keys move the
 * highlight, Enter goes to the highlighted screen (emitted as `go`), Escape closes it. A query of two characters or
 * more also looks, after a pause in the typing, for customers by name or number: their open conversations and their
 * contacts (each when the person may list them). Those follow the screens; choosing a conversation opens it in the
 * chat inbox, choosing a contact goes to the contact book with that contact's page open.
 *
 *   closed --OPEN--> open.idle --TYPE (2+ chars)--> open.waiting --(250 ms)--> open.searching --done/error--> open.idle
 */
import { Effect } from "effect"
import { assertEvent, assign, enqueueActions, setup } from "xstate"
import type { Conversation } from "../../contract/schemas/chat"
import type { Contact } from "../../contract/schemas/contacts"
import { Api } from "../../services/api/api"
import { ifMayCall } from "../acl/may-call"
import { openInInbox } from "../chat/open-in-inbox"
import { fromEffect } from "../common/from-effect"
import { outputOf } from "../common/settled"

export interface JumpTarget {
  readonly path: string
  readonly title: string
  /** A customer's conversation the query found: choosing it opens it in the chat inbox. */
  readonly conversation?: Conversation
  /** A contact the query found: choosing it opens its page in the contact book. */
  readonly contact?: Contact
}

export interface QuickJumpContext {
  readonly targets: readonly JumpTarget[]
  readonly query: string
  /** The customers' conversations and contacts found for `query`. */
  readonly found: readonly JumpTarget[]
  readonly matches: readonly JumpTarget[]
  /** The highlighted match's index in `matches`. */
  readonly active: number
}

export const SEARCH_WAIT_MS = 250
export const FOUND_LIMIT = 6
const CHAT = "/apps/chat"
export const CONTACTS = "/apps/contacts/all"

/** A found conversation as a jump target, titled by the customer's name and number. */
export const conversationTarget = (conversation: Conversation): JumpTarget => ({
  path: CHAT,
  title: conversation.name ? `${conversation.name} · ${conversation.number}` : conversation.number,
  conversation,
})

/** A found contact as a jump target, titled by the customer's name and number. */
export const contactTarget = (contact: Contact): JumpTarget => ({
  path: CONTACTS,
  title: contact.name ? `${contact.name} · ${contact.number}` : contact.number,
  contact,
})

/**
 * Customers whose name or number holds the query: their open conversations (the chat inbox's own list, "all" box),
 * then their contacts (the contact book's list); each only when the person may list it.
 */
const findCustomers = fromEffect((query: string) =>
  Effect.gen(function* () {
    const api = yield* Api
    const conversations = ifMayCall(
      { permission: "chat", access: "tenant" },
      Effect.map(api.call("chat", "agentConversationsOngoing", { page: 1, limit: FOUND_LIMIT, search: query, queue: true }), (body) =>
        body.data.items.map(conversationTarget),
      ),
      [] as readonly JumpTarget[],
    )
    const contacts = ifMayCall(
      { permission: "contacts", access: "tenant" },
      Effect.map(api.call("contacts", "fetchAllContacts", { page: 1, limit: FOUND_LIMIT, search: query }), (body) =>
        body.data.items.map(contactTarget),
      ),
      [] as readonly JumpTarget[],
    )
    const [found, book] = yield* Effect.all([conversations, contacts], { concurrency: 2 })
    return [...found, ...book]
  }),
)

export type QuickJumpEvent =
  | { type: "JUMP.OPEN"; targets: readonly JumpTarget[] }
  | { type: "JUMP.CLOSE" }
  | { type: "JUMP.TYPE"; query: string }
  | { type: "JUMP.NEXT" }
  | { type: "JUMP.PREV" }
  /** Goes to the match at `index`, or to the highlighted one. */
  | { type: "JUMP.CHOOSE"; index?: number }

/** Where to go; with `contact`, the contact book opens that contact's page on arrival. */
export type QuickJumpEmitted = { type: "go"; path: string; contact?: Contact }

/** Case- and accent-insensitive folding (Turkish dotted and dotless i alike), so "ayar" finds "Ayarlar". */
const fold = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ı/g, "i")

/** Titles holding every word of the query; those starting with the query first, then by title. */
export const matchesOf = (targets: readonly JumpTarget[], query: string): readonly JumpTarget[] => {
  const words = fold(query).split(/\s+/).filter(Boolean)
  const found = targets.filter((target) => words.every((word) => fold(target.title).includes(word)))
  const head = fold(query.trim())
  const starts = (target: JumpTarget) => (head !== "" && fold(target.title).startsWith(head) ? 0 : 1)
  return [...found].sort((a, b) => starts(a) - starts(b) || a.title.localeCompare(b.title))
}

const closed: QuickJumpContext = { targets: [], query: "", found: [], matches: [], active: 0 }

export const quickJumpMachine = setup({
  types: { context: {} as QuickJumpContext, events: {} as QuickJumpEvent, emitted: {} as QuickJumpEmitted },
  actors: { findCustomers },
  delays: { wait: SEARCH_WAIT_MS },
  guards: {
    hasChoice: ({ context, event }) => {
      assertEvent(event, "JUMP.CHOOSE")
      return context.matches[event.index ?? context.active] !== undefined
    },
    searchable: ({ event }) => {
      assertEvent(event, "JUMP.TYPE")
      return event.query.trim().length >= 2
    },
  },
  actions: {
    start: assign(({ event }) => {
      assertEvent(event, "JUMP.OPEN")
      return { targets: event.targets, query: "", found: [], matches: matchesOf(event.targets, ""), active: 0 }
    }),
    type: assign(({ context, event }) => {
      assertEvent(event, "JUMP.TYPE")
      return { query: event.query, found: [], matches: matchesOf(context.targets, event.query), active: 0 }
    }),
    found: assign(({ context }, found: readonly JumpTarget[]) => ({
      found,
      matches: [...matchesOf(context.targets, context.query), ...found],
    })),
    next: assign({ active: ({ context }) => (context.matches.length === 0 ? 0 : (context.active + 1) % context.matches.length) }),
    prev: assign({
      active: ({ context }) => (context.matches.length === 0 ? 0 : (context.active - 1 + context.matches.length) % context.matches.length),
    }),
    go: enqueueActions(({ context, event, system, enqueue }) => {
      assertEvent(event, "JUMP.CHOOSE")
      const target = context.matches[event.index ?? context.active]
      const conversation = target.conversation
      if (conversation) enqueue(() => openInInbox(system, conversation))
      enqueue.emit({ type: "go" as const, path: target.path, ...(target.contact ? { contact: target.contact } : {}) })
    }),
    reset: assign(closed),
  },
}).createMachine({
  id: "quickJump",
  context: closed,
  initial: "closed",
  states: {
    closed: { on: { "JUMP.OPEN": { target: "open", actions: "start" } } },
    open: {
      initial: "idle",
      states: {
        idle: {},
        waiting: { after: { wait: "searching" } },
        searching: {
          invoke: {
            src: "findCustomers",
            id: "find",
            input: ({ context }) => context.query.trim(),
            onDone: { target: "idle", actions: { type: "found", params: outputOf } },
            // The screens still answer; a failed look-up only finds no customers.
            onError: "idle",
          },
        },
      },
      on: {
        "JUMP.TYPE": [
          { guard: "searchable", target: ".waiting", reenter: true, actions: "type" },
          { target: ".idle", actions: "type" },
        ],
        "JUMP.NEXT": { actions: "next" },
        "JUMP.PREV": { actions: "prev" },
        "JUMP.CHOOSE": { guard: "hasChoice", target: "closed", actions: ["go", "reset"] },
        "JUMP.CLOSE": { target: "closed", actions: "reset" },
        // Ctrl+K again while open closes it, as a toggle.
        "JUMP.OPEN": { target: "closed", actions: "reset" },
      },
    },
  },
})
