/**
 * One open conversation (child `chat-conversation-<id>` of the inbox): its messages (latest page first,
 * older pages on demand), an outbox of optimistic sends (queued -> sending -> sent, or failed with the server's
 * reason and a retry), delivery statuses and the customer's typing from real-time events, and the agent's moves on
 * it (take, transfer, close, block, complaint, labels), one at a time. Four regions run side by side.
 */
import { assign, raise, sendParent, setup } from "xstate"
import type { Conversation, Message, MessageStatus } from "../../contract/schemas/chat"
import { loadMessages, MESSAGE_PAGE, runAction, sendMessage, type ActionResult, type ChatAction, type SendRequest } from "./chat-actors"
import { mergeMessages, toChatError, withStatus, type ChatError } from "./chat-logic"

export type OutState = "queued" | "sending" | "sent" | "failed"

export interface OutItem {
  readonly localId: number
  readonly request: SendRequest
  readonly state: OutState
  readonly error: ChatError | null
  readonly externalIds: readonly string[]
  readonly at: string
}

export type ActionNotice =
  | {
      readonly kind: "done"
      readonly op: ChatAction["op"]
      readonly id: number
      readonly ticket?: string
      readonly name?: string
    }
  | { readonly kind: "failed"; readonly op: ChatAction["op"]; readonly id: number; readonly error: ChatError }

export interface ConversationContext {
  readonly conversation: Conversation
  readonly userId: number
  readonly messages: readonly Message[]
  readonly pagesLoaded: number
  readonly total: number
  readonly loadError: ChatError | null
  readonly outbox: readonly OutItem[]
  readonly nextLocal: number
  readonly pendingAction: ChatAction | null
  readonly notice: ActionNotice | null
  readonly focused: boolean
  readonly readTried: boolean
}

export interface ConversationInput {
  readonly conversation: Conversation
  readonly userId: number
}

export type ConversationEvent =
  | { type: "SEND"; request: SendRequest }
  | { type: "RETRY"; localId: number }
  | { type: "DISCARD"; localId: number }
  | { type: "LOAD_OLDER" }
  | { type: "RELOAD" }
  | { type: "REFRESH" }
  | { type: "ACT"; action: ChatAction }
  | { type: "NOTICE.DISMISS" }
  | { type: "FOCUS" }
  | { type: "BLUR" }
  | { type: "chat.message"; conversation: Conversation; message: Message }
  | { type: "chat.status"; messageId: number; status: MessageStatus }
  | { type: "chat.conversation"; conversation: Conversation }
  | { type: "chat.typing"; state: "typing" | "paused" }

/** What the conversation tells the inbox: its record changed by the agent's own move. */
export type ConversationToInbox = { type: "conversation.updated"; conversation: Conversation }

type Done<T> = { output: T }
const outputOf = <T>(event: unknown) => (event as Done<T>).output
const errorOf = (event: unknown) => toChatError((event as { error: unknown }).error)

const TYPING_MS = 8000

