/**
 * Browser -> server on the shared socket: the channels the console listens to now whose events the server sends only to
 * sockets that ask (src/services/realtime `WATCHED_CHANNELS`), sent whole on every change and after every
 * (re)connection. The dashboard's now-values go to the dashboards open, not to every socket of a user who may open
 * one: at 1,000 agents that was a frame to each of them five times a second from each server process. Every call's
 * end goes to the open queue pages (and the agents the call concerns), not to every agent who may take calls.
 */
import { Schema } from "effect"

export const WATCH_EVENT = "rt:watch"

/** The channels a socket may watch. */
export const WATCHABLE_CHANNELS = ["dashboard", "queue"] as const
export type WatchableChannel = (typeof WATCHABLE_CHANNELS)[number]

export const Watch = Schema.Struct({ channels: Schema.Array(Schema.Literals(WATCHABLE_CHANNELS)).check(Schema.isMaxLength(8)) })
export type Watch = typeof Watch.Type
