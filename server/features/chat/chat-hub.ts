/**
 * The chat side of one server: the message channel (the built-in simulator) and what happens when it reports
 * something. Each report is one transaction; its event goes out after the commit.
 */
import type { Services } from "../../http/context"
import type { Channel } from "../../../src/contract/schemas/common"
import type { MessageChannelEvents } from "../../channels/message-channel"
import type { SimulatedMessageChannel } from "../../channels/fallback-channels"
import { emitChat, inChatTransaction } from "./chat-bus"
import { rowsOf } from "../../db/rows"
import { receiveInbound } from "./receive"
import { statusReports } from "./status-reports"
import { sql } from "drizzle-orm"
import { channelLayers } from "./hooks"

export interface ChatHub {
  readonly channel: SimulatedMessageChannel
  readonly close: () => Promise<void>
}

const hubs = new WeakMap<Services, ChatHub>()

export const chatHubOf = (services: Services): ChatHub => {
  let hub = hubs.get(services)
  if (!hub) {
    hub = createHub(services)
    hubs.set(services, hub)
  }
  return hub
}

const createHub = (services: Services): ChatHub => {
  const database = services.database
  const reports = statusReports(services)
  const events: MessageChannelEvents = {
    inbound: async (input) => {
      const type = input.type
      const payload: Record<string, unknown> = input.link
        ? { link: input.link, ...(input.filename ? { filename: input.filename } : {}) }
        : {}
      if (input.location) payload.location = input.location
      if (input.order) payload.order = input.order
      const ids = await inChatTransaction(services, (writer) =>
        receiveInbound(writer, input.clientId, {
          channel: input.channel,
          number: input.number,
          name: input.name,
          type,
          body: input.text ?? "",
          payload,
          externalId: input.externalId,
        }),
      )
      return ids
    },
    status: reports.report,
    typing: async ({ clientId, channel, number, state }) => {
      const [row] = rowsOf(
        await database.db.execute(sql`SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
        WHERE c.client_id = ${clientId} AND ct.channel = ${channel satisfies Channel} AND ct.number = ${number} AND c.status <> 'closed' LIMIT 1`),
      )
      if (!row) return
      await emitChat({ db: database.db, services, afterCommit: queueMicrotask }, clientId, "chat:typing", {
        conversation_id: Number(row.id),
        number,
        state,
      })
    },
  }
  // The other features' layers around the fallback channel (Services.fallbackChannels: the simulator on a development
  // server), innermost first (hooks.ts `channelLayers`: a tenant's Meta account, web-chat visitors).
  const fallback = services.fallbackChannels.messages(events)
  const channel = channelLayers.values().reduce((inner, layer) => layer(services, events, inner), fallback)
  return {
    channel,
    close: async () => {
      reports.close()
      await channel.close()
    },
  }
}
