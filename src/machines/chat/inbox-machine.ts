/**
 * The chat inbox (systemId `chat-inbox`): off until the session holds the chat permission (chat-lifetime), then it
 * owns the chat events of the shared socket, the conversation list (filters mine / unassigned / all, channel, label,
 * status, search; paged), and one conversation actor per opened conversation (the last few stay alive, so going
 * back is instant). Events apply once by seq, in any order (chat-logic.ts `AppliedSeqs`: two nodes' events may cross,
 * a relay may repeat one), and records are upserted by id; after a reconnect the list and the open conversations are
 * read again (events sent while offline are not replayed).
 * The server sends what the screen shows (server/features/chat/chat-audience.ts): the inbox tells it with `chat:watch`
 * whether the "all" box is on screen and which conversations are open, after each change and each (re)connection.
 */
import { assertEvent, assign, cancel, enqueueActions, raise, sendTo, setup, type ActorRefFrom } from "xstate"
import type { Conversation } from "../../contract/schemas/chat"
import { type Failure, failureOf } from "../common/failure"
import { errorOf, outputOf } from "../common/settled"
import { type BoxCounts, chatSocket, loadBoxCounts, loadConversations, type ChatSocketEvent, type ConversationPage } from "./chat-actors"
import {
  type AppliedSeqs,
  DEFAULT_FILTERS,
  type InboxFilters,
  isNewSeq,
  NO_SEQS,
  seqsAfterReload,
  upsertConversation,
  visibleConversations,
  withSeq,
} from "./chat-logic"
import { conversationMachine, type ConversationToInbox } from "./conversation-machine"
import { customerMachine } from "./customer-machine"
import { lookupMachine } from "./lookup-machine"
import { announce } from "../shell/announcer-machine"

export type ConversationRef = ActorRefFrom<typeof conversationMachine>
export type CustomerRef = ActorRefFrom<typeof customerMachine>

/** Chat events come in bursts (a campaign's replies): the badges are read again this long after the last one. */
export const COUNTS_SETTLE_MS = 1000
/** How many opened conversations keep their actor (messages, outbox) after the agent moved on. */
export const KEEP_OPEN = 8
/** A long message is announced by its start: the transcript holds the rest. */
export const ANNOUNCED_CHARS = 200
export const LOOKUPS = ["canned", "templates", "agents", "labels"] as const

export interface InboxContext {
  readonly userId: number
  readonly filters: InboxFilters
  /** Every conversation known (loaded or pushed); the list shown is `visibleConversations` of it. */
  readonly conversations: readonly Conversation[]
  readonly page: number
  readonly total: number
  /** The boxes' badges (server totals), null until first read; read again after each load and, settled, after events. */
  readonly boxCounts: BoxCounts | null
  /** A read of the badges is running (its answer is the only one taken). */
  readonly counting: boolean
  readonly failure: Failure | null
  /** The seqs of the events applied (chat-logic.ts). */
  readonly seqs: AppliedSeqs
  readonly connection: "connecting" | "connected" | "disconnected" | "unauthorized"
  readonly everConnected: boolean
  readonly selectedId: number | null
  readonly open: Readonly<Record<number, ConversationRef>>
  /** Opened conversation ids, most recent last. */
  readonly recent: readonly number[]
  readonly customer: CustomerRef | null
}

export type InboxEvent =
  | { type: "INBOX.START"; userId: number }
  | { type: "INBOX.STOP" }
  | { type: "FILTER"; patch: Partial<InboxFilters> }
  | { type: "LOAD_MORE" }
  | { type: "RELOAD" }
  | { type: "SELECT"; id: number }
  | { type: "DESELECT" }
  | { type: "NEXT" }
  | { type: "PREVIOUS" }
  | { type: "COUNTS.STALE" }
  | { type: "xstate.done.actor.box-counts"; output: BoxCounts }
  | { type: "xstate.error.actor.box-counts"; error: unknown }
  | ConversationToInbox
  | ChatSocketEvent

const conversationId = (id: number) => `chat-conversation-${id}`

