/**
 * The agent's side of a call that is not a customer's ring: dialling a customer (through the tenant's WhatsApp Cloud
 * API number when it has one, else the simulator; refused when the tenant turned calls off) and naming the quick reply
 * sent instead of answering in the call's record. The hub (call-hub.ts) carries the dialled call's media.
 */
import { randomUUID } from "node:crypto"
import { eq } from "drizzle-orm"
import { CallStatus } from "../../../src/contract/voice-calls"
import type { VoiceChannel } from "../../channels/channel-adapter"
import type { SimulatedChannel } from "../../channels/fallback-channels"
import type { MetaCallBridge } from "../../channels/whatsapp-cloud/call-bridge"
import { callRecords } from "../../db/schema/calls"
import type { Services } from "../../http/context"
import type { AppSocket } from "../../realtime/socket"
import { callSettingOf } from "../onboarding"
import { insertOutgoing, insertRefused } from "./call-store"
import { metaDialer } from "./hooks"

/** A call whose media this process carries: who to tell what the channel reports. */
export interface Carried {
  readonly clientId: number
  readonly type: "incoming" | "outgoing"
  readonly agentId: number
  /** The agent's tab on the call (another one after a resume from another tab). */
  agentSocket: string
}

export interface DialTools {
  readonly services: Services
  readonly node: string
  /** This process's lease exists (a dialled call is carried here from its start). */
  readonly leased: () => Promise<unknown>
  readonly channels: { readonly meta: MetaCallBridge; readonly channel: SimulatedChannel }
  readonly carry: (callId: string, call: Carried) => void
}

export const dialDesk = ({ services, node, leased, channels, carry }: DialTools) => {
  const db = () => services.database.db
  return {
    dial: async (socket: AppSocket, number: string, sdp: string): Promise<string | null> => {
      const { userId, clientId } = socket.data.principal
      if (userId === null || clientId === null || !number.trim()) return null
      const callId = `wacid.${randomUUID()}`
      if (!(await callSettingOf(db(), clientId)).enabled) {
        // The tenant turned calls off: the dialler hears REFUSED (the console says calls are off), Call History keeps it.
        await services.database.transaction((tx) =>
          insertRefused(tx, { callId, clientId, name: "Unknown", number }, CallStatus.refused, userId),
        )
        socket.emit("initiated-call-response", { callId, number, clientId, userId })
        socket.emit("call-status-update", { callId, callStatus: CallStatus.refused })
        socket.emit("call-ended", { callId })
        return null
      }
      await leased()
      // A tenant with a WhatsApp Cloud API number calls through Meta; the others through the simulator.
      const dialer = await metaDialer.ask(services, clientId)
      const channel: VoiceChannel = dialer ? channels.meta : channels.channel
      if (dialer) channels.meta.dialVia(callId, dialer)
      await services.database.transaction((tx) =>
        insertOutgoing(tx, {
          callId,
          clientId,
          number,
          agentId: userId,
          agentSocket: socket.id,
          node,
          channel: dialer ? "meta" : "simulator",
        }),
      )
      carry(callId, { clientId, type: "outgoing", agentId: userId, agentSocket: socket.id })
      socket.emit("initiated-call-response", { callId, number, clientId, userId })
      await channel.dial(callId, number, sdp)
      return callId
    },
    /** A quick reply sent instead of answering: the call's record names the message. */
    attachMessage: async (socket: AppSocket, callId: string, messageId: string) => {
      const clientId = socket.data.principal.clientId
      if (clientId === null) return
      const [row] = await db().select().from(callRecords).where(eq(callRecords.callId, callId)).limit(1)
      if (!row || row.clientId !== clientId) return
      await db()
        .update(callRecords)
        .set({
          message: {
            message_type: "text",
            message_body: `Quick reply ${messageId}`,
            attachments: [{ name: "message_id", value: messageId }],
            interactive: null,
          },
        })
        .where(eq(callRecords.callId, callId))
    },
  }
}
