/**
 * The real-time chat events on the socket service (same socket.io connection as voice calls, path `<rtBase>/socket.io`,
 * `user_token` in the query). The spec names the calls but not the push events, so these are ours: every change an
 * agent must see without a reload arrives as one of them, carrying the whole changed record so the console never
 * has to re-fetch to stay right.
 *
 * Who receives them (server/features/chat/chat-audience.ts): a socket of a user holding the back-end `chat` permission
 * hears what its screens show, never another tenant's records: the messages of the conversations its user holds, the
 * unassigned queue's messages, every `chat:conversation` of the tenant (a change of holder or status reaches the
 * previous holder and the queue's viewers), and, while its console asks for them with `chat:watch`, every message of
 * the tenant (the inbox's "all" box) and everything about the conversations it has open (their delivery states and
 * the customer's typing go only there).
 * Order and once: each stored event carries its `seq` (its row in the server's `chat_events`, one sequence for every
 * node), unique but not necessarily arriving in order (two nodes), and may arrive twice (a relay retried); the console
 * applies each seq once, in any order, and records by id (an upsert), so a replay is harmless.
 */
import { Schema } from "effect"
import type { Conversation, Message, MessageStatus } from "./schemas/chat"
import { Id } from "./schemas/common"

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

/** One stored event inside a `chat:batch` frame: its name and its payload, as it would arrive alone. */
export type ChatBatchItem = { [E in ChatToBrowserEvent]: { readonly event: E; readonly payload: ChatToBrowser[E] } }[ChatToBrowserEvent]

/**
 * The stored events of one relay with the same audience, in one frame, in seq order (server/features/chat/chat-bus.ts):
 * the waiting conversations one hand-out gives to agents reach every chat console of the tenant as one write instead of
 * one each. The console hands them on one by one, as if each had come alone.
 */
export const CHAT_BATCH = "chat:batch"
export interface ChatBatch {
  readonly events: readonly ChatBatchItem[]
}

/** The most conversations one console may watch at once (the inbox keeps 8 open). */
export const MAX_WATCHED_CONVERSATIONS = 32

/**
 * Browser -> server: what the console shows now, sent whole after every change and after every (re)connection.
 * `all`: the inbox's "all" box is on screen; `conversation_ids`: the conversations it has open.
 */
export const ChatToServer = {
  "chat:watch": Schema.Struct({
    all: Schema.Boolean,
    conversation_ids: Schema.Array(Id).check(Schema.isMaxLength(MAX_WATCHED_CONVERSATIONS)),
  }),
} as const

export type ChatToServerEvent = keyof typeof ChatToServer
export type ChatToServerPayload<E extends ChatToServerEvent> = (typeof ChatToServer)[E]["Type"]
