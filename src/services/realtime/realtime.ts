/**
 * The real-time voice-call socket (spec 000 section 7) as an Effect service: socket.io over websocket with the
 * stored user_token as a query value, reconnecting on its own. The call centre opens one connection while the
 * user holds FRONT:/channels/whatsapp-call and closes it when that ends.
 */
import { Context, Effect, Layer, Option } from "effect"
import { io } from "socket.io-client"
import { TO_BROWSER_EVENTS, type ToBrowser, type ToBrowserEvent, type ToServerEvent, type ToServerPayload } from "../../contract/voice-calls"
import { ApiConfig, type ApiConfigShape } from "../config"
import { Storage } from "../storage"
import { StorageKeys } from "../storage-keys"

export type RealtimeStatus = "connected" | "disconnected" | "unauthorized"

export interface RealtimeHandlers {
  readonly onEvent: <E extends ToBrowserEvent>(event: E, payload: ToBrowser[E]) => void
  readonly onStatus: (status: RealtimeStatus) => void
}

export interface RealtimeConnection {
  readonly emit: <E extends ToServerEvent>(event: E, payload: ToServerPayload<E>) => void
  readonly close: () => void
}

export interface RealtimeShape {
  /** Opens the socket with the stored user token; events arrive through `handlers` until `close()`. */
  readonly open: (handlers: RealtimeHandlers) => Effect.Effect<RealtimeConnection>
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

export class Realtime extends Context.Service<Realtime, RealtimeShape>()("app/Realtime") {
  static readonly layerBrowser: Layer.Layer<Realtime, never, ApiConfig | Storage> = Layer.effect(
    Realtime,
    Effect.gen(function* () {
      const config = yield* ApiConfig
      const storage = yield* Storage
      return {
        isOnline: storage.get(StorageKeys.online).pipe(Effect.map((value) => Option.getOrUndefined(value) !== "false")),
        open: (handlers) =>
          storage.get(StorageKeys.userToken).pipe(
            Effect.map((token) => {
              const { origin, path } = socketTarget(config)
              const socket = io(origin, {
                path, transports: ["websocket"], query: { user_token: Option.getOrElse(token, () => "") },
                reconnection: true, reconnectionDelay: 500, reconnectionDelayMax: 5000,
              })
              socket.on("connect", () => handlers.onStatus("connected"))
              socket.on("disconnect", (reason) => {
                handlers.onStatus("disconnected")
                // A server-side disconnect (session ended) is not retried by socket.io: try once more, the handshake decides.
                if (reason === "io server disconnect") socket.connect()
              })
              socket.on("connect_error", (error) => handlers.onStatus(AUTH_FAILURES.has(error.message) ? "unauthorized" : "disconnected"))
              for (const event of TO_BROWSER_EVENTS) socket.on(event, (payload: ToBrowser[typeof event]) => handlers.onEvent(event, payload))
              return {
                emit: (event, payload) => void socket.emit(event, payload),
                close: () => {
                  socket.removeAllListeners()
                  socket.close()
                },
              } satisfies RealtimeConnection
            }),
          ),
      }
    }),
  )
}
