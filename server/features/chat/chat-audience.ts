/**
 * Who hears which chat event (src/contract/chat-events.ts): audience rooms, so an agent's socket carries what the
 * agent's screens show instead of every message of every colleague. The one place for this rule.
 *
 * What the screens show (src/machines/chat): the inbox lists the agent's own open chats ("mine"), the unassigned
 * queue, or every open chat ("all": agentConversationsOngoing needs only BACK:chat, so every chat user may open it);
 * an opened conversation shows its messages, their delivery states and the customer typing. The Ongoing Chats and
 * history pages read the API and take no events; dashboards have their own (dashboard-live.ts).
 *
 * A socket of a user holding BACK:chat (chat-bus.ts checks) joins, by its token:
 *   chat:<c>:queue               every chat console of the tenant: the queue's messages, and every `chat:conversation`
 *                                (taken, handed over, released, closed, labelled, read), so a conversation leaves the
 *                                previous holder's list and the queue although the event names only the new holder;
 *   chat:<c>:user:<id>           the messages of the conversations the user holds;
 * and while its console asks (`chat:watch`, sent whole after every change and every reconnection):
 *   chat:<c>:all                 every message of the tenant, while the "all" box is on screen;
 *   chat:<c>:conversation:<id>   everything about a conversation it has open (a supervisor reading a colleague's chat).
 * A regrant (realtime/socket.ts) empties a socket's rooms and admits it again: the watch is kept on the socket and
 * joined again when the new grants still hold BACK:chat. Conversation ids are unique across tenants and every room
 * name carries the token's tenant, so watching another tenant's id hears nothing.
 */
import { Exit, Schema } from "effect"
import { type ChatToBrowser, type ChatToBrowserEvent, ChatToServer, type ChatToServerPayload } from "../../../src/contract/chat-events"
import type { Conversation } from "../../../src/contract/schemas/chat"
import type { AppSocket } from "../../realtime/socket"

export const queueRoom = (clientId: number) => `chat:${clientId}:queue`
export const holderRoom = (clientId: number, userId: number) => `chat:${clientId}:user:${userId}`
export const allRoom = (clientId: number) => `chat:${clientId}:all`
export const conversationRoom = (clientId: number, conversationId: number) => `chat:${clientId}:conversation:${conversationId}`

type Watch = ChatToServerPayload<"chat:watch">
type ChatSocket = AppSocket & { data: { chatWatch?: Watch } }

const watchedRooms = (clientId: number, watch: Watch | undefined): string[] =>
  watch ? [...(watch.all ? [allRoom(clientId)] : []), ...watch.conversation_ids.map((id) => conversationRoom(clientId, id))] : []

const decodeWatch = Schema.decodeUnknownExit(ChatToServer["chat:watch"])

/** Joins a chat user's socket to its rooms and follows its console's `chat:watch` (the caller checked BACK:chat). */
export const joinChatAudience = (raw: AppSocket) => {
  const socket = raw as ChatSocket
  const { clientId, userId } = socket.data.principal
  if (clientId === null || userId === null) return
  void socket.join([queueRoom(clientId), holderRoom(clientId, userId), ...watchedRooms(clientId, socket.data.chatWatch)])
  // An acknowledgement, when asked for, says whether the watch was taken (a malformed one changes nothing).
  socket.on("chat:watch", (payload: unknown, ack?: unknown) => {
    const decoded = decodeWatch(payload)
    if (Exit.isSuccess(decoded)) {
      const before = new Set(watchedRooms(clientId, socket.data.chatWatch))
      const after = new Set(watchedRooms(clientId, decoded.value))
      socket.data.chatWatch = decoded.value
      for (const room of before) if (!after.has(room)) void socket.leave(room)
      void socket.join([...after].filter((room) => !before.has(room)))
    }
    if (typeof ack === "function") ack({ ok: Exit.isSuccess(decoded) })
  })
}

const messageRooms = (clientId: number, conversation: Conversation): string[] => [
  allRoom(clientId),
  conversationRoom(clientId, conversation.id),
  conversation.agent_id === null ? queueRoom(clientId) : holderRoom(clientId, conversation.agent_id),
]

type Payload<E extends ChatToBrowserEvent> = Omit<ChatToBrowser[E], "seq">

const EVENT_ROOMS: { readonly [E in ChatToBrowserEvent]: (clientId: number, payload: Payload<E>) => string[] } = {
  "chat:message": (clientId, p) => messageRooms(clientId, p.conversation),
  "chat:conversation": (clientId) => [queueRoom(clientId)],
  "chat:message-status": (clientId, p) => [conversationRoom(clientId, p.conversation_id)],
  "chat:typing": (clientId, p) => [conversationRoom(clientId, p.conversation_id)],
}

/**
 * The rooms one event goes to (a socket in several of them receives it once). Every chat socket of the tenant is in its
 * queue room, so an event for the queue goes to that room alone: the same sockets, and one audience for the relay to
 * put several events in one frame (chat-bus.ts).
 */
export const chatEventRooms = <E extends ChatToBrowserEvent>(clientId: number, event: E, payload: Payload<E>): string[] => {
  const rooms = EVENT_ROOMS[event](clientId, payload)
  const queue = queueRoom(clientId)
  return rooms.includes(queue) ? [queue] : rooms
}
