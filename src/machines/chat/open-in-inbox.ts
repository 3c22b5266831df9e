/**
 * Showing one conversation in the chat inbox from elsewhere (a contact's page, the quick-jump box): the inbox lists
 * every conversation of the customer's number in all boxes, takes the chosen one as it is (closed ones too, which the
 * list itself would not hold) and selects it; the caller then goes to /apps/chat.
 */
import type { ActorSystem } from "xstate"
import type { Conversation } from "../../contract/schemas/chat"
import { systemActor } from "../system-ids"
import type { InboxEvent } from "./inbox-machine"

export const openInInbox = (system: ActorSystem<any>, conversation: Conversation): void => {
  const inbox = systemActor(system, "chat-inbox")
  if (!inbox) return
  const events: readonly InboxEvent[] = [
    { type: "FILTER", patch: { box: "all", channel: null, label: null, status: null, search: conversation.number } },
    { type: "conversation.updated", conversation },
    { type: "SELECT", id: conversation.id },
  ]
  for (const event of events) inbox.send(event)
}
