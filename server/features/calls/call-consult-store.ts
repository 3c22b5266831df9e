/**
 * The SQL of a warm transfer's consult. A warm transfer rings like a blind one (call-transfer-store.ts); the colleague
 * who takes it is noted in the live row's transfer (`consulting`) while the two agents talk, the sender still the
 * call's agent and the call on hold. Handed over, the call is the colleague's (as a taken transfer); cancelled, it
 * stays on hold with the sender. Each step locks the live row first, as the transfer's steps do.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import type { Agent } from "./call-desk"
import { type LiveCall, type PendingTransfer, heldPart } from "./call-store"
import { lockLive } from "./call-transfer-store"

export type Consultant = NonNullable<PendingTransfer["consulting"]>

export interface Consult {
  readonly call: LiveCall
  readonly transfer: PendingTransfer
  readonly consulting: Consultant
}

const saveTransfer = (tx: Db, callId: string, transfer: PendingTransfer | null) =>
  tx.execute(sql`UPDATE live_calls SET transfer = ${transfer === null ? null : JSON.stringify(transfer)}::jsonb WHERE call_id = ${callId}`)

/** An agent a warm transfer rang takes it: they talk with its sender through `socketId`. Null when none rang them. */
export const beginConsult = async (tx: Db, agent: Agent, callId: string, socketId: string, name: string): Promise<Consult | null> => {
  const call = await lockLive(tx, callId, agent.clientId)
  const pending = call?.transfer
  if (!call || !pending?.warm || pending.consulting || !pending.rung.includes(agent.userId)) return null
  const consulting = { userId: agent.userId, socketId, name }
  const transfer = { ...pending, consulting }
  await saveTransfer(tx, callId, transfer)
  return { call, transfer, consulting }
}

/** The sender hands the call over: it is the colleague's from now, active, through their consult's socket. */
export const completeConsult = async (tx: Db, agent: Agent, callId: string): Promise<Consult | null> => {
  const call = await lockLive(tx, callId, agent.clientId)
  const transfer = call?.transfer
  const consulting = transfer?.consulting
  if (!call || !transfer || !consulting || transfer.fromUser !== agent.userId) return null
  await tx.execute(sql`UPDATE call_records SET accepted_by = ${consulting.userId}, hold_seconds = hold_seconds + ${heldPart(call.heldSince)}
    WHERE call_id = ${callId}`)
  await tx.execute(
    sql`UPDATE live_calls SET held_since = NULL, agent_socket = ${consulting.socketId}, transfer = NULL WHERE call_id = ${callId}`,
  )
  await tx.execute(
    sql`UPDATE call_transfers SET outcome = 'taken', taken_by = ${consulting.userId}, ended_at = now() WHERE id = ${transfer.id}`,
  )
  return { call, transfer, consulting }
}

/** The sender or the colleague ends the consult: the call stays on hold with the sender. */
export const cancelConsult = async (tx: Db, agent: Agent, callId: string): Promise<Consult | null> => {
  const call = await lockLive(tx, callId, agent.clientId)
  const transfer = call?.transfer
  const consulting = transfer?.consulting
  if (!call || !transfer || !consulting || (transfer.fromUser !== agent.userId && consulting.userId !== agent.userId)) return null
  await saveTransfer(tx, callId, null)
  await tx.execute(sql`UPDATE call_transfers SET outcome = 'cancelled', ended_at = now() WHERE id = ${transfer.id}`)
  return { call, transfer, consulting }
}
