/** The queue moves when an agent takes a waiting conversation by hand or releases one to it (chat/hooks.ts). */
import { conversationReleased, conversationTaken } from "../chat"
import { queueMoved } from "./positions"

export const hooks = [
  conversationTaken.on("routing", 10, (t) => queueMoved(t.db, t.clientId, [t.conversationId])),
  conversationReleased.on("routing", 20, (r) => queueMoved(r.db, r.clientId)),
]
