/**
 * The socket service as handlers see it (attached by socket.ts, named by the request context): send to a tenant's or a
 * user's sockets, end a login's sockets, re-admit a user's sockets with new grants. Rooms are named here; with Redis
 * (realtime/cluster.ts) a room spans every node, so these reach a user wherever their socket is connected.
 */
import type { Server } from "socket.io"

export interface Realtime {
  readonly io: Server
  readonly toClient: (clientId: number, event: string, payload: unknown) => void
  readonly toUser: (userId: number, event: string, payload: unknown) => void
  /** Disconnects the sockets of a login session that ended (replaced by a newer login, or logged out). */
  readonly endLogin: (loginId: string) => void
  /**
   * A user's grants changed: each of their sockets takes the new grants and is admitted again as if it had just
   * connected (leaves every room, drops its event handlers, then joins and registers what the new grants allow).
   */
  readonly regrant: (userId: number, grants: ReadonlySet<string>) => void
  /**
   * Socket work in flight (a handler's writes, a dropped socket's clean-up): `close` waits for it, so a stopping
   * server does not end its database under a handler. Returns `work`.
   */
  readonly track: <T>(work: Promise<T>) => Promise<T>
  /** Drops this process's sockets, then waits for the work they left in flight. */
  readonly close: () => Promise<void>
}

export const clientRoom = (clientId: number) => `client:${clientId}`
export const userRoom = (userId: number) => `user:${userId}`
export const loginRoom = (loginId: string) => `login:${loginId}`
