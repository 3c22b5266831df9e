/**
 * The real-time socket (spec 000 section 7) as an Effect service: socket.io over websocket, authenticated with the
 * stored user_token, reconnecting on its own. Features subscribe to a channel: `calls` (the voice-call centre, while
 * the user holds FRONT:/channels/whatsapp-call), `chat` (the inbox, while the user holds the chat permission) and
 * `dashboard` (the dashboard's live "now" boxes, while it is open).
 *
 * One connection serves every channel. The server sends chat events on the same namespace (to the audience rooms of
 * server/features/chat/chat-audience.ts), so a second connection would only double the
 * sockets per agent and the handshakes after every reconnect. Subscriptions are reference-counted: the first opens
 * the socket, the last `close()` closes it; a subscriber joining a connected socket hears "connected" at once. Each
 * channel is typed by its contract map, so the call centre never sees chat events and vice versa. A watchable channel
 * (the dashboard's, the queue page's) is sent by the server only while the socket says it has subscribers (`rt:watch`).
 */
import { Context, Effect, Layer, Option } from "effect"
import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client"
import { ACL_TO_BROWSER_EVENTS, type AclToBrowser } from "../../contract/acl-events"
import {
  CHAT_BATCH,
  CHAT_TO_BROWSER_EVENTS,
  type ChatBatch,
  type ChatToBrowser,
  type ChatToServerEvent,
  type ChatToServerPayload,
} from "../../contract/chat-events"
import { DASHBOARD_TO_BROWSER_EVENTS, type DashboardToBrowser } from "../../contract/dashboard-events"
import { WATCH_EVENT, WATCHABLE_CHANNELS, type Watch } from "../../contract/realtime-watch"
import { RECONNECT } from "../../contract/realtime-reconnect"
import { CONTACTS_TO_BROWSER_EVENTS, type ContactsToBrowser } from "../../contract/contacts-events"
import { TEAM_TO_BROWSER_EVENTS, type TeamToBrowser } from "../../contract/agent-groups-events"
import { WEBHOOKS_TO_BROWSER_EVENTS, type WebhooksToBrowser } from "../../contract/webhooks-events"
import { CAMPAIGNS_TO_BROWSER_EVENTS, type CampaignsToBrowser } from "../../contract/campaigns-events"
import { SLA_TO_BROWSER_EVENTS, type SlaToBrowser } from "../../contract/sla-events"
import {
  QUEUE_CALL_EVENTS,
  type QueueCallsToBrowser,
  TO_BROWSER_EVENTS,
  type ToBrowser,
  type ToServerEvent,
  type ToServerPayload,
} from "../../contract/voice-calls"
import { ApiConfig, type ApiConfigShape } from "../api/config"
import { Storage } from "../browser/storage"
import { StorageKeys } from "../browser/storage-keys"

export type RealtimeStatus = "connected" | "disconnected" | "unauthorized"

/** What each channel hears from the server and may send to it, by event name (the contract's maps). */
interface ChannelMaps {
  readonly calls: { readonly in: ToBrowser; readonly out: { readonly [E in ToServerEvent]: ToServerPayload<E> } }
  readonly chat: { readonly in: ChatToBrowser; readonly out: { readonly [E in ChatToServerEvent]: ChatToServerPayload<E> } }
  readonly dashboard: { readonly in: DashboardToBrowser; readonly out: Record<never, never> }
  /** The contact book: CSV import progress (only the importing user hears it). */
  readonly contacts: { readonly in: ContactsToBrowser; readonly out: Record<never, never> }
  /** The user's access lists, changed by an admin (the ACL gate listens while logged in). */
  readonly acl: { readonly in: AclToBrowser; readonly out: Record<never, never> }
  /** Team chat between agents: group and one-to-one messages, read marks, changed groups (only to the users concerned). */
  readonly team: { readonly in: TeamToBrowser; readonly out: Record<never, never> }
  /** Client webhooks: a webhook the server disabled (the tenant's admins hear it). */
  readonly webhooks: { readonly in: WebhooksToBrowser; readonly out: Record<never, never> }
  /** Campaign progress: the tenant's campaigns with their counts as they send. */
  readonly campaigns: { readonly in: CampaignsToBrowser; readonly out: Record<never, never> }
  /** SLA alerts: a conversation's target near breach or breached (the agent holding it and the admins hear it). */
  readonly sla: { readonly in: SlaToBrowser; readonly out: Record<never, never> }
  /** The agents' queue page: the calls' events it reads again on, every call's end among them while it is open. */
  readonly queue: { readonly in: QueueCallsToBrowser; readonly out: Record<never, never> }
}