export const conversationMachine = setup({
  types: { context: {} as ConversationContext, events: {} as ConversationEvent, input: {} as ConversationInput },
  actors: { loadMessages, sendMessage, runAction },
  delays: { typingTimeout: TYPING_MS },
  guards: {
    hasOlder: ({ context }) => context.messages.length < context.total,
    hasQueued: ({ context }) => context.outbox.some((o) => o.state === "queued"),
    unreadWhileFocused: ({ context }) =>
      context.focused && !context.readTried && context.conversation.unread > 0 && context.conversation.agent_id === context.userId,
    isTyping: ({ event }) => event.type === "chat.typing" && event.state === "typing",
    isPaused: ({ event }) => event.type === "chat.typing" && event.state === "paused",
    inboundMessage: ({ event }) => event.type === "chat.message" && event.message.direction === "inbound",
  },
  actions: {
    storeLatest: assign(({ context, event }) => {
      const page = outputOf<{ items: readonly Message[]; total: number }>(event)
      // Sends acknowledged before this load are in it now: they leave the outbox.
      return {
        messages: mergeMessages(context.messages, page.items),
        total: page.total,
        pagesLoaded: Math.max(1, context.pagesLoaded),
        loadError: null,
        outbox: context.outbox.filter((o) => o.state !== "sent"),
      }
    }),
    storeOlder: assign(({ context, event }) => {
      const page = outputOf<{ items: readonly Message[]; total: number }>(event)
      return {
        messages: mergeMessages(context.messages, page.items),
        total: page.total,
        pagesLoaded: context.pagesLoaded + 1,
      }
    }),
    storeLoadError: assign({ loadError: ({ event }) => errorOf(event) }),
    enqueue: assign(({ context, event }) =>
      event.type !== "SEND"
        ? {}
        : {
            outbox: [
              ...context.outbox,
              {
                localId: context.nextLocal,
                request: event.request,
                state: "queued" as const,
                error: null,
                externalIds: [],
                at: new Date().toISOString(),
              },
            ],
            nextLocal: context.nextLocal + 1,
          },
    ),
    markSending: assign({
      outbox: ({ context }) => {
        const first = context.outbox.find((o) => o.state === "queued")
        return context.outbox.map((o) => (o === first ? { ...o, state: "sending" as const } : o))
      },
    }),
    markSent: assign({
      outbox: ({ context, event }) =>
        context.outbox.map((o) =>
          o.state === "sending" ? { ...o, state: "sent" as const, externalIds: outputOf<readonly string[]>(event) } : o,
        ),
    }),
    markFailed: assign({
      outbox: ({ context, event }) =>
        context.outbox.map((o) => (o.state === "sending" ? { ...o, state: "failed" as const, error: errorOf(event) } : o)),
    }),
    requeue: assign({
      outbox: ({ context, event }) =>
        context.outbox.map((o) =>
          event.type === "RETRY" && o.localId === event.localId && o.state === "failed"
            ? { ...o, state: "queued" as const, error: null }
            : o,
        ),
    }),
    discard: assign({
      outbox: ({ context, event }) =>
        context.outbox.filter((o) => !(event.type === "DISCARD" && o.localId === event.localId && o.state === "failed")),
    }),
    refresh: raise({ type: "REFRESH" }),
    applyMessage: assign(({ context, event }) => {
      if (event.type !== "chat.message") return {}
      const external = event.message.external_id
      return {
        messages: mergeMessages(context.messages, [event.message]),
        total: context.messages.some((m) => m.id === event.message.id) ? context.total : context.total + 1,
        conversation: event.conversation,
        readTried: event.message.direction === "inbound" ? false : context.readTried,
        outbox: external ? context.outbox.filter((o) => !(o.state === "sent" && o.externalIds.includes(external))) : context.outbox,
      }
    }),
    applyStatus: assign({
      messages: ({ context, event }) =>
        event.type === "chat.status" ? withStatus(context.messages, event.messageId, event.status) : context.messages,
    }),
    applyConversation: assign({
      conversation: ({ context, event }) => (event.type === "chat.conversation" ? event.conversation : context.conversation),
    }),
    setAction: assign({ pendingAction: ({ event }) => (event.type === "ACT" ? event.action : null) }),
    actionDone: assign(({ context, event }) => {
      const result = outputOf<ActionResult>(event)
      const action = context.pendingAction
      return {
        conversation: result.conversation ?? (result.patch ? { ...context.conversation, ...result.patch } : context.conversation),
        pendingAction: null,
        notice:
          action && action.op !== "read"
            ? {
                kind: "done" as const,
                op: action.op,
                id: context.nextLocal,
                ticket: result.ticket,
                name: action.op === "transfer" ? action.agentName : undefined,
              }
            : context.notice,
        nextLocal: context.nextLocal + 1,
      }
    }),
    /** The list shows the record at once, without waiting for the server's event. */
    tellInbox: sendParent(
      ({ context }) => ({ type: "conversation.updated", conversation: context.conversation }) satisfies ConversationToInbox,
    ),
    actionFailed: assign(({ context, event }) => ({
      notice:
        context.pendingAction && context.pendingAction.op !== "read"
          ? { kind: "failed" as const, op: context.pendingAction.op, id: context.nextLocal, error: errorOf(event) }
          : context.notice,
      pendingAction: null,
      nextLocal: context.nextLocal + 1,
    })),
    dismiss: assign({ notice: null }),
    focus: assign({ focused: true, readTried: false }),
    blur: assign({ focused: false }),
    // One try per focus or new inbound message: a failing reset must not loop.
    markRead: assign({ pendingAction: { op: "read" as const }, readTried: true }),
  },
}).createMachine({
  id: "conversation",
  context: ({ input }) => ({
    conversation: input.conversation,
    userId: input.userId,
    messages: [],
    pagesLoaded: 0,
    total: 0,
    loadError: null,
    outbox: [],
    nextLocal: 1,
    pendingAction: null,
    notice: null,
    focused: false,
    readTried: false,
  }),
  type: "parallel",
  on: {
    "chat.message": [{ guard: "inboundMessage", actions: "applyMessage", target: ".typing.idle" }, { actions: "applyMessage" }],
    "chat.status": { actions: "applyStatus" },
    "chat.conversation": { actions: "applyConversation" },
    "NOTICE.DISMISS": { actions: "dismiss" },
    FOCUS: { actions: "focus" },
    BLUR: { actions: "blur" },
  },
  states: {
    history: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "latest",
            src: "loadMessages",
            input: ({ context }) => ({ conversationId: context.conversation.id, page: 1 }),
            onDone: { target: "ready", actions: "storeLatest" },
            onError: { target: "failed", actions: "storeLoadError" },
          },
        },
        ready: {
          on: {
            LOAD_OLDER: { guard: "hasOlder", target: "older" },
            REFRESH: { target: "refreshing" },
            RELOAD: { target: "loading" },
          },
        },
        older: {
          invoke: {
            id: "older",
            src: "loadMessages",
            input: ({ context }) => ({ conversationId: context.conversation.id, page: context.pagesLoaded + 1 }),
            onDone: { target: "ready", actions: "storeOlder" },
            onError: { target: "ready", actions: "storeLoadError" },
          },
          on: { REFRESH: { target: "refreshing" } },
        },
        refreshing: {
          invoke: {
            id: "refresh",
            src: "loadMessages",
            input: ({ context }) => ({ conversationId: context.conversation.id, page: 1 }),
            onDone: { target: "ready", actions: "storeLatest" },
            onError: { target: "ready", actions: "storeLoadError" },
          },
        },
        failed: { on: { RELOAD: { target: "loading" }, REFRESH: { target: "loading" } } },
      },
    },
    outbox: {
      initial: "idle",
      on: {
        SEND: { actions: "enqueue" },
        RETRY: { actions: "requeue" },
        DISCARD: { actions: "discard" },
      },
      states: {
        idle: { always: { guard: "hasQueued", target: "sending" } },
        sending: {
          entry: "markSending",
          invoke: {
            id: "send",
            src: "sendMessage",
            input: ({ context }) => ({
              number: context.conversation.number,
              request: context.outbox.find((o) => o.state === "sending")!.request,
            }),
            onDone: { target: "idle", actions: ["markSent", "refresh"] },
            onError: { target: "idle", actions: "markFailed" },
          },
        },
      },
    },
    typing: {
      initial: "idle",
      states: {
        idle: { on: { "chat.typing": { guard: "isTyping", target: "typing" } } },
        typing: {
          after: { typingTimeout: "idle" },
          on: {
            "chat.typing": [
              { guard: "isTyping", target: "typing", reenter: true },
              { guard: "isPaused", target: "idle" },
            ],
          },
        },
      },
    },
    action: {
      initial: "idle",
      states: {
        idle: {
          always: { guard: "unreadWhileFocused", actions: "markRead", target: "running" },
          on: { ACT: { target: "running", actions: "setAction" } },
        },
        running: {
          invoke: {
            id: "action",
            src: "runAction",
            input: ({ context }) => ({
              conversation: context.conversation,
              userId: context.userId,
              action: context.pendingAction!,
            }),
            onDone: { target: "idle", actions: ["actionDone", "tellInbox"] },
            onError: { target: "idle", actions: "actionFailed" },
          },
        },
      },
    },
  },
})

export const MESSAGES_PER_PAGE = MESSAGE_PAGE
