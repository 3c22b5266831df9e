/**
 * Transport limits against slow and greedy clients (ASVS 12.1.x-style resource limits): a request must arrive whole
 * within `requestTimeoutMs` (Node answers 408 and closes; Fastify's default of 0 let a half-sent body hold its
 * connection for ever), its headers within a quarter of that (at most 15 s), and one address may hold at most
 * `connectionsPerAddress` open connections (HTTP and WebSocket alike). The body size limit is Fastify's bodyLimit.
 */
import type { Server, ServerOptions } from "node:http"
import type { Config } from "../config"

/** Fastify's options for the time-outs (Node checks them every `connectionsCheckingInterval`). */
export const timeoutsOf = (config: Pick<Config, "requestTimeoutMs">): { requestTimeout: number; http: ServerOptions } => {
  const requestTimeout = config.requestTimeoutMs
  return {
    requestTimeout,
    http: {
      headersTimeout: Math.min(15_000, Math.max(1, Math.floor(requestTimeout / 4))),
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
  }
}

/** Destroys a new connection when its address already holds `cap` (0: no cap). */
export const capConnectionsPerAddress = (server: Server, cap: number) => {
  if (cap <= 0) return
  const open = new Map<string, number>()
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "?"
    const count = open.get(address) ?? 0
    if (count >= cap) {
      socket.destroy()
      return
    }
    open.set(address, count + 1)
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
