/**
 * The one Redis connection of a server (REDIS_URL, node `redis`): made by app.ts only when configured, closed on
 * stop. Shared state across server processes lives here: the socket.io adapter's pub/sub (realtime/cluster.ts
 * takes two duplicates of it), the per-address rate-limit counters (http/redis-rate-store.ts) and the readiness probe.
 */
import { createClient } from "redis"

const clientFor = (url: string) =>
  createClient({ url, socket: { connectTimeout: 5_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) } })

export type RedisClient = ReturnType<typeof clientFor>

/** Connects (or throws when Redis does not answer); errors after that are logged, and the client reconnects by itself. */
export const openRedis = async (url: string, name = "redis"): Promise<RedisClient> => {
  const client = clientFor(url)
  let reported = false
  client.on("error", (error: unknown) => {
    // One line per outage, not one per reconnect attempt.
    if (!reported) console.error(`[${name}] ${error instanceof Error ? error.message : String(error)}`)
    reported = true
  })
  client.on("ready", () => {
    reported = false
  })
  await client.connect()
  return client
}

/** Closes a client, quietly when it is already closed. */
export const closeRedis = async (client: RedisClient | null | undefined) => {
  if (!client?.isOpen) return
  await client.close().catch(() => client.destroy())
}
