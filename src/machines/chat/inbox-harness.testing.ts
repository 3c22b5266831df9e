/**
 * The chat inbox on a real actor for tests: its list loads scripted (settled by the test through completion events),
 * its socket a callback the test pushes real-time events into, and its children's effects never settling.
 */
import { vi } from "vitest"
import { type ActorRefFrom, createActor, fromCallback, fromPromise, setup } from "xstate"
import type { Conversation, Message } from "../../contract/schemas/chat"
import { completion, makeScript } from "../common/scripted-actors.testing"
import type { ChatSocketEvent } from "./chat-actors"
import { conversationMachine } from "./conversation-machine"
import { customerMachine } from "./customer-machine"
import { chatInboxMachine, type InboxEvent } from "./inbox-machine"
import { lookupMachine } from "./lookup-machine"
import { announcerMachine } from "../shell/announcer-machine"

export const ME = 7
export const conv = (id: number, over: Partial<Conversation> = {}): Conversation => ({
  id,
  number: `9055500000${id}`,
  name: `C${id}`,
  channel_type: "whatsapp",
  status: "active",
  agent_id: ME,
  agent_name: "Kerem",
  last_message: "hi",
  last_message_at: `2026-11-22T09:0${id}:00Z`,
  unread: 1,
  labels: [],
  blocked: false,
  started_at: "2026-11-22T09:00:00Z",
  closed_at: null,
  session_expires_at: null,
  ...over,
})
export const msg = (id: number, conversationId: number): Message => ({
  id,
  external_id: null,
  conversation_id: conversationId,
  number: conv(conversationId).number,
  channel_type: "whatsapp",
  direction: "inbound",
  type: "text",
  body: `m${id}`,
  attachments: [],
  interactive: null,
  status: "received",
  agent_name: null,
  dt: "2026-11-22T09:30:00Z",
})

export type Ev = InboxEvent | { type: string; [key: string]: unknown }

// Typed `never`: a logic that never settles stands in for any output and input.
const never = fromPromise(() => new Promise<never>(() => undefined)) as never
/** The inbox's children with effects that never settle: the inbox's own behaviour is under test. */
export const quiet = {
  conversation: conversationMachine.provide({ actors: { loadMessages: never, sendMessage: never, runAction: never } }),
  customer: customerMachine.provide({ actors: { load: never, save: never } }),
  lookup: lookupMachine.provide({ actors: { load: never } }),
  loadBoxCounts: never,
}

export const startInbox = (options: { announced?: boolean } = {}) => {
  const script = makeScript()
  /** `commands`: what the inbox asked the socket to send the server (`socket.emit`). */
  const socket: { send: ((e: ChatSocketEvent) => void) | null; running: number; commands: unknown[] } = {
    send: null,
    running: 0,
    commands: [],
  }
  const inbox = chatInboxMachine.provide({
    actors: {
      ...quiet,
      loadConversations: script.logic,
      loadBoxCounts: script.logic,
      chatSocket: fromCallback(({ sendBack, receive }) => {
        socket.send = sendBack as never
        receive((command) => void socket.commands.push(command))
        socket.running++
        return () => void socket.running--
      }),
    } as never,
  })
  // With `announced`, the inbox runs beside the announcer in one system, as under the root.
  const system = options.announced
    ? createActor(
        setup({ actors: { inbox, announcer: announcerMachine } }).createMachine({
          invoke: [
            { id: "announcer", systemId: "announcer", src: "announcer" },
            { id: "inbox", src: "inbox" },
          ],
        }),
      )
    : null
  system?.start()
  const actor = (system?.getSnapshot().children.inbox as ActorRefFrom<typeof chatInboxMachine> | undefined) ?? createActor(inbox)
  if (!system) actor.start()
  const announcer = system?.getSnapshot().children.announcer as ActorRefFrom<typeof announcerMachine> | undefined
  const send = async (event: Ev) => {
    const outcome = completion(event as { type: string })
    if (outcome) {
      if (Object.keys(actor.getSnapshot().children).includes(outcome.id)) script.complete(outcome)
    } else if (event.type.startsWith("rt.") && socket.send && actor.getSnapshot().hasTag("on")) socket.send(event as ChatSocketEvent)
    else actor.send(event as InboxEvent)
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(0)
    const running = Object.keys(actor.getSnapshot().children)
    script.forget((id) => running.includes(id))
  }
  return { actor, script, socket, send, announcer }
}
