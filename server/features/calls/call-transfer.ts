/**
 * Blind transfer of a WhatsApp call (the hub's `transferTargets`, `transfer`, and the transfer side of accept and
 * decline). The agent on an answered or held call picks an agent or an agent group; the customer hears the hold tone
 * (the call is held where its media is carried); the call rings as a new card "transferred by <agent>" at whoever of
 * the target can take it (call-takers.ts). The agent who takes it sends their browser's offer: the process carrying
 * the media re-points the agent side to that browser (`repoint` on the call bus), the customer's leg is never
 * renegotiated, and the sender's card leaves. Not taken in the ring time, or declined by everyone it rang: it goes
 * back to the sender, ringing on their card again ("not taken by …"), still held. The SQL: call-transfer-store.ts.
 * A warm transfer rings the same way; taking it starts a consult instead (call-consult.ts).
 */
import type { AppSocket } from "../../realtime/socket"
import { callSettingOf } from "../onboarding"
import { type DeskTools, agentOf, agentRooms } from "./call-desk"
import type { PendingTransfer } from "./call-store"
import { type TransferTarget, callTakers } from "./call-takers"
import { declineTransfer, groupsOf, namesOf, returnTransfer, startTransfer, takeTransfer, targetName } from "./call-transfer-store"

export const transferDesk = ({ services, emit, broadcast }: DeskTools) => {
  const db = () => services.database.db

  /** The transfer went back to its sender: its cards elsewhere leave, the sender's card rings again. */
  const returned = (callId: string, transfer: PendingTransfer) => {
    emit(agentRooms(transfer.rung), "remove-call", { callId, userId: transfer.fromUser })
    emit(agentRooms([transfer.fromUser]), "transfer-returned", { callId, notTakenBy: transfer.targetName })
  }

  return {
    transferTargets: async (socket: AppSocket, callId: string) => {
      const agent = agentOf(socket)
      if (!agent) return
      const takers = await callTakers(services, { clientId: agent.clientId, except: [agent.userId] })
      const [agents, groups] = await Promise.all([namesOf(db(), agent.clientId, takers), groupsOf(db(), agent.clientId)])
      socket.emit("transfer-targets", { callId, agents, groups })
    },

    /** `warm`: whoever takes it talks with the agent first (call-consult.ts). */
    transfer: async (socket: AppSocket, callId: string, target: TransferTarget, warm = false) => {
      const agent = agentOf(socket)
      if (!agent) return
      const name = await targetName(db(), agent.clientId, target)
      if (name === null) return
      const [rung, [me], setting] = await Promise.all([
        callTakers(services, { clientId: agent.clientId, only: target, except: [agent.userId] }),
        namesOf(db(), agent.clientId, [agent.userId]),
        callSettingOf(db(), agent.clientId),
      ])
      const fromName = me?.name ?? ""
      const ringSeconds = setting.ring_timeout_seconds
      const started = await services.database.transaction((tx) =>
        startTransfer(tx, agent, { callId, target, targetName: name, fromName, rung, ringSeconds, warm }),
      )
      if (!started) return
      if (started.wasActive) await broadcast({ kind: "hold", callId, held: true })
      const { call, transfer } = started
      if (rung.length === 0) {
        // Nobody of the target can take it now: it is back at once.
        const back = await services.database.transaction((tx) => returnTransfer(tx, callId, agent.clientId, transfer.id))
        if (back) returned(callId, back)
        return
      }
      emit(agentRooms(rung), "call-is-coming", {
        callId,
        callerName: call.name,
        callerNumber: call.number,
        ringSeconds,
        quickReplies: setting.quick_replies,
        ...(warm ? { consultBy: fromName } : { transferredBy: fromName }),
      })
    },

    /** An agent the transfer rang accepts it with their browser's offer; false when no transfer of this call rang them. */
    take: async (socket: AppSocket, callId: string, sdp: string): Promise<boolean> => {
      const agent = agentOf(socket)
      if (!agent) return false
      const taken = await services.database.transaction((tx) => takeTransfer(tx, agent, callId, socket.id))
      if (!taken) return false
      const { call, transfer } = taken
      const others = transfer.rung.filter((id) => id !== agent.userId)
      emit(agentRooms([...others, transfer.fromUser]), "remove-call", { callId, userId: agent.userId })
      await broadcast({ kind: "repoint", callId, channel: call.channel, socketId: socket.id, sdp })
      await broadcast({ kind: "hold", callId, held: false })
      return true
    },

    /** An agent the transfer rang declines it (their card's reject or countdown); false when none rang them. */
    decline: async (socket: AppSocket, callId: string): Promise<boolean> => {
      const agent = agentOf(socket)
      if (!agent) return false
      const declined = await services.database.transaction((tx) => declineTransfer(tx, agent, callId))
      if (declined === null) return false
      if (declined !== "pending") returned(callId, declined)
      return true
    },

    /** The transfer went back to its sender (its ring time ended: call-end-job.ts). */
    returned,
  }
}

export type TransferDesk = ReturnType<typeof transferDesk>
