/**
 * One open conversation (child `chat-conversation-<id>` of the inbox): its messages (latest page first,
 * older pages on demand), an outbox of optimistic sends (conversation-outbox.ts), delivery statuses and the
 * customer's typing from real-time events, and the agent's moves on it (take, transfer, close, block, complaint,
 * labels), one at a time. Four regions run side by side; their states carry tags for the views. The agent's own typing
 * indicator is its child `agentTyping` (agent-typing.ts): the composer's DRAFT keystrokes go there, and so does SEND.
 */
import { assign, raise, sendParent, sendTo, setup } from "xstate"
import type { Conversation, Message, MessageStatus } from "../../contract/schemas/chat"
import { type Failure, failureOf } from "../common/failure"
import { errorOf, outputOf } from "../common/settled"
import { agentTypingMachine } from "./agent-typing"
import { loadMessages, runAction, sendMessage, type ActionResult, type ChatAction, type SendRequest } from "./chat-actors"
import { mergeMessages, withStatus } from "./chat-logic"
import { type ActionNotice, noticeOf } from "./conversation-notice"
import * as outbox from "./conversation-outbox"

export type { ActionNotice }

export interface ConversationContext {
  readonly conversation: Conversation
  readonly userId: number
  readonly messages: readonly Message[]
  readonly pagesLoaded: number
  readonly total: number
  readonly loadFailure: Failure | null
  readonly outbox: outbox.Outbox
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
  /** The agent typed in the composer (the customer is shown that the agent is typing). */
  | { type: "DRAFT" }

/** What the conversation tells the inbox: its record changed by the agent's own move. */
export type ConversationToInbox = { type: "conversation.updated"; conversation: Conversation }

export type ConversationTag = "loading" | "loadingOlder" | "refreshing" | "sending" | "typing" | "acting"

interface MessagePage {
  readonly items: readonly Message[]
  readonly total: number
}

const TYPING_MS = 8000

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
    tags: {} as ConversationTag,
  },
  actors: { loadMessages, sendMessage, runAction, agentTyping: agentTypingMachine },
  delays: { typingTimeout: TYPING_MS },
  guards: {
    hasOlder: ({ context }) => context.messages.length < context.total,
    hasQueued: ({ context }) => outbox.hasQueued(context.outbox),
    unreadWhileFocused: ({ context }) =>
      context.focused && !context.readTried && context.conversation.unread > 0 && context.conversation.agent_id === context.userId,
    isTyping: (_, state: "typing" | "paused") => state === "typing",
    isPaused: (_, state: "typing" | "paused") => state === "paused",
    inboundMessage: (_, message: Message) => message.direction === "inbound",
  },
  actions: {
    storeLatest: assign(({ context }, page: MessagePage) => ({
      messages: mergeMessages(context.messages, page.items),
      total: page.total,
      pagesLoaded: Math.max(1, context.pagesLoaded),
      loadFailure: null,
      outbox: outbox.withoutSent(context.outbox),
    })),
    storeOlder: assign(({ context }, page: MessagePage) => ({
      messages: mergeMessages(context.messages, page.items),
      total: page.total,
      pagesLoaded: context.pagesLoaded + 1,
    })),
    storeLoadFailure: assign((_, error: unknown) => ({ loadFailure: failureOf(error) })),
    enqueue: assign(({ context }, request: SendRequest) => ({
      outbox: outbox.enqueue(context.outbox, context.nextLocal, request, new Date().toISOString()),
      nextLocal: context.nextLocal + 1,
    })),
    markSending: assign(({ context }) => ({ outbox: outbox.startSending(context.outbox) })),
    markSent: assign(({ context }, externalIds: readonly string[]) => ({ outbox: outbox.sent(context.outbox, externalIds) })),
    markFailed: assign(({ context }, error: unknown) => ({ outbox: outbox.failed(context.outbox, failureOf(error)) })),
    requeue: assign(({ context }, localId: number) => ({ outbox: outbox.retry(context.outbox, localId) })),
    discard: assign(({ context }, localId: number) => ({ outbox: outbox.discard(context.outbox, localId) })),
    refresh: raise({ type: "REFRESH" }),
    applyMessage: assign(({ context }, { conversation, message }: { conversation: Conversation; message: Message }) => ({
      messages: mergeMessages(context.messages, [message]),
      total: context.messages.some((m) => m.id === message.id) ? context.total : context.total + 1,
      conversation,
      readTried: message.direction === "inbound" ? false : context.readTried,
      outbox: outbox.acknowledged(context.outbox, message.external_id),
    })),
    applyStatus: assign(({ context }, { messageId, status }: { messageId: number; status: MessageStatus }) => ({
      messages: withStatus(context.messages, messageId, status),
    })),
    applyConversation: assign((_, conversation: Conversation) => ({ conversation })),
    setAction: assign((_, action: ChatAction) => ({ pendingAction: action })),
    actionDone: assign(({ context }, result: ActionResult) => ({
      conversation: result.conversation ?? (result.patch ? { ...context.conversation, ...result.patch } : context.conversation),
      pendingAction: null,
      notice: noticeOf(context.pendingAction, { result }, context.nextLocal, context.notice),
      nextLocal: context.nextLocal + 1,
    })),
    /** The list shows the record at once, without waiting for the server's event. */
    tellInbox: sendParent(
      ({ context }) => ({ type: "conversation.updated", conversation: context.conversation }) satisfies ConversationToInbox,
    ),
    actionFailed: assign(({ context }, error: unknown) => ({
      notice: noticeOf(context.pendingAction, { failure: failureOf(error) }, context.nextLocal, context.notice),
      pendingAction: null,
      nextLocal: context.nextLocal + 1,
    })),
    dismiss: assign({ notice: null }),
    typed: sendTo("agentTyping", { type: "KEY" }),
    replied: sendTo("agentTyping", { type: "SENT" }),
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
    loadFailure: null,
    outbox: [],
    nextLocal: 1,
    pendingAction: null,
    notice: null,
    focused: false,
    readTried: false,
  }),
  type: "parallel",
  invoke: { id: "agentTyping", src: "agentTyping", input: ({ context }) => ({ number: context.conversation.number }) },
  on: {
    DRAFT: { actions: "typed" },
    "chat.message": [
      {
        guard: { type: "inboundMessage", params: ({ event }) => event.message },
        actions: { type: "applyMessage", params: ({ event }) => event },
        target: ".typing.idle",
      },
      { actions: { type: "applyMessage", params: ({ event }) => event } },
    ],
    "chat.status": { actions: { type: "applyStatus", params: ({ event }) => event } },
    "chat.conversation": { actions: { type: "applyConversation", params: ({ event }) => event.conversation } },
    "NOTICE.DISMISS": { actions: "dismiss" },
    FOCUS: { actions: "focus" },
    BLUR: { actions: "blur" },
  },
  states: {
    history: {
      initial: "loading",
      states: {
        loading: {
          tags: "loading",
          invoke: {
            id: "latest",
            src: "loadMessages",
            input: ({ context }) => ({ conversationId: context.conversation.id, page: 1 }),
            onDone: { target: "ready", actions: { type: "storeLatest", params: outputOf } },
            onError: { target: "failed", actions: { type: "storeLoadFailure", params: errorOf } },
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
          tags: "loadingOlder",
          invoke: {
            id: "older",
            src: "loadMessages",
            input: ({ context }) => ({ conversationId: context.conversation.id, page: context.pagesLoaded + 1 }),
            onDone: { target: "ready", actions: { type: "storeOlder", params: outputOf } },
            onError: { target: "ready", actions: { type: "storeLoadFailure", params: errorOf } },
          },
          on: { REFRESH: { target: "refreshing" } },
        },
        refreshing: {
          tags: "refreshing",
          invoke: {
            id: "refresh",
            src: "loadMessages",
            input: ({ context }) => ({ conversationId: context.conversation.id, page: 1 }),
            onDone: { target: "ready", actions: { type: "storeLatest", params: outputOf } },
            onError: { target: "ready", actions: { type: "storeLoadFailure", params: errorOf } },
          },
        },
        failed: { on: { RELOAD: { target: "loading" }, REFRESH: { target: "loading" } } },
      },
    },
    outbox: {
      initial: "idle",
      on: {
        SEND: { actions: [{ type: "enqueue", params: ({ event }) => event.request }, "replied"] },
        RETRY: { actions: { type: "requeue", params: ({ event }) => event.localId } },
        DISCARD: { actions: { type: "discard", params: ({ event }) => event.localId } },
      },
      states: {
        idle: { always: { guard: "hasQueued", target: "sending" } },
        sending: {
          tags: "sending",
          entry: "markSending",
          invoke: {
            id: "send",
            src: "sendMessage",
            input: ({ context }) => ({ number: context.conversation.number, request: outbox.sendingRequest(context.outbox)! }),
            onDone: { target: "idle", actions: [{ type: "markSent", params: outputOf }, "refresh"] },
            onError: { target: "idle", actions: { type: "markFailed", params: errorOf } },
          },
        },
      },
    },
    typing: {
      initial: "idle",
      states: {
        idle: { on: { "chat.typing": { guard: { type: "isTyping", params: ({ event }) => event.state }, target: "typing" } } },
        typing: {
          tags: "typing",
          after: { typingTimeout: "idle" },
          on: {
            "chat.typing": [
              { guard: { type: "isTyping", params: ({ event }) => event.state }, target: "typing", reenter: true },
              { guard: { type: "isPaused", params: ({ event }) => event.state }, target: "idle" },
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
          on: { ACT: { target: "running", actions: { type: "setAction", params: ({ event }) => event.action } } },
        },
        running: {
          tags: "acting",
          invoke: {
            id: "action",
            src: "runAction",
            input: ({ context }) => ({
              conversation: context.conversation,
              userId: context.userId,
              action: context.pendingAction!,
            }),
            onDone: { target: "idle", actions: [{ type: "actionDone", params: outputOf }, "tellInbox"] },
            onError: { target: "idle", actions: { type: "actionFailed", params: errorOf } },
          },
        },
      },
    },
  },
})
