/**
 * The socket service: socket.io on the server's HTTP server under `<rtBase>/socket.io`. The handshake carries
 * `user_token` in its auth payload and is refused when the token is invalid, replaced or expired, or when it comes
 * from a foreign Origin or with the token in its URL (realtime/handshake.ts). Each socket joins
 * `client:<id>`, `user:<id>` and `login:<login_id>` (so an ended session's sockets can be dropped). Later features add events by exporting `socketFeatures` from a feature file; what a console asks to
 * hear (`rt:watch`) is kept on its socket (watch.ts).
 */
import type { Server as HttpServer } from "node:http"
import { Server, type Socket } from "socket.io"
import type { Services } from "../http/context"
import { type Principal, verifyUserToken } from "../auth/principal"
import { clientRoom, loginRoom, type Realtime, userRoom } from "./realtime"
import { ApiError } from "../http/errors"
import { allowHandshake, handshakeToken, socketCors } from "./handshake"
import { keepWatch } from "./watch"

/** The server-side event that carries a regrant to the other processes. */
const REGRANT = "realtime:regrant"

export type AppSocket = Socket & { data: { principal: Principal } }

/** Called for every accepted connection; register `socket.on(...)` handlers here. */
export type SocketFeature = (socket: AppSocket, realtime: Realtime, services: Services) => void

export const attachRealtime = (server: HttpServer, services: Services, features: readonly SocketFeature[]): Realtime => {
  const io = new Server(server, {
    path: `${services.config.rtBase}/socket.io`,
    serveClient: false,
    cors: socketCors(services.config),
    allowRequest: allowHandshake(services.config),
  })
  /** Joins a socket's rooms and registers the features' handlers, by the grants it holds now. */
  const admit = (socket: AppSocket) => {
    const { principal } = socket.data
    if (principal.clientId !== null) void socket.join(clientRoom(principal.clientId))
    if (principal.userId !== null) void socket.join(userRoom(principal.userId))
    if (principal.loginId !== null) void socket.join(loginRoom(principal.loginId))
    keepWatch(socket)
    for (const feature of features) feature(socket, realtime, services)
  }
  const inFlight = new Set<Promise<unknown>>()
  const realtime: Realtime = {
    io,
    toClient: (clientId, event, payload) => void io.to(clientRoom(clientId)).emit(event, payload),
    toUser: (userId, event, payload) => void io.to(userRoom(userId)).emit(event, payload),
    endLogin: (loginId) => io.in(loginRoom(loginId)).disconnectSockets(true),
    regrant: (userId, grants) => {
      regrantHere(userId, [...grants])
      // The user's sockets on the other server processes (with the Redis adapter; a no-op on one process).
      io.serverSideEmit(REGRANT, userId, [...grants])
    },
    // Drop this process's sockets (their clients reconnect, possibly to another process) but leave the HTTP server to
    // its owner (Fastify closes it). `local`: through the Redis adapter a plain disconnectSockets reaches every process.
    track: (work) => {
      const settled = work.then(
        () => undefined,
        () => undefined,
      )
      inFlight.add(settled)
      void settled.then(() => inFlight.delete(settled))
      return work
    },
    close: async () => {
      io.local.disconnectSockets(true)
      io.engine.close()
      while (inFlight.size > 0) await Promise.all(inFlight)
    },
  }
  /** Re-admits this process's sockets of `userId` with new grants. */
  const regrantHere = (userId: number, grants: readonly string[]) => {
    for (const raw of io.of("/").sockets.values()) {
      const socket = raw as AppSocket
      if (socket.data.principal?.userId !== userId) continue
      socket.data.principal = { ...socket.data.principal, grants: new Set(grants) }
      for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room)
      socket.removeAllListeners()
      admit(socket)
    }
  }
  io.on(REGRANT, (userId: number, grants: string[]) => regrantHere(userId, grants))
  io.use((socket, next) => {
    const token = handshakeToken(socket.handshake)
    verifyUserToken(services.database.db, services.config.jwtSecret, token).then(
      (principal) => {
        socket.data.principal = principal
        next()
      },
      (error: unknown) => {
        const err = new Error(error instanceof ApiError ? error.code : "TOKEN_INVALID") as Error & { data?: unknown }
        err.data = error instanceof ApiError ? error.body() : { error: { code: "TOKEN_INVALID", message: "Invalid token" } }
        next(err)
      },
    )
  })
  io.on("connection", (raw) => admit(raw as AppSocket))
  return realtime
}
