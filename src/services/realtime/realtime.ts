/**
 * The real-time socket (spec 000 section 7) as an Effect service: socket.io over websocket with the stored
 * user_token as a query value, reconnecting on its own. Two features subscribe: the voice-call centre (`open`,
 * while the user holds FRONT:/channels/whatsapp-call) and the chat inbox (`openChat`, while the user holds the chat
 * permission).
 *
 * One connection serves both. The server sends chat events on the same namespace (to a per-tenant room the socket
 * joins at the handshake, server/features/chat/chat-bus.ts), so a second connection would only double the sockets
 * per agent and the handshakes after every reconnect. Subscriptions are reference-counted: the first opens the
 * socket, the last `close()` closes it; a subscriber joining a connected socket hears "connected" at once. Both
 * features' APIs stay separate and typed, so the call centre never sees chat events and vice versa.
 */
import { Context, Effect, Layer, Option } from "effect"
import { io, type Socket } from "socket.io-client"
import {
  TO_BROWSER_EVENTS,
  type ToBrowser,
  type ToBrowserEvent,
  type ToServerEvent,
  type ToServerPayload,
} from "../../contract/voice-calls"
import { CHAT_TO_BROWSER_EVENTS, type ChatToBrowser, type ChatToBrowserEvent } from "../../contract/chat-events"
import { ApiConfig, type ApiConfigShape } from "../api/config"
import { Storage } from "../browser/storage"
import { StorageKeys } from "../browser/storage-keys"

export type RealtimeStatus = "connected" | "disconnected" | "unauthorized"

export interface RealtimeHandlers {
  readonly onEvent: <E extends ToBrowserEvent>(event: E, payload: ToBrowser[E]) => void
  readonly onStatus: (status: RealtimeStatus) => void
}

export interface RealtimeConnection {
  readonly emit: <E extends ToServerEvent>(event: E, payload: ToServerPayload<E>) => void
  readonly close: () => void
}

export interface ChatRealtimeHandlers {
  readonly onEvent: <E extends ChatToBrowserEvent>(event: E, payload: ChatToBrowser[E]) => void
  readonly onStatus: (status: RealtimeStatus) => void
}

export interface ChatRealtimeConnection {
  readonly close: () => void
}

export interface RealtimeShape {
  /** Subscribes the voice-call centre (opening the shared socket with the stored user token); events arrive until `close()`. */
  readonly open: (handlers: RealtimeHandlers) => Effect.Effect<RealtimeConnection>
  /** Subscribes the chat inbox to the chat events on the same shared socket. */
  readonly openChat: (handlers: ChatRealtimeHandlers) => Effect.Effect<ChatRealtimeConnection>
  /** The agent's stored online flag: call-is-coming is ignored when it is "false". */
  readonly isOnline: Effect.Effect<boolean>
}

/** socket.io's origin and path from the rtBase (relative to the page, or an absolute URL of another host). */
export const socketTarget = (config: Pick<ApiConfigShape, "rtBase" | "origin">) => {
  const base = config.rtBase.replace(/\/+$/, "")
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) {
    const url = new URL(base)
    return { origin: url.origin, path: `${url.pathname.replace(/\/+$/, "")}/socket.io` }
  }
  return { origin: config.origin, path: `${base}/socket.io` }
}

const AUTH_FAILURES = new Set(["SESSION_REPLACED", "TOKEN_EXPIRED", "TOKEN_INVALID", "UNAUTHENTICATED"])

interface Subscriber {
  readonly voice?: RealtimeHandlers
  readonly chat?: ChatRealtimeHandlers
}

interface Shared {
  readonly socket: Socket
  readonly subscribers: Set<Subscriber>
  status: RealtimeStatus | null
}

/** One socket per user token (a token change means another login: its own connection). */
const makeHub = (config: ApiConfigShape) => {
  const sockets = new Map<string, Shared>()
  const connect = (token: string): Shared => {
    const existing = sockets.get(token)
    if (existing) return existing
    const { origin, path } = socketTarget(config)
    const socket = io(origin, {
      path,
      transports: ["websocket"],
      auth: { user_token: token },
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
      // Our own sharing below; socket.io's multiplexing must not hand this Manager to an unrelated io() call.
      forceNew: true,
    })
    const shared: Shared = { socket, subscribers: new Set(), status: null }
    const status = (value: RealtimeStatus) => {
      shared.status = value
      for (const sub of shared.subscribers) (sub.voice ?? sub.chat)?.onStatus(value)
    }
    socket.on("connect", () => status("connected"))
    socket.on("disconnect", (reason) => {
      status("disconnected")
      // A server-side disconnect (session ended) is not retried by socket.io: try once more, the handshake decides.
      if (reason === "io server disconnect") socket.connect()
    })
    socket.on("connect_error", (error) => status(AUTH_FAILURES.has(error.message) ? "unauthorized" : "disconnected"))
    for (const event of TO_BROWSER_EVENTS) {
      socket.on(event, (payload: ToBrowser[typeof event]) => {
        for (const sub of shared.subscribers) sub.voice?.onEvent(event, payload)
      })
    }
    for (const event of CHAT_TO_BROWSER_EVENTS) {
      socket.on(event, (payload: ChatToBrowser[typeof event]) => {
        for (const sub of shared.subscribers) sub.chat?.onEvent(event, payload)
      })
    }
    sockets.set(token, shared)
    return shared
  }
  const subscribe = (token: string, subscriber: Subscriber) => {
    const shared = connect(token)
    shared.subscribers.add(subscriber)
    if (shared.status === "connected") (subscriber.voice ?? subscriber.chat)?.onStatus("connected")
    let closed = false
    return {
      socket: shared.socket,
      close: () => {
        if (closed) return
        closed = true
        shared.subscribers.delete(subscriber)
        if (shared.subscribers.size > 0) return
        sockets.delete(token)
        shared.socket.removeAllListeners()
        shared.socket.close()
      },
    }
  }
  return { subscribe }
}

export class Realtime extends Context.Service<Realtime, RealtimeShape>()("app/Realtime") {
  static readonly layerBrowser: Layer.Layer<Realtime, never, ApiConfig | Storage> = Layer.effect(
    Realtime,
    Effect.gen(function* () {
      const config = yield* ApiConfig
      const storage = yield* Storage
      const hub = makeHub(config)
      const token = storage.get(StorageKeys.userToken).pipe(Effect.map((value) => Option.getOrElse(value, () => "")))
      return {
        isOnline: storage.get(StorageKeys.online).pipe(Effect.map((value) => Option.getOrUndefined(value) !== "false")),
        open: (handlers) =>
          token.pipe(
            Effect.map((value) => {
              const subscription = hub.subscribe(value, { voice: handlers })
              return {
                emit: (event, payload) => void subscription.socket.emit(event, payload),
                close: subscription.close,
              } satisfies RealtimeConnection
            }),
          ),
        openChat: (handlers) =>
          token.pipe(Effect.map((value) => ({ close: hub.subscribe(value, { chat: handlers }).close }) satisfies ChatRealtimeConnection)),
      }
    }),
  )
}
