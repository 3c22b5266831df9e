/**
 * The SQL of hold and resume. A call on hold is not the agent's active call: `live_calls.held_since` is set while it
 * is held, and the record's `hold_seconds` grows by each hold's length (`heldPart`, the one definition). Resuming
 * while another of the agent's calls is active holds that one in the same transaction, the agent's live rows locked
 * first, so two resumes at once are one after the other and there is no moment with two active calls.
 */
import { sql } from "drizzle-orm"
import { CallStatus } from "../../../src/contract/voice-calls"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { LIVE, type LiveCall, heldPart, liveOfRow } from "./call-store"

export interface Agent {
  readonly clientId: number
  readonly userId: number
}

/** Statuses of a customer's call the agent answered and is still on. */
const ANSWERED = [CallStatus.accepted, CallStatus.connected]

/** The agent's answered customer calls, locked (the order every hold and resume takes, so they queue up). */
const lockAnswered = async (tx: Db, agent: Agent): Promise<LiveCall[]> =>
  rowsOf(
    await tx.execute(sql`${LIVE} WHERE l.client_id = ${agent.clientId} AND r.accepted_by = ${agent.userId}
      AND r.call_type = 'incoming' AND r.end_time IS NULL AND r.status IN (${sql.join(
        ANSWERED.map((s) => sql`${s}`),
        sql`, `,
      )})
      ORDER BY l.call_id FOR UPDATE OF l`),
  ).map(liveOfRow)

const setHeld = (tx: Db, callId: string) => tx.execute(sql`UPDATE live_calls SET held_since = now() WHERE call_id = ${callId}`)

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
  await tx.execute(sql`UPDATE live_calls SET held_since = NULL, agent_socket = ${socketId} WHERE call_id = ${callId}`)
  return { call, held: active }
}

/** The agent's calls on hold (a new tab of theirs shows them held). */
export const heldCallsOf = async (db: Db, agent: Agent): Promise<LiveCall[]> =>
  rowsOf(
    await db.execute(sql`${LIVE} WHERE l.client_id = ${agent.clientId} AND r.accepted_by = ${agent.userId}
      AND l.held_since IS NOT NULL AND r.end_time IS NULL ORDER BY l.held_since`),
  ).map(liveOfRow)
