/**
 * The agents' queue (page actor `routing-queue`, /apps/queue): the waiting conversations the caller may take (an admin:
 * all, with every agent's load) and the customers' calls waiting for a free agent, read at once, again on every
 * `chat:conversation` and `chat:message` the chat socket brings (every chat console hears each conversation taken,
 * handed over, released or closed, and the queue's messages: server/features/chat/chat-audience.ts), on every
 * `call-queue-changed` (every socket of the tenant hears a customer's call join the queue, ring from it or leave it:
 * calls/call-waiting.ts), on every call rung at or taken from this user (`call-is-coming`, `remove-call`) and every
 * call of the tenant that ended (`call-ended`: the page watches the `queue` channel, so the server sends it every
 * call's end: an agent's voice load may have freed), and every REFRESH_MS for the estimated waits; a one-second tick moves `now`, so each wait runs between
 * reads. "Take next" asks the server's one hand-out; an admin routes a waiting
 * conversation to an agent group. A socket event during a read marks it stale and reads again after it. The socket's
 * connecting (the page's first, after a reload, or again after a drop) reads again too: what changed before it
 * joined was told to no one on this page.
 *
 *   loading --done--> ready --TAKE_NEXT--> taking --done/error--> loading/ready
 *      ^  \--error--> ready --ROUTE-----> routing --done/error--> loading/ready
 *      \--------------- ready: after REFRESH_MS, rt.chat:conversation, rt.chat:message, a call event, connected, RETRY
 */
import { Effect } from "effect"
import { assertEvent, assign, fromCallback, setup } from "xstate"
import type { RoutingQueue } from "../../contract/groups/routing"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { fromRealtime, type RealtimeEvent } from "../common/realtime-actor"

export const REFRESH_MS = 30_000
export const TICK_MS = 1000

/** What the last "take next" did: the conversation it gave, or the server's refusal (AT_CAPACITY, QUEUE_EMPTY, BUSY). */
export type TakeNotice =
  | { readonly kind: "taken"; readonly conversationId: number; readonly customer: string; readonly number: string }
  | { readonly kind: "refused"; readonly failure: Failure }

export interface QueueContext {
  readonly queue: RoutingQueue | null
  /** When (this browser's clock) the queue was read: a wait shown is the server's `at` minus `queued_at`, plus the time since. */
  readonly readAt: number
  readonly now: number
  readonly stale: boolean
  readonly failure: Failure | null
  readonly notice: TakeNotice | null
}

export interface QueueRead {
  readonly queue: RoutingQueue
  readonly readAt: number
}

export type QueueEvent =
  | { type: "TAKE_NEXT" }
  | { type: "ROUTE"; conversationId: number; groupId: number | null }
  | { type: "RETRY" }
  | { type: "DISMISS" }
  | { type: "TICK"; at: number }
  | RealtimeEvent<"chat">
  | RealtimeEvent<"queue">

/** Seconds a conversation has waited as of `now` (the server's clock at the read, moved on by this browser's). */
export const waitedSeconds = (queuedAt: string, serverAt: string, readAt: number, now: number) =>
  Math.max(0, Math.floor((Date.parse(serverAt) - Date.parse(queuedAt) + Math.max(0, now - readAt)) / 1000))

/** Whether "take next" can give the agent anything: something waits of a kind they are under their cap of. */
export const mayTakeNext = (queue: RoutingQueue | null) =>
  queue !== null &&
  !queue.admin &&
  queue.entries.some((e) => {
    const load = queue.mine.find((l) => l.kind === e.kind)
    return load !== undefined && load.held < load.cap
  })

