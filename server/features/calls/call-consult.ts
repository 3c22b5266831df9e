/**
 * Warm transfer (the hub's `consult`, `completeConsult`, `cancelConsult`, and the consult side of accept). The agent on
 * an answered call sends it to an agent or group as a blind transfer does (call-transfer.ts: held, ringing "<agent>
 * wants to talk before handing over <customer>", back to the agent when nobody takes it); the colleague who takes it
 * talks with the agent, the server relaying the two agents' audio where the media is carried (`consult` on the call
 * bus) while the customer still hears the hold tone. The agent then hands the call over (the colleague's peer becomes
 * the call's agent leg, the customer's leg as it was, the agent's card leaves) or either of them ends the talk (the
 * colleague's card leaves; the call stays on hold with the agent until they resume it). The SQL: call-consult-store.ts.
 */
import type { AppSocket } from "../../realtime/socket"
import { type DeskTools, agentOf, agentRooms } from "./call-desk"
import { beginConsult, cancelConsult, completeConsult } from "./call-consult-store"
import type { TransferTarget } from "./call-takers"
import type { TransferDesk } from "./call-transfer"
import { namesOf } from "./call-transfer-store"

export const consultDesk = ({ services, emit, broadcast }: DeskTools, transferring: TransferDesk) => {
  const db = () => services.database.db
  return {
    consult: (socket: AppSocket, callId: string, target: TransferTarget) => transferring.transfer(socket, callId, target, true),

    /** An agent a warm transfer rang takes it with their browser's offer; false when no warm transfer rang them. */
    take: async (socket: AppSocket, callId: string, sdp: string): Promise<boolean> => {
      const agent = agentOf(socket)
      if (!agent) return false
      const [me] = await namesOf(db(), agent.clientId, [agent.userId])
      const begun = await services.database.transaction((tx) => beginConsult(tx, agent, callId, socket.id, me?.name ?? ""))
      if (!begun) return false
      const { call, transfer, consulting } = begun
      emit(agentRooms(transfer.rung.filter((id) => id !== agent.userId)), "remove-call", { callId, userId: agent.userId })
      await broadcast({ kind: "consult", callId, channel: call.channel, socketId: socket.id, sdp })
      emit(agentRooms([transfer.fromUser]), "consult-started", { callId, colleague: consulting.name })
      return true
    },

    /** The agent hands their consulted call over to the colleague. */
    complete: async (socket: AppSocket, callId: string) => {
      const agent = agentOf(socket)
      if (!agent) return
      const done = await services.database.transaction((tx) => completeConsult(tx, agent, callId))
      if (!done) return
      const { call, consulting } = done
      await broadcast({ kind: "consult-end", callId, handedOver: true })
      await broadcast({ kind: "repoint", callId, channel: call.channel, socketId: consulting.socketId, sdp: null })
      await broadcast({ kind: "hold", callId, held: false })
      emit(consulting.socketId, "consult-ended", { callId, handedOver: true })
      emit(agentRooms([agent.userId]), "remove-call", { callId, userId: consulting.userId })
    },

    /** The agent or the colleague ends the consult: the colleague's card leaves, the call stays held with the agent. */
    cancel: async (socket: AppSocket, callId: string) => {
      const agent = agentOf(socket)
      if (!agent) return
      const done = await services.database.transaction((tx) => cancelConsult(tx, agent, callId))
      if (!done) return
      const { transfer, consulting } = done
      await broadcast({ kind: "consult-end", callId, handedOver: false })
      emit(agentRooms([consulting.userId]), "remove-call", { callId, userId: transfer.fromUser })
      emit(agentRooms([transfer.fromUser]), "consult-ended", { callId, handedOver: false })
    },
  }
}
