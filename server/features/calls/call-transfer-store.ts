/**
 * The SQL of blind transfer. A transfer is a held call's `live_calls.transfer` while it rings at its target (the
 * sender stays the call's agent until someone takes it), and a row of `call_transfers`, the call's record of who
 * transferred it to whom and how that ended. Each step locks the live row first, so a take, a decline, a resume and
 * the ring's end never both win: whoever finds the transfer still pending decides.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { enqueue } from "../../core/jobs"
import { type LiveCall, type PendingTransfer, LIVE, heldPart, liveOfRow } from "./call-store"
import type { Agent } from "./call-desk"
import { lockAnswered, setHeld } from "./call-hold"
import { RING_GRACE_MS } from "./call-timers"
import type { TransferTarget } from "./call-takers"

/** Takes a transfer back to its sender when its ring time is over and nobody took it (call-end-job.ts). */
export const TRANSFER_END_JOB = "calls.transfer-end"

/** The display name of a transfer's target in the agent's tenant, or null when it is not one of the tenant's. */
export const targetName = async (db: Db, clientId: number, target: TransferTarget): Promise<string | null> => {
  const [row] = rowsOf(
    await db.execute(
      target.kind === "agent"
        ? sql`SELECT display_name AS name FROM users WHERE id = ${target.id} AND client_id = ${clientId}`
        : sql`SELECT name FROM agent_groups WHERE id = ${target.id} AND client_id = ${clientId}`,
    ),
  )
  return row ? String(row.name) : null
}

export interface NewTransfer {
  readonly callId: string
  readonly target: TransferTarget
  readonly targetName: string
  readonly fromName: string
  readonly rung: readonly number[]
  readonly ringSeconds: number
  /** A warm transfer: whoever takes it talks with the sender first (call-consult.ts). */
  readonly warm: boolean
}

export interface Started {
  readonly call: LiveCall
  readonly transfer: PendingTransfer
  /** The call was active: it goes on hold now. */
  readonly wasActive: boolean
}

/** Starts the agent's transfer of their answered call (active or held, no transfer pending); null when it is not theirs. */
export const startTransfer = async (tx: Db, agent: Agent, t: NewTransfer): Promise<Started | null> => {
  const call = (await lockAnswered(tx, agent)).find((c) => c.callId === t.callId)
  if (!call || call.transfer) return null
  const wasActive = call.heldSince === null
  if (wasActive) await setHeld(tx, call.callId)
  const [row] = rowsOf(
    await tx.execute(sql`INSERT INTO call_transfers (call_id, client_id, from_user, to_user, to_group, target_name)
      VALUES (${call.callId}, ${agent.clientId}, ${agent.userId}, ${t.target.kind === "agent" ? t.target.id : null},
        ${t.target.kind === "group" ? t.target.id : null}, ${t.targetName}) RETURNING id`),
  )
  const transfer: PendingTransfer = {
    id: Number(row?.id),
    fromUser: agent.userId,
    fromName: t.fromName,
    target: t.target,
    targetName: t.targetName,
    rung: t.rung,
    declined: [],
    ...(t.warm ? { warm: true } : {}),
  }
  await tx.execute(sql`UPDATE live_calls SET transfer = ${JSON.stringify(transfer)}::jsonb WHERE call_id = ${call.callId}`)
  await enqueue(tx, {
    kind: TRANSFER_END_JOB,
    clientId: agent.clientId,
    payload: { callId: call.callId, transferId: transfer.id },
    runAt: new Date(Date.now() + t.ringSeconds * 1000 + RING_GRACE_MS),
    idempotencyKey: `calls.transfer-end:${transfer.id}`,
  })
  return { call, transfer, wasActive }
}

export const lockLive = async (tx: Db, callId: string, clientId: number): Promise<LiveCall | null> => {
  const [row] = rowsOf(await tx.execute(sql`${LIVE} WHERE l.call_id = ${callId} AND l.client_id = ${clientId} FOR UPDATE OF l`))
  return row ? liveOfRow(row) : null
}

export interface Taken {
  readonly call: LiveCall
  readonly transfer: PendingTransfer
}

/** An agent the transfer rang takes the call: it is theirs from now, active, through `socketId`. Null when it is not. */
export const takeTransfer = async (tx: Db, agent: Agent, callId: string, socketId: string): Promise<Taken | null> => {
  const call = await lockLive(tx, callId, agent.clientId)
  const transfer = call?.transfer
  if (!call || !transfer?.rung.includes(agent.userId) || transfer.warm) return null
  await tx.execute(sql`UPDATE call_records SET accepted_by = ${agent.userId}, hold_seconds = hold_seconds + ${heldPart(call.heldSince)}
    WHERE call_id = ${callId}`)
  await tx.execute(sql`UPDATE live_calls SET held_since = NULL, agent_socket = ${socketId}, transfer = NULL WHERE call_id = ${callId}`)
  await tx.execute(sql`UPDATE call_transfers SET outcome = 'taken', taken_by = ${agent.userId}, ended_at = now() WHERE id = ${transfer.id}`)
  return { call, transfer }
}

/**
 * An agent the transfer rang declines it: answers the transfer when that was the last one to decline, so it goes back,
 * `pending` while others may still take it, null when no transfer of this call rang them.
 */
export const declineTransfer = async (tx: Db, agent: Agent, callId: string): Promise<PendingTransfer | "pending" | null> => {
  const call = await lockLive(tx, callId, agent.clientId)
  const transfer = call?.transfer
  if (!call || !transfer?.rung.includes(agent.userId) || transfer.consulting) return null
  const declined = [...new Set([...transfer.declined, agent.userId])]
  if (transfer.rung.every((id) => declined.includes(id))) return endTransfer(tx, call.callId, transfer)
  await tx.execute(sql`UPDATE live_calls SET transfer = ${JSON.stringify({ ...transfer, declined })}::jsonb WHERE call_id = ${callId}`)
  return "pending"
}

/** The transfer `transferId` of the call goes back to its sender, if it still rings (no consult runs); null otherwise. */
export const returnTransfer = async (tx: Db, callId: string, clientId: number, transferId: number): Promise<PendingTransfer | null> => {
  const call = await lockLive(tx, callId, clientId)
  return call?.transfer?.id === transferId && !call.transfer.consulting ? endTransfer(tx, callId, call.transfer) : null
}

const endTransfer = async (tx: Db, callId: string, transfer: PendingTransfer) => {
  await tx.execute(sql`UPDATE live_calls SET transfer = NULL WHERE call_id = ${callId}`)
  await tx.execute(sql`UPDATE call_transfers SET outcome = 'not_taken', ended_at = now() WHERE id = ${transfer.id}`)
  return transfer
}

/** The tenant's agent groups, by name (the transfer menu's groups). */
export const groupsOf = async (db: Db, clientId: number) =>
  rowsOf(await db.execute(sql`SELECT id, name FROM agent_groups WHERE client_id = ${clientId} ORDER BY lower(name), id`)).map((r) => ({
    id: Number(r.id),
    name: String(r.name),
  }))

/** Display names of agents, in the order of `ids`. */
export const namesOf = async (db: Db, clientId: number, ids: readonly number[]) => {
  if (ids.length === 0) return []
  const rows = rowsOf(
    await db.execute(
      sql`SELECT id, display_name FROM users WHERE client_id = ${clientId} AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY lower(display_name), id`,
    ),
  )
  return rows.map((r) => ({ id: Number(r.id), name: String(r.display_name) }))
}