export type Channel = keyof ChannelMaps
export type ChannelIn<C extends Channel> = ChannelMaps[C]["in"]
export type ChannelOut<C extends Channel> = ChannelMaps[C]["out"]

/** The events the socket listens to for each channel. */
const CHANNEL_EVENTS: { readonly [C in Channel]: readonly (keyof ChannelIn<C> & string)[] } = {
  calls: TO_BROWSER_EVENTS,
  chat: CHAT_TO_BROWSER_EVENTS,
  dashboard: DASHBOARD_TO_BROWSER_EVENTS,
  contacts: CONTACTS_TO_BROWSER_EVENTS,
  acl: ACL_TO_BROWSER_EVENTS,
  team: TEAM_TO_BROWSER_EVENTS,
  webhooks: WEBHOOKS_TO_BROWSER_EVENTS,
  campaigns: CAMPAIGNS_TO_BROWSER_EVENTS,
  sla: SLA_TO_BROWSER_EVENTS,
  queue: QUEUE_CALL_EVENTS,
}
const CHANNELS = Object.keys(CHANNEL_EVENTS) as Channel[]

export interface RealtimeHandlers<C extends Channel> {
  readonly onEvent: <E extends keyof ChannelIn<C> & string>(event: E, payload: ChannelIn<C>[E]) => void
  readonly onStatus: (status: RealtimeStatus) => void
}

/** One message to the server on a channel: its event name and payload, correlated (none on a listen-only channel). */
export type RealtimeEmit<C extends Channel> = [keyof ChannelOut<C>] extends [never]
  ? { readonly event: never; readonly payload: never }
  : { [E in keyof ChannelOut<C> & string]: { readonly event: E; readonly payload: ChannelOut<C>[E] } }[keyof ChannelOut<C> & string]

export interface RealtimeConnection<C extends Channel> {
  readonly emit: (message: RealtimeEmit<C>) => void
  readonly close: () => void
}