export const routingQueueMachine = setup({
  types: { context: {} as QueueContext, events: {} as QueueEvent },
  actors: {
    socket: fromRealtime("chat"),
    calls: fromRealtime("queue"),
    ticker: fromCallback<QueueEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: "TICK", at: Date.now() }), TICK_MS)
      return () => clearInterval(timer)
    }),
    read: fromEffect<QueueRead, void>(() =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("routing", "routingQueue", {})),
        (body) => ({ queue: body.data, readAt: Date.now() }),
      ),
    ),
    take: fromEffect<number, void>(() =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("routing", "routingTakeNext", {})),
        (body) => body.data.conversation_id,
      ),
    ),
    route: fromEffect<unknown, { conversationId: number; groupId: number | null }>(({ conversationId, groupId }) =>
      Effect.flatMap(Api, (api) => api.call("routing", "routingRoute", { conversation_id: conversationId, group_id: groupId })),
    ),
  },
  guards: {
    stale: ({ context }) => context.stale,
    admin: ({ context }) => context.queue?.admin === true,
    mayTake: ({ context }) => mayTakeNext(context.queue),
    connected: ({ event }) => event.type === "rt.status" && event.status === "connected",
  },
  actions: {
    markStale: assign({ stale: true }),
  },
}).createMachine({
  id: "routing-queue",
  context: { queue: null, readAt: 0, now: 0, stale: false, failure: null, notice: null },
  invoke: [
    { id: "socket", src: "socket" },
    { id: "calls", src: "calls" },
    { id: "ticker", src: "ticker" },
  ],
  on: {
    TICK: { actions: assign({ now: ({ event }) => event.at }) },
    DISMISS: { actions: assign({ notice: null }) },
    "rt.status": {},
    "rt.chat:typing": {},
    "rt.chat:message-status": {},
  },
  initial: "loading",
  states: {
    loading: {
      entry: assign({ stale: false }),
      invoke: {
        id: "read",
        src: "read",
        onDone: [
          {
            guard: "stale",
            target: "loading",
            reenter: true,
            actions: assign({ queue: ({ event }) => event.output.queue, readAt: ({ event }) => event.output.readAt }),
          },
          {
            target: "ready",
            actions: assign({
              queue: ({ event }) => event.output.queue,
              readAt: ({ event }) => event.output.readAt,
              now: ({ event }) => event.output.readAt,
              failure: null,
            }),
          },
        ],
        onError: { target: "ready", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
      on: {
        "rt.chat:conversation": { actions: "markStale" },
        "rt.chat:message": { actions: "markStale" },
        "rt.call-is-coming": { actions: "markStale" },
        "rt.remove-call": { actions: "markStale" },
        "rt.call-ended": { actions: "markStale" },
        "rt.call-queue-changed": { actions: "markStale" },
        "rt.status": { guard: "connected", actions: "markStale" },
      },
    },
    ready: {
      after: { [REFRESH_MS]: { target: "loading" } },
      on: {
        "rt.chat:conversation": { target: "loading" },
        "rt.chat:message": { target: "loading" },
        "rt.call-is-coming": { target: "loading" },
        "rt.remove-call": { target: "loading" },
        "rt.call-ended": { target: "loading" },
        "rt.call-queue-changed": { target: "loading" },
        "rt.status": { guard: "connected", target: "loading" },
        RETRY: { target: "loading" },
        TAKE_NEXT: { guard: "mayTake", target: "taking", actions: assign({ notice: null }) },
        ROUTE: { guard: "admin", target: "routing" },
      },
    },
    taking: {
      invoke: {
        id: "take",
        src: "take",
        onDone: {
          target: "loading",
          actions: assign({
            notice: ({ context, event }) => {
              const entry = context.queue?.entries.find((e) => e.conversation_id === event.output)
              return { kind: "taken", conversationId: event.output, customer: entry?.customer ?? "", number: entry?.number ?? "" }
            },
          }),
        },
        onError: {
          target: "ready",
          actions: assign({ notice: ({ event }) => ({ kind: "refused", failure: failureOf(event.error) }) }),
        },
      },
    },
    routing: {
      invoke: {
        id: "route",
        src: "route",
        input: ({ event }) => {
          assertEvent(event, "ROUTE")
          return { conversationId: event.conversationId, groupId: event.groupId }
        },
        onDone: { target: "loading" },
        onError: { target: "ready", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
