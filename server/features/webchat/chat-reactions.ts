/** Web-chat visitors in the chat (chat/hooks.ts): their messages go to their sockets, and they see when an agent read them. */
import { channelLayers, messagesRead } from "../chat"
import { agentRead, withWebchat } from "./visitor-hub"

export const hooks = [
  channelLayers.add("webchat", 20, withWebchat),
  messagesRead.on("webchat", 10, (r) => agentRead(r.services, r.clientId, r.number)),
]
