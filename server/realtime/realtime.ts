/** What handlers may do with the socket service, apart from attaching it (socket.ts), so the request context can name it. */
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
  readonly close: () => Promise<void>
}

export const clientRoom = (clientId: number) => `client:${clientId}`
export const userRoom = (userId: number) => `user:${userId}`
export const loginRoom = (loginId: string) => `login:${loginId}`