const initial = (userId = 0): InboxContext => ({
  userId,
  filters: DEFAULT_FILTERS,
  conversations: [],
  page: 1,
  total: 0,
  boxCounts: null,
  counting: false,
  failure: null,
  seqs: NO_SEQS,
  connection: "connecting",
  everConnected: false,
  selectedId: null,
  open: {},
  recent: [],
  customer: null,
})

const seqOf = (event: InboxEvent) => ("seq" in event && typeof event.seq === "number" ? event.seq : null)

export const chatInboxMachine = setup({
  types: { context: {} as InboxContext, events: {} as InboxEvent, tags: {} as "on" | "loading" | "loadingMore" },
  actors: {
    chatSocket,
    loadConversations,
    loadBoxCounts,
    conversation: conversationMachine,
    customer: customerMachine,
    lookup: lookupMachine,
  },
  guards: {
    fresh: ({ context, event }) => {
      const seq = seqOf(event)
      return seq === null || isNewSeq(context.seqs, seq)
    },
    counting: ({ context }) => context.counting,
    hasMore: ({ context }) => visibleConversations(context.conversations, context.filters, context.userId).length < context.total,
    /** The socket is (again) connected: the server knows nothing of this console's screen yet. */
    connected: ({ event }) => {
      assertEvent(event, "rt.status")
      return event.status === "connected"
    },
    reconnected: ({ context, event }) => {
      assertEvent(event, "rt.status")
      return event.status === "connected" && context.everConnected && context.connection !== "connected"
    },
  },
  actions: {
    start: assign(({ event }) => {
      assertEvent(event, "INBOX.START")
      return initial(event.userId)
    }),
    spawnLookups: enqueueActions(({ enqueue }) => {
      for (const kind of LOOKUPS)
        enqueue.spawnChild("lookup", { id: `chat-lookup-${kind}`, systemId: `chat-lookup-${kind}`, input: { kind } })
    }),
    stopAll: enqueueActions(({ context, enqueue }) => {
      for (const id of Object.keys(context.open)) enqueue.stopChild(conversationId(Number(id)))
      for (const kind of LOOKUPS) enqueue.stopChild(`chat-lookup-${kind}`)
      if (context.customer) enqueue.stopChild(context.customer)
      enqueue.stopChild("box-counts")
      enqueue(cancel("counts-stale"))
      enqueue.assign(initial())
    }),
    filter: assign(({ context, event }) => {
      assertEvent(event, "FILTER")
      return { filters: { ...context.filters, ...event.patch }, page: 1, total: 0 }
    }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    storePage: assign(({ context }, page: ConversationPage) => {
      let conversations = context.conversations
      for (const c of page.items) conversations = upsertConversation(conversations, c)
      return { conversations, total: page.total, failure: null }
    }),
    storeFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    /** Reads the badges again (a read still running is dropped: its answer would be older). */
    countBoxes: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild("box-counts")
      enqueue.spawnChild("loadBoxCounts", { id: "box-counts", input: context.filters })
      enqueue.assign({ counting: true })
    }),
    storeCounts: assign(({ event }) => {
      assertEvent(event, "xstate.done.actor.box-counts")
      return { boxCounts: event.output, counting: false }
    }),
    /** After a burst of chat events, the badges are read once, COUNTS_SETTLE_MS after the last. */
    countsStale: enqueueActions(({ enqueue }) => {
      enqueue(cancel("counts-stale"))
      enqueue(raise({ type: "COUNTS.STALE" }, { delay: COUNTS_SETTLE_MS, id: "counts-stale" }))
    }),
    seq: assign({ seqs: ({ context, event }) => withSeq(context.seqs, seqOf(event) ?? 0) }),
    reloaded: assign({ seqs: ({ context }) => seqsAfterReload(context.seqs) }),
    upsert: assign(({ context }, conversation: Conversation) => ({
      conversations: upsertConversation(context.conversations, conversation),
    })),
    /**
     * Says (politely) a conversation that joined the queue and a customer's message in the open conversation; run
     * before the upsert, so "joined" means it was not already waiting in the list.
     */
    announce: ({ context, event, system }) => {
      assertEvent(event, ["rt.chat:message", "rt.chat:conversation"])
      const conversation = event.conversation
      const name = conversation.name || conversation.number
      const waiting = context.conversations.some((c) => c.id === conversation.id && c.status === "unassigned")
      if (conversation.status === "unassigned" && !waiting)
        announce(system, {
          key: `queue:${conversation.id}:${conversation.started_at}`,
          politeness: "polite",
          words: { key: "shell.announce.queue", values: { name } },
        })
      if (event.type !== "rt.chat:message" || event.message.direction !== "inbound" || conversation.id !== context.selectedId) return
      const text = event.message.body?.trim().slice(0, ANNOUNCED_CHARS)
      announce(system, {
        key: `message:${event.message.id}`,
        politeness: "polite",
        words: text ? { key: "shell.announce.message", values: { name, text } } : { key: "shell.announce.attachment", values: { name } },
      })
    },
    forward: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ["rt.chat:message", "rt.chat:conversation", "rt.chat:message-status", "rt.chat:typing"])
      const id = event.type === "rt.chat:message" || event.type === "rt.chat:conversation" ? event.conversation.id : event.conversation_id
      if (!context.open[id]) return
      const target = conversationId(id)
      if (event.type === "rt.chat:message")
        enqueue.sendTo(target, { type: "chat.message", conversation: event.conversation, message: event.message })
      if (event.type === "rt.chat:conversation") enqueue.sendTo(target, { type: "chat.conversation", conversation: event.conversation })
      if (event.type === "rt.chat:message-status")
        enqueue.sendTo(target, { type: "chat.status", messageId: event.message_id, status: event.status })
      if (event.type === "rt.chat:typing") enqueue.sendTo(target, { type: "chat.typing", state: event.state })
    }),
    watch: sendTo("socket", ({ context }) => ({
      type: "socket.emit" as const,
      event: "chat:watch" as const,
      payload: { all: context.filters.box === "all", conversation_ids: Object.keys(context.open).map(Number) },
    })),
    connection: assign(({ context, event }) => {
      assertEvent(event, "rt.status")
      return { connection: event.status, everConnected: context.everConnected || event.status === "connected" }
    }),
    refreshOpen: enqueueActions(({ context, enqueue }) => {
      for (const id of Object.keys(context.open)) enqueue.sendTo(conversationId(Number(id)), { type: "REFRESH" })
    }),
    select: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ["SELECT", "NEXT", "PREVIOUS"])
      const id = event.type === "SELECT" ? event.id : neighbour(context, event.type === "NEXT" ? 1 : -1)
      if (id === null || id === context.selectedId) return
      const conversation = context.conversations.find((c) => c.id === id)
      if (!conversation) return
      if (context.selectedId !== null && context.open[context.selectedId])
        enqueue.sendTo(conversationId(context.selectedId), { type: "BLUR" })
      let recent = [...context.recent.filter((r) => r !== id), id]
      // Keep the last few; older ones stop (their messages are read again if reopened).
      const dropped = recent.slice(0, Math.max(0, recent.length - KEEP_OPEN))
      recent = recent.slice(dropped.length)
      for (const drop of dropped) enqueue.stopChild(conversationId(drop))
      const previousNumber =
        context.selectedId !== null ? context.conversations.find((c) => c.id === context.selectedId)?.number : undefined
      const newCustomer = !context.customer || previousNumber !== conversation.number
      // A fresh id each time: stopping and spawning one id in a single step would race on the system registry.
      if (newCustomer && context.customer) enqueue.stopChild(context.customer)
      enqueue.assign(({ spawn }) => {
        const open: Record<number, ConversationRef> = {}
        for (const [key, ref] of Object.entries(context.open)) if (!dropped.includes(Number(key))) open[Number(key)] = ref
        // No systemId: views reach it through `open`; ids stay readable in the inspector.
        open[id] ??= spawn("conversation", { id: conversationId(id), input: { conversation, userId: context.userId } })
        const customer = newCustomer
          ? spawn("customer", {
              id: `chat-customer-${context.recent.length}-${id}`,
              input: { number: conversation.number },
            })
          : context.customer
        return { selectedId: id, open, recent, customer }
      })
      enqueue.sendTo(conversationId(id), { type: "FOCUS" })
    }),
    deselect: enqueueActions(({ context, enqueue }) => {
      if (context.selectedId !== null && context.open[context.selectedId])
        enqueue.sendTo(conversationId(context.selectedId), { type: "BLUR" })
      enqueue.assign({ selectedId: null })
    }),
  },
}).createMachine({
  id: "chatInbox",
  context: () => initial(),
  initial: "off",
  states: {
    off: { on: { "INBOX.START": { target: "on", actions: ["start", "spawnLookups"] } } },
    on: {
      tags: "on",
      invoke: { id: "socket", src: "chatSocket" },
      exit: "stopAll",
      on: {
        "INBOX.STOP": { target: "off" },
        "rt.status": [
          { guard: "reconnected", target: ".loading", actions: ["connection", "refreshOpen", "watch"] },
          { guard: "connected", actions: ["connection", "watch"] },
          { actions: "connection" },
        ],
        "rt.chat:message": {
          guard: "fresh",
          actions: ["seq", "announce", { type: "upsert", params: ({ event }) => event.conversation }, "forward", "countsStale"],
        },
        "rt.chat:conversation": {
          guard: "fresh",
          actions: ["seq", "announce", { type: "upsert", params: ({ event }) => event.conversation }, "forward", "countsStale"],
        },
        "COUNTS.STALE": { actions: "countBoxes" },
        "xstate.done.actor.box-counts": { guard: "counting", actions: "storeCounts" },
        // A failed read keeps the last badges; the next load or chat event reads them again.
        "xstate.error.actor.box-counts": { guard: "counting", actions: assign({ counting: false }) },
        "rt.chat:message-status": { guard: "fresh", actions: ["seq", "forward"] },
        "rt.chat:typing": { guard: "fresh", actions: ["seq", "forward"] },
        "conversation.updated": { actions: { type: "upsert", params: ({ event }) => event.conversation } },
        FILTER: { target: ".loading", actions: ["filter", "watch"] },
        RELOAD: { target: ".loading", actions: assign({ page: 1 }) },
        SELECT: { actions: ["select", "watch"] },
        NEXT: { actions: ["select", "watch"] },
        PREVIOUS: { actions: ["select", "watch"] },
        DESELECT: { actions: "deselect" },
      },
      initial: "loading",
      states: {
        loading: {
          tags: "loading",
          entry: "countBoxes",
          invoke: {
            id: "list",
            src: "loadConversations",
            input: ({ context }) => ({ filters: context.filters, page: 1 }),
            onDone: { target: "ready", actions: [{ type: "storePage", params: outputOf }, "reloaded"] },
            onError: { target: "failed", actions: { type: "storeFailure", params: errorOf } },
          },
        },
        ready: { on: { LOAD_MORE: { guard: "hasMore", target: "loadingMore", actions: "nextPage" } } },
        loadingMore: {
          tags: "loadingMore",
          invoke: {
            id: "more",
            src: "loadConversations",
            input: ({ context }) => ({ filters: context.filters, page: context.page }),
            onDone: { target: "ready", actions: { type: "storePage", params: outputOf } },
            onError: { target: "ready", actions: { type: "storeFailure", params: errorOf } },
          },
        },
        failed: {},
      },
    },
  },
})

/** The conversation `step` places away from the selected one in the visible list (the first one when none is). */
const neighbour = (context: InboxContext, step: 1 | -1): number | null => {
  const list = visibleConversations(context.conversations, context.filters, context.userId)
  if (list.length === 0) return null
  const at = list.findIndex((c) => c.id === context.selectedId)
  if (at < 0) return list[step === 1 ? 0 : list.length - 1]!.id
  const next = at + step
  return next < 0 || next >= list.length ? null : list[next]!.id
}
