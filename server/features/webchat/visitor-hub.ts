/**
 * The web-chat side of the chat hub. Agents' messages and typing for a visitor (channel `webchat`, a `wv_…` number) go
 * to the visitor's sockets (room `visitor:<clientId>:<visitorId>`, on whatever node they are: the visitors' server is on
 * the Redis adapter when there is one) instead of the simulator; everything else passes to the wrapped channel. The
 * hub's reports (inbound, status, typing) are kept here per server, so the visitor routes feed the chat's one inbound
 * path. The visitors' socket.io server is registered here by visitor-routes.ts.
 */
import { randomUUID } from "node:crypto"
import type { Server } from "socket.io"
import type { ToVisitor, VisitorMessage } from "../../../src/contract/webchat-visitor"
import type { MessageChannelEvents, OutboundMessage } from "../../channels/message-channel"
import { onceByKey } from "../../channels/once-by-key"
import type { ChannelLayer } from "../chat"
import type { Services } from "../../http/context"
import { isVisitorId } from "./visitor-token"
import { socketsIn } from "../../realtime/cluster"

const hubEvents = new WeakMap<Services, MessageChannelEvents>()
const servers = new WeakMap<Services, Server>()

export const visitorRoom = (clientId: number, visitorId: string) => `visitor:${clientId}:${visitorId}`

export const setVisitorServer = (services: Services, io: Server) => void servers.set(services, io)

/** The chat hub's reports for this server (the hub exists once chatHubOf(services) ran). */
export const hubEventsOf = (services: Services): MessageChannelEvents => {
  const events = hubEvents.get(services)
  if (!events) throw new Error("The chat hub has not started")
  return events
}

export const toVisitor = <E extends keyof ToVisitor>(
  services: Services,
  clientId: number,
  visitorId: string,
  event: E,
  payload: ToVisitor[E],
) => void servers.get(services)?.to(visitorRoom(clientId, visitorId)).emit(event, payload)

const isVisitor = (channel: string, number: string) => channel === "webchat" && isVisitorId(number)

/** An agent read a conversation (chat.messagesReset): a visitor on the other end sees their messages read. */
export const agentRead = (services: Services, clientId: number, number: string) => {
  if (isVisitorId(number)) toVisitor(services, clientId, number, "read", {})
}

/** The id an agent's message to a visitor's page carries (its external id): `wc.` and a random UUID. */
export const VISITOR_MESSAGE_ID = /^wc\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The hub's channel with web-chat visitors routed to their sockets (chat-hub.ts wraps its channel once). */
export const withWebchat: ChannelLayer = (services, events, inner) => {
  hubEvents.set(services, events)
  const once = onceByKey()
  const toVisitorPage = async (out: OutboundMessage) => {
    const externalId = `wc.${randomUUID()}`
    const link = typeof out.payload.link === "string" ? out.payload.link : null
    const name = typeof out.payload.filename === "string" ? out.payload.filename : (link?.split("?")[0].split("/").pop() ?? out.type)
    const message: VisitorMessage = {
      id: externalId,
      from: "agent",
      text: out.body,
      files: link ? [{ name, url: link }] : [],
      dt: new Date().toISOString(),
    }
    const io = servers.get(services)
    const room = visitorRoom(out.clientId, out.number)
    io?.to(room).emit("message", message)
    // On a visitor's open page, on any node (fetchSockets asks every node through the Redis adapter), it is delivered;
    // the report waits for the send's commit (the hub retries it).
    if (io)
      setTimeout(() => {
        socketsIn(io, room)
          .then((sockets) => (sockets.length > 0 ? events.status({ clientId: out.clientId, externalId, status: "delivered" }) : undefined))
          .catch((error: unknown) => console.error("[webchat] delivery report failed", error))
      }, 0)
    return { externalId }
  }
  return {
    ...inner,
    send: async (out) => {
      if (!isVisitor(out.channel, out.number) || out.type === "email") return inner.send(out)
      return once(out.clientId, out.key, () => toVisitorPage(out))
    },
    typing: async (update) => {
      if (!isVisitor(update.channel, update.number)) return inner.typing(update)
      toVisitor(services, update.clientId, update.number, "typing", { state: update.state })
    },
  }
}
