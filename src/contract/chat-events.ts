/**
 * The real-time chat events on the socket service (same socket.io connection as voice calls, path `<rtBase>/socket.io`,
 * `user_token` in the query). The spec names the calls but not the push events, so these are ours: every change an
 * agent must see without a reload arrives as one of them, carrying the whole changed record so the console never
 * has to re-fetch to stay right.
 *
 * Who receives them: every socket of the tenant whose user holds the back-end `chat` permission (agents filter by
 * mine / unassigned / all in the console; the server never sends another tenant's records).
 * Order and once: each stored event carries its `seq` (its row in the server's `chat_events`, one sequence for every
 * node), unique but not necessarily arriving in order (two nodes), and may arrive twice (a relay retried); the console
 * applies each seq once, in any order, and records by id (an upsert), so a replay is harmless.
 */
import type { Conversation, Message, MessageStatus } from "./schemas/chat"

export interface ChatToBrowser {
  /** A message was stored (inbound from a customer, or outbound by any agent, bot or campaign), with its conversation after the change. */
  "chat:message": { seq: number; conversation: Conversation; message: Message }
  /** The channel reported a delivery state for an outbound message (sent -> delivered -> read, or failed). */
  "chat:message-status": { seq: number; conversation_id: number; message_id: number; status: MessageStatus }
  /** A conversation changed without a new message: assigned, shifted, forwarded, closed, reset (read), blocked, labelled. */
  "chat:conversation": { seq: number; conversation: Conversation }
  /** The customer is typing (or stopped) in a conversation; not stored, not sequenced against records: seq 0. */
  "chat:typing": { seq: number; conversation_id: number; number: string; state: "typing" | "paused" }
}

export type ChatToBrowserEvent = keyof ChatToBrowser

export const CHAT_TO_BROWSER_EVENTS: readonly ChatToBrowserEvent[] = [
  "chat:message",
  "chat:message-status",
  "chat:conversation",
  "chat:typing",
]
