/**
 * socket.io across server processes: with Redis configured, the Redis adapter (@socket.io/redis-adapter, classic
 * pub/sub) relays every `io.to(room).emit`, `disconnectSockets` and `fetchSockets` to the other processes, so an
 * event reaches an agent whatever process their socket is on. It takes two connections of its own (a subscriber
 * cannot send commands), duplicated from the server's Redis client and closed with the socket service.
 */
import { createAdapter } from "@socket.io/redis-adapter"
import type { Server } from "socket.io"
import type { RedisClient } from "../core/redis"
import { closeRedis } from "../core/redis"

const clustered = new WeakSet<Server>()

/**
 * Whether anyone may be in `room`: on one process, whether a socket of this process is; across processes the room's
 * members are not known here, so yes. For work worth skipping when nobody listens (reading rows to announce).
 */
export const mayHaveListeners = (io: Server, room: string) => clustered.has(io) || (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0

/** Times the processes are asked for a room's sockets when one of them does not answer within `requestsTimeout`. */
const ASKS = 3

/**
 * The sockets in `room` on every process (`fetchSockets`), asked again when a process does not answer within the
 * adapter's time (a busy one): a single late answer would otherwise read as an error, or as nobody there.
 */
export const socketsIn = async (io: Server, room: string) => {
  for (let ask = 1; ; ask++) {
    try {
      return await io.in(room).fetchSockets()
    } catch (error) {
      if (ask >= ASKS) throw error
    }
  }
}

/**
 * Puts `io` on the Redis adapter; returns what closes its connections. `key` names its channels: each socket.io
 * server of a process needs its own (the agents' "rt", the web-chat visitors' "wc"), or their rooms would mix.
 */
export const attachClusterAdapter = async (io: Server, redis: RedisClient, key = "rt"): Promise<() => Promise<void>> => {
  const pub = redis.duplicate()
  const sub = redis.duplicate()
  for (const client of [pub, sub]) client.on("error", () => {}) // the main client reports outages
  await Promise.all([pub.connect(), sub.connect()])
  io.adapter(createAdapter(pub, sub, { key, requestsTimeout: 3_000 }))
  clustered.add(io)
  return async () => {
    await Promise.all([closeRedis(pub), closeRedis(sub)])
  }
}
