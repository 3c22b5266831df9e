/**
 * The real-time chat events (src/contract/chat-events.ts): every socket of the tenant whose user holds BACK:chat joins
 * `chat:<clientId>`; events go there only, each with the tenant's next `seq`, and only after the write committed.
 *
 * seq: per tenant and process, max(previous + 1, Date.now() * 1000). Strictly increasing within a process, and a
 * restarted server continues above what it sent before (unless it emitted over 1,000 events per millisecond), so a
 * console that drops already-applied seqs keeps working across restarts without a database round trip per event.
 */
import type { ChatToBrowser, ChatToBrowserEvent } from "../../../src/contract/chat-events"
import { backKey } from "../../../src/contract/routes"
import type { Ctx, Services } from "../../http/context"
import type { SocketFeature } from "../../realtime/socket"
import { dashboardChanged } from "../dashboard/dashboard-live"
import { chatEventRooms, joinChatAudience } from "./chat-audience"

export const CHAT_KEY = backKey("chat")
export const chatRoom = (clientId: number) => `chat:${clientId}`

export type ChatPayload<E extends ChatToBrowserEvent> = Omit<ChatToBrowser[E], "seq">

const counters = new WeakMap<Services, Map<number, number>>()

export const nextSeq = (services: Services, clientId: number): number => {
  let map = counters.get(services)
  if (!map) {
    map = new Map()
    counters.set(services, map)
  }
  const seq = Math.max((map.get(clientId) ?? 0) + 1, Date.now() * 1000)
  map.set(clientId, seq)
  return seq
}

/** Emits now (callers are past their commit). */
export const emitChat = <E extends ChatToBrowserEvent>(services: Services, clientId: number, event: E, payload: ChatPayload<E>) => {
  const io = services.realtime?.io
  if (!io) return
  io.to(chatEventRooms(clientId, event, payload)).emit(event, { seq: nextSeq(services, clientId), ...payload })
  if (event !== "chat:typing") dashboardChanged(services, clientId)
}

/** Runs `fn` once the call's transaction committed (at once outside a call pipeline, e.g. a hook with its own transaction). */
export const afterCommit = (ctx: Pick<Ctx, "afterCommit">, fn: () => void | Promise<void>) => {
  const run = () => {
    Promise.resolve()
      .then(fn)
      .catch((error: unknown) => console.error("[chat] event after commit failed", error))
  }
  if (ctx.afterCommit) ctx.afterCommit(run)
  else queueMicrotask(run)
}

export const socketFeatures: readonly SocketFeature[] = [
  (socket) => {
    const { principal } = socket.data
    if (principal.clientId === null || principal.userId === null || !principal.grants.has(CHAT_KEY)) return
    joinChatAudience(socket)
  },
]
