/**
 * Hold and resume: the agent's socket events and their SQL. A call on hold is not the agent's active call: `live_calls.held_since` is set while it
 * is held, and the record's `hold_seconds` grows by each hold's length (`heldPart`, the one definition). Resuming
 * while another of the agent's calls is active holds that one in the same transaction, the agent's live rows locked
 * first, so two resumes at once are one after the other and there is no moment with two active calls. The process
 * carrying the media plays or stops the hold tone when the call bus tells it (`hold`), and gives the agent side to the
 * resuming tab (`repoint`). Resuming a call whose transfer still rings (or whose consult runs) takes it back: the
 * transfer is cancelled.
 */
import { sql } from "drizzle-orm"
import { CallStatus, type ToBrowser } from "../../../src/contract/voice-calls"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { AppSocket } from "../../realtime/socket"
import { LIVE, type LiveCall, type PendingTransfer, heldPart, liveOfRow } from "./call-store"
import { type Agent, type DeskTools, agentOf, agentRooms } from "./call-desk"
import { serveWaitingAfter } from "./call-waiting"

/** Statuses of a customer's call the agent answered and is still on. */
const ANSWERED = [CallStatus.accepted, CallStatus.connected]

/** The agent's answered customer calls, locked (the order every hold and resume takes, so they queue up). */
export const lockAnswered = async (tx: Db, agent: Agent): Promise<LiveCall[]> =>
  rowsOf(
    await tx.execute(sql`${LIVE} WHERE l.client_id = ${agent.clientId} AND r.accepted_by = ${agent.userId}
      AND r.call_type = 'incoming' AND r.end_time IS NULL AND r.status IN (${sql.join(
        ANSWERED.map((s) => sql`${s}`),
        sql`, `,
      )})
      ORDER BY l.call_id FOR UPDATE OF l`),
  ).map(liveOfRow)

export const setHeld = (tx: Db, callId: string) => tx.execute(sql`UPDATE live_calls SET held_since = now() WHERE call_id = ${callId}`)

/** Puts the agent's active call on hold; the call as it was before, or null when it is not theirs or not active. */
export const holdCall = async (tx: Db, agent: Agent, callId: string): Promise<LiveCall | null> => {
  const call = (await lockAnswered(tx, agent)).find((c) => c.callId === callId)
  if (!call || call.heldSince !== null) return null
  await setHeld(tx, callId)
  return call
}

export interface Resumed {
  readonly call: LiveCall
  /** The agent's call that was active and is held now (the switch). */
  readonly held: LiveCall | null
  /** The transfer of the call that still rang: cancelled. */
  readonly cancelled: PendingTransfer | null
}

/**
 * Resumes the agent's held call (now talking through `socketId`), holding their active call first. Null when the call
 * is not theirs or not on hold.
 */
export const resumeCall = async (tx: Db, agent: Agent, callId: string, socketId: string): Promise<Resumed | null> => {
  const answered = await lockAnswered(tx, agent)
  const call = answered.find((c) => c.callId === callId)
  if (!call || call.heldSince === null) return null
  const active = answered.find((c) => c.callId !== callId && c.heldSince === null) ?? null
  if (active) await setHeld(tx, active.callId)
  await tx.execute(sql`UPDATE call_records SET hold_seconds = hold_seconds + ${heldPart(call.heldSince)} WHERE call_id = ${callId}`)
  await tx.execute(sql`UPDATE live_calls SET held_since = NULL, agent_socket = ${socketId}, transfer = NULL WHERE call_id = ${callId}`)
  if (call.transfer) await tx.execute(sql`UPDATE call_transfers SET outcome = 'cancelled', ended_at = now() WHERE id = ${call.transfer.id}`)
  return { call, held: active, cancelled: call.transfer }
}

/** The agent's calls on hold (a new tab of theirs shows them held). */
export const heldCallsOf = async (db: Db, agent: Agent): Promise<LiveCall[]> =>
  rowsOf(
    await db.execute(sql`${LIVE} WHERE l.client_id = ${agent.clientId} AND r.accepted_by = ${agent.userId}
      AND l.held_since IS NOT NULL AND r.end_time IS NULL ORDER BY l.held_since`),
  ).map(liveOfRow)

const secondsSince = (at: Date | null) => (at === null ? 0 : Math.max(0, Math.round((Date.now() - at.getTime()) / 1000)))

/** `call-held` of a call: what the agent's card shows (its clocks go on from the server's figures). */
export const heldEvent = (call: LiveCall): ToBrowser["call-held"] => ({
  callId: call.callId,
  callerName: call.name,
  callerNumber: call.number,
  heldSeconds: secondsSince(call.heldSince),
  talkSeconds: secondsSince(call.startedAt),
})

/** The agent's hold, resume and reload of held calls (the hub's `hold`, `resume` and `showHeld`). */
export const holdDesk = ({ services, emit, broadcast }: DeskTools) => ({
  hold: async (socket: AppSocket, callId: string) => {
    const agent = agentOf(socket)
    if (!agent) return
    const call = await services.database.transaction((tx) => holdCall(tx, agent, callId))
    if (!call) return
    await broadcast({ kind: "hold", callId, held: true })
    socket.emit("call-held", heldEvent({ ...call, heldSince: new Date() }))
    // A held call is not one the agent talks on: their place may go to a waiting call.
    await serveWaitingAfter(services, agent.clientId)
  },
  resume: async (socket: AppSocket, callId: string, sdp?: string) => {
    const agent = agentOf(socket)
    if (!agent) return
    const resumed = await services.database.transaction((tx) => resumeCall(tx, agent, callId, socket.id))
    if (!resumed) return
    const { call, held, cancelled } = resumed
    if (held) {
      await broadcast({ kind: "hold", callId: held.callId, held: true })
      const event = heldEvent({ ...held, heldSince: new Date() })
      socket.emit("call-held", event)
      if (held.agentSocket && held.agentSocket !== socket.id) emit(held.agentSocket, "call-held", event)
    }
    if (cancelled) emit(agentRooms(cancelled.rung), "remove-call", { callId, userId: agent.userId })
    // A consult that ran ends: the agent talks with the customer again, not with the colleague.
    if (cancelled?.consulting) await broadcast({ kind: "consult-end", callId, handedOver: false })
    // This tab's offer (when it has no media for the call) becomes the call's agent leg where the media is carried.
    await broadcast({ kind: "repoint", callId, channel: call.channel, socketId: socket.id, sdp: sdp ?? null })
    await broadcast({ kind: "hold", callId, held: false })
    socket.emit("call-resumed", { callId })
  },
  showHeld: async (socket: AppSocket) => {
    const agent = agentOf(socket)
    if (!agent) return
    for (const call of await heldCallsOf(services.database.db, agent)) socket.emit("call-held", heldEvent(call))
  },
})
