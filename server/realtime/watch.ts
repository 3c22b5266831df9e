/**
 * The channels a console asks to hear (src/contract/realtime-watch.ts). The socket service keeps the last watch on the
 * socket (`keepWatch`, so a regrant's re-admission still knows it); a feature that sends only to watchers follows it
 * with `followWatch`.
 */
import { Exit, Schema } from "effect"
import { Watch, WATCH_EVENT, type WatchableChannel } from "../../src/contract/realtime-watch"
import type { Socket } from "socket.io"

type WatchingSocket = Socket & { data: { watching?: readonly WatchableChannel[] } }

const decodeWatch = Schema.decodeUnknownExit(Watch)

const watches = (socket: Socket, channel: WatchableChannel) => (socket as WatchingSocket).data.watching?.includes(channel) === true

/** Registered before the features' handlers: keeps the console's watch (a malformed one changes nothing) and acknowledges it. */
export const keepWatch = (socket: Socket) => {
  socket.on(WATCH_EVENT, (payload: unknown, ack?: unknown) => {
    const decoded = decodeWatch(payload)
    if (Exit.isSuccess(decoded)) (socket as WatchingSocket).data.watching = decoded.value.channels
    if (typeof ack === "function") ack({ ok: Exit.isSuccess(decoded) })
  })
}

/** `follow(true)` now when the socket watches `channel`, then `follow(on)` whenever its watch of it changes. */
export const followWatch = (socket: Socket, channel: WatchableChannel, follow: (on: boolean) => void) => {
  let on = watches(socket, channel)
  if (on) follow(true)
  socket.on(WATCH_EVENT, () => {
    const now = watches(socket, channel)
    if (now === on) return
    on = now
    follow(now)
  })
}
