/**
 * A subscription to one channel of the shared real-time socket as a callback actor: the socket's events reach the
 * invoking machine as `rt.<event>` (with the payload's fields) and `rt.status`, the machine's `socket.emit` commands
 * go to the server, and stopping the actor drops the subscription (the last one closes the socket).
 */
import { Effect } from "effect"
import { fromCallback } from "xstate"
import {
  type Channel,
  type ChannelIn,
  Realtime,
  type RealtimeConnection,
  type RealtimeEmit,
  type RealtimeStatus,
} from "../../services/realtime/realtime"
import { type AppRuntime, runtimeOf } from "./from-effect"

/** A socket event as a machine receives it: `rt.<event>` with the payload's fields, or the connection's status. */
export type RealtimeEvent<C extends Channel> =
  | { [E in keyof ChannelIn<C> & string]: { type: `rt.${E}` } & ChannelIn<C>[E] }[keyof ChannelIn<C> & string]
  | { type: "rt.status"; status: RealtimeStatus }

/** What a machine sends the socket actor: one message for the server. */
export type RealtimeCommand<C extends Channel> = { type: "socket.emit" } & RealtimeEmit<C>

const eventOf = <C extends Channel>(event: keyof ChannelIn<C> & string, payload: ChannelIn<C>[typeof event]) =>
  // TypeScript cannot tie a generic event name to its member of the mapped union; the pair comes from one listener.
  ({ type: `rt.${event}`, ...payload }) as RealtimeEvent<C>

export const fromRealtime = <C extends Channel>(channel: C) =>
  fromCallback<RealtimeCommand<C>, undefined, RealtimeEvent<C>>(({ sendBack, receive, system }) => {
    let runtime: AppRuntime
    try {
      runtime = runtimeOf(system)
    } catch {
      // No runtime bound (a root actor created without createAppActor, e.g. in another feature's tests): no socket.
      return
    }
    let connection: RealtimeConnection<C> | null = null
    let closed = false
    const pending: RealtimeCommand<C>[] = []
    runtime
      .runPromise(
        Effect.flatMap(Realtime, (realtime) =>
          realtime.subscribe(channel, {
            onEvent: (event, payload) => sendBack(eventOf<C>(event, payload)),
            onStatus: (status) => sendBack({ type: "rt.status", status }),
          }),
        ),
      )
      .then(
        (opened) => {
          if (closed) return opened.close()
          connection = opened
          for (const command of pending.splice(0)) opened.emit(command)
        },
        (error: unknown) => console.error(`[${channel}] socket failed to open`, error),
      )
    receive((command) => {
      if (connection) connection.emit(command)
      else pending.push(command)
    })
    return () => {
      closed = true
      connection?.close()
    }
  })