export interface RealtimeShape {
  /** Subscribes to one channel of the shared socket (opening it with the stored user token); events arrive until `close()`. */
  readonly subscribe: <C extends Channel>(channel: C, handlers: RealtimeHandlers<C>) => Effect.Effect<RealtimeConnection<C>>
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

interface Shared {
  readonly socket: Socket
  readonly subscribers: { readonly [C in Channel]: Set<RealtimeHandlers<C>> }
  status: RealtimeStatus | null
}

const subscriberCount = (shared: Shared) => CHANNELS.reduce((count, channel) => count + shared.subscribers[channel].size, 0)

/** Hands each of a channel's events to that channel's subscribers (the payload is the server's, as sent). */
const listen = <C extends Channel>(shared: Shared, channel: C) => {
  for (const event of CHANNEL_EVENTS[channel]) {
    // socket.io types a listener by the literal event name; as a plain string it takes any payload.
    const name: string = event
    shared.socket.on(name, (payload: ChannelIn<C>[typeof event]) => {
      for (const handlers of shared.subscribers[channel]) handlers.onEvent(event, payload)
    })
  }
}

/** A chat batch's events, handed to the chat subscribers one by one in the batch's order (as if each came alone). */
const listenChatBatch = (shared: Shared) => {
  shared.socket.on(CHAT_BATCH, (batch: ChatBatch) => {
    for (const item of batch.events) for (const handlers of shared.subscribers.chat) handlers.onEvent(item.event, item.payload)
  })
}

/**
 * Tells the server which watchable channels have subscribers now (src/contract/realtime-watch.ts: it sends their events
 * only to sockets that ask), whole, after every (re)connection and whenever one gains its first or loses its last.
 */
const tellWatch = (shared: Shared) => {
  const watch: Watch = { channels: WATCHABLE_CHANNELS.filter((channel) => shared.subscribers[channel].size > 0) }
  shared.socket.emit(WATCH_EVENT, watch)
}

const isWatchable = (channel: Channel) => (WATCHABLE_CHANNELS as readonly string[]).includes(channel)

/** How a socket is opened: socket.io's `io` in the browser, a test's fake in the service's own test. */
export type OpenSocket = (origin: string, options: Partial<ManagerOptions & SocketOptions>) => Socket

/** One socket per user token (a token change means another login: its own connection). */
const makeHub = (config: ApiConfigShape, open: OpenSocket) => {
  const sockets = new Map<string, Shared>()
  const connect = (token: string): Shared => {
    const existing = sockets.get(token)
    if (existing) return existing
    const { origin, path } = socketTarget(config)
    const socket = open(origin, {
      path,
      transports: ["websocket"],
      // In the handshake's auth payload rather than the URL, so proxies and access logs never see the token.
      auth: { user_token: token },
      ...RECONNECT,
      // Our own sharing below; socket.io's multiplexing must not hand this Manager to an unrelated io() call.
      forceNew: true,
    })
    const subscribers: Shared["subscribers"] = {
      calls: new Set(),
      chat: new Set(),
      dashboard: new Set(),
      contacts: new Set(),
      acl: new Set(),
      team: new Set(),
      campaigns: new Set(),
      webhooks: new Set(),
      sla: new Set(),
      queue: new Set(),
    }
    const shared: Shared = { socket, subscribers, status: null }
    const status = (value: RealtimeStatus) => {
      shared.status = value
      for (const channel of CHANNELS) for (const handlers of shared.subscribers[channel]) handlers.onStatus(value)
    }
    socket.on("connect", () => {
      tellWatch(shared)
      status("connected")
    })
    socket.on("disconnect", (reason) => {
      status("disconnected")
      // A server-side disconnect (session ended) is not retried by socket.io: try once more, the handshake decides.
      if (reason === "io server disconnect") socket.connect()
    })
    socket.on("connect_error", (error) => status(AUTH_FAILURES.has(error.message) ? "unauthorized" : "disconnected"))
    for (const channel of CHANNELS) listen(shared, channel)
    listenChatBatch(shared)
    sockets.set(token, shared)
    return shared
  }
  const subscribe = <C extends Channel>(token: string, channel: C, handlers: RealtimeHandlers<C>): RealtimeConnection<C> => {
    const shared = connect(token)
    const subscribers: Set<RealtimeHandlers<C>> = shared.subscribers[channel]
    subscribers.add(handlers)
    if (subscribers.size === 1 && isWatchable(channel) && shared.status === "connected") tellWatch(shared)
    if (shared.status === "connected") handlers.onStatus("connected")
    let closed = false
    return {
      emit: (message) => void shared.socket.emit(message.event, message.payload),
      close: () => {
        if (closed) return
        closed = true
        subscribers.delete(handlers)
        if (subscriberCount(shared) > 0) {
          if (subscribers.size === 0 && isWatchable(channel)) tellWatch(shared)
          return
        }
        sockets.delete(token)
        shared.socket.removeAllListeners()
        shared.socket.close()
      },
    }
  }
  return { subscribe }
}

export class Realtime extends Context.Service<Realtime, RealtimeShape>()("app/Realtime") {
  /** Sockets opened by `open`. */
  static readonly layerWith = (open: OpenSocket): Layer.Layer<Realtime, never, ApiConfig | Storage> =>
    Layer.effect(
      Realtime,
      Effect.gen(function* () {
        const config = yield* ApiConfig
        const storage = yield* Storage
        const hub = makeHub(config, open)
        const token = storage.get(StorageKeys.userToken).pipe(Effect.map((value) => Option.getOrElse(value, () => "")))
        return {
          isOnline: storage.get(StorageKeys.online).pipe(Effect.map((value) => Option.getOrUndefined(value) !== "false")),
          subscribe: (channel, handlers) => token.pipe(Effect.map((value) => hub.subscribe(value, channel, handlers))),
        }
      }),
    )

  static readonly layerBrowser: Layer.Layer<Realtime, never, ApiConfig | Storage> = Realtime.layerWith(io)
}
