/**
 * The SQL of live voice calls, shared by every server process: a call's record (`call_records`: status, who accepted,
 * start and end) plus its live row (`live_calls`: which process carries its media, the agent's socket, who declined,
 * Meta's offer) while it rings or runs. Every decision two processes could race on is one statement or one locked row:
 * the first accept wins by `UPDATE … WHERE status = 'RINGING'`, and a call ends once (its live row locked, then deleted).
 */
import { sql } from "drizzle-orm"
import { CallStatus } from "../../../src/contract/voice-calls"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { publish } from "../../core/events"
import { customerCalled } from "../chat"

export type CallChannelName = "simulator" | "meta"

export interface LiveCall {
  readonly callId: string
  readonly clientId: number
  readonly name: string
  readonly number: string
  readonly type: "incoming" | "outgoing"
  readonly channel: CallChannelName
  readonly status: string
  readonly agentId: number | null
  readonly agentSocket: string | null
  /** The process carrying the media (it accepted or dialled the call); null while an incoming call rings. */
  readonly ownerNode: string | null
  readonly startedAt: Date | null
  readonly declined: readonly number[]
  readonly ringEndsAt: Date | null
  readonly metaOffer: string | null
  readonly metaNumberId: string | null
  /** Date.now() when call-is-coming left the server; the benchmark measures card latency from here. */
  readonly emittedAt: number | null
  /** When the agent put it on hold; null while it rings or is active (call-hold.ts). */
  readonly heldSince: Date | null
  /** The agents it was offered to while ringing (call-takers.ts chose them). */
  readonly rung: readonly number[]
  /** It waited in the agents' queue, every agent busy when it came (call-waiting.ts). */
  readonly queued: boolean
  /** The transfer it waits on, while one rings or its consult runs (call-transfer.ts, call-consult.ts). */
  readonly transfer: PendingTransfer | null
}

/** A held call's transfer while it rings at its target, or while its consult runs (`live_calls.transfer`). */
export interface PendingTransfer {
  /** Its row in call_transfers. */
  readonly id: number
  readonly fromUser: number
  readonly fromName: string
  readonly target: { readonly kind: "agent" | "group"; readonly id: number }
  readonly targetName: string
  readonly rung: readonly number[]
  readonly declined: readonly number[]
  /** A warm transfer: whoever takes it talks with the sender first (call-consult.ts). */
  readonly warm?: boolean
  /** The colleague who took a warm transfer and talks with the sender now, through `socketId`. */
  readonly consulting?: { readonly userId: number; readonly socketId: string; readonly name: string } | null
}

/** A call that just ended: what the process that ended it announces and releases. */
export interface EndedCall {
  readonly call: LiveCall
  readonly status: string
  readonly duration: number
}

/** An integer[] parameter (PGlite and node-postgres alike). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::integer[]`

const dateOf = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)))

/** An integer array column as the driver gives it: an array, or PostgreSQL's text form `{1,2}`. */
export const intsOf = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : typeof value === "string"
      ? value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number)
      : []

export const liveOfRow = (r: Record<string, unknown>): LiveCall => ({
  callId: String(r.call_id),
  clientId: Number(r.client_id),
  name: String(r.name),
  number: String(r.number),
  type: r.call_type === "outgoing" ? "outgoing" : "incoming",
  channel: r.channel === "meta" ? "meta" : "simulator",
  status: String(r.status),
  agentId: r.accepted_by === null ? null : Number(r.accepted_by),
  agentSocket: r.agent_socket === null ? null : String(r.agent_socket),
  ownerNode: r.owner_node === null ? null : String(r.owner_node),
  startedAt: dateOf(r.start_time),
  declined: intsOf(r.declined),
  ringEndsAt: dateOf(r.ring_ends_at),
  metaOffer: r.meta_offer === null ? null : String(r.meta_offer),
  metaNumberId: r.meta_number_id === null ? null : String(r.meta_number_id),
  emittedAt: r.emitted_at === null ? null : Number(r.emitted_at),
  heldSince: dateOf(r.held_since),
  rung: intsOf(r.rung),
  queued: r.queued === true,
  transfer: transferOf(r.transfer),
})

const transferOf = (value: unknown): PendingTransfer | null => {
  if (value === null || value === undefined) return null
  return (typeof value === "string" ? JSON.parse(value) : value) as PendingTransfer
}

export const LIVE = sql`SELECT r.call_id, r.client_id, r.name, r.number, r.call_type, r.status, r.accepted_by, r.start_time,
  l.channel, l.owner_node, l.agent_socket, l.declined, l.ring_ends_at, l.meta_offer, l.meta_number_id, l.emitted_at,
  l.held_since, l.rung, l.queued_at IS NOT NULL AS queued, l.transfer FROM live_calls l JOIN call_records r ON r.call_id = l.call_id`

export const liveOf = async (db: Db, callId: string): Promise<LiveCall | null> => {
  const [row] = rowsOf(await db.execute(sql`${LIVE} WHERE l.call_id = ${callId}`))
  return row ? liveOfRow(row) : null
}

export interface NewIncoming {
  readonly callId: string
  readonly clientId: number
  readonly name: string
  readonly number: string
  readonly channel: CallChannelName
  readonly ringEndsAt: Date
  readonly metaOffer?: string
  readonly metaNumberId?: string
  /** The agents it rings (call-takers.ts). */
  readonly rung: readonly number[]
  /** It waits in the agents' queue for a free agent (call-waiting.ts), from now. */
  readonly queued?: boolean
}

/** Records a new incoming call as ringing (in the caller's transaction); false when this call id was already recorded. */
export const insertRinging = async (tx: Db, call: NewIncoming): Promise<boolean> => {
  const inserted = rowsOf(
    await tx.execute(sql`INSERT INTO call_records (call_id, client_id, name, number, call_type, status)
      VALUES (${call.callId}, ${call.clientId}, ${call.name}, ${call.number}, 'incoming', ${CallStatus.ringing})
      ON CONFLICT (call_id) DO NOTHING RETURNING id`),
  )
  if (inserted.length === 0) return false
  await tx.execute(sql`INSERT INTO live_calls (call_id, client_id, channel, ring_ends_at, meta_offer, meta_number_id, rung, queued_at)
    VALUES (${call.callId}, ${call.clientId}, ${call.channel}, ${call.ringEndsAt.toISOString()}::timestamptz, ${call.metaOffer ?? null},
      ${call.metaNumberId ?? null}, ${intArray(call.rung)}, ${call.queued ? sql`now()` : sql`NULL`})`)
  await customerCalled(tx, call.clientId, call.number, call.name)
  return true
}

/**
 * Records a call refused because the tenant turned calls off: in Call History, never live. A customer's call (no
 * agent) or an agent's dial (`agentId`).
 */
export const insertRefused = async (
  tx: Db,
  call: Omit<NewIncoming, "ringEndsAt" | "channel" | "rung">,
  status: string,
  agentId: number | null = null,
) => {
  const inserted = rowsOf(
    await tx.execute(sql`INSERT INTO call_records (call_id, client_id, name, number, call_type, status, accepted_by, end_time)
      VALUES (${call.callId}, ${call.clientId}, ${call.name}, ${call.number}, ${agentId === null ? "incoming" : "outgoing"}, ${status},
        ${agentId}, now())
      ON CONFLICT (call_id) DO NOTHING RETURNING id`),
  )
  if (inserted.length > 0 && agentId === null) await customerCalled(tx, call.clientId, call.number, call.name)
  return inserted.length > 0
}

export const insertOutgoing = async (
  tx: Db,
  call: { callId: string; clientId: number; number: string; agentId: number; agentSocket: string; node: string; channel: CallChannelName },
) => {
  await tx.execute(sql`INSERT INTO call_records (call_id, client_id, name, number, call_type, status, accepted_by)
    VALUES (${call.callId}, ${call.clientId}, 'Unknown', ${call.number}, 'outgoing', ${CallStatus.calling}, ${call.agentId})`)
  await tx.execute(sql`INSERT INTO live_calls (call_id, client_id, channel, owner_node, agent_socket)
    VALUES (${call.callId}, ${call.clientId}, ${call.channel}, ${call.node}, ${call.agentSocket})`)
}

export const markEmitted = (db: Db, callId: string, at: number) =>
  db.execute(sql`UPDATE live_calls SET emitted_at = ${at} WHERE call_id = ${callId}`)

/**
 * The first accept wins, whichever process it reaches: one conditional UPDATE of the record decides, and the winner's
 * process becomes the call's owner. Null when the call is not this tenant's ringing incoming call any more.
 */
export const claimAccept = async (
  tx: Db,
  claim: { callId: string; clientId: number; userId: number; socketId: string; node: string },
): Promise<LiveCall | null> => {
  const won = rowsOf(
    await tx.execute(sql`UPDATE call_records SET status = ${CallStatus.accepted}, accepted_by = ${claim.userId}, start_time = now()
      WHERE call_id = ${claim.callId} AND client_id = ${claim.clientId} AND call_type = 'incoming' AND status = ${CallStatus.ringing}
        AND end_time IS NULL AND EXISTS (SELECT 1 FROM live_calls l WHERE l.call_id = ${claim.callId})
      RETURNING id`),
  )
  if (won.length === 0) return null
  await tx.execute(sql`UPDATE live_calls SET owner_node = ${claim.node}, agent_socket = ${claim.socketId} WHERE call_id = ${claim.callId}`)
  return liveOf(tx, claim.callId)
}

/** A status reported by the channel of a call still running (a late one never overwrites the final status). */
export const saveStatus = (db: Db, callId: string, status: string) =>
  db.execute(sql`UPDATE call_records SET status = ${status},
    start_time = CASE WHEN ${status} = ${CallStatus.accepted} THEN coalesce(start_time, now()) ELSE start_time END
    WHERE call_id = ${callId} AND end_time IS NULL`)

/** An agent declines a ringing call: answers who has declined it so far, or null when it is not ringing for this tenant. */
export const decline = async (db: Db, callId: string, clientId: number, userId: number): Promise<number[] | null> => {
  const [row] = rowsOf(
    await db.execute(sql`UPDATE live_calls l SET declined = CASE WHEN ${userId} = ANY(l.declined) THEN l.declined
        ELSE array_append(l.declined, ${userId}::integer) END
      FROM call_records r WHERE l.call_id = ${callId} AND l.client_id = ${clientId} AND r.call_id = l.call_id
        AND r.status = ${CallStatus.ringing}
      RETURNING l.declined`),
  )
  return row ? intsOf(row.declined) : null
}

export type EndCondition = "any" | "ringing" | "orphaned"

/**
 * Ends a live call once (its live row locked, the record made final, the live row deleted, `call.ended` published) in
 * the caller's transaction. `ringing`: only if still ringing (the ring timeout); `orphaned`: only if its owner's lease
 * ran out. Null when the call already ended or the condition does not hold.
 */
export const finish = async (tx: Db, callId: string, status?: string, condition: EndCondition = "any"): Promise<EndedCall | null> => {
  const [row] = rowsOf(await tx.execute(sql`${LIVE} WHERE l.call_id = ${callId} FOR UPDATE OF l`))
  if (!row) return null
  const call = liveOfRow(row)
  if (condition === "ringing" && (call.status !== CallStatus.ringing || call.type !== "incoming")) return null
  if (condition === "orphaned") {
    const [alive] = rowsOf(await tx.execute(sql`SELECT 1 FROM call_nodes WHERE node_id = ${call.ownerNode ?? ""} AND lease_until >= now()`))
    if (call.ownerNode === null || alive) return null
  }
  const answered = call.startedAt !== null
  const final = status ?? (answered ? CallStatus.completed : call.type === "incoming" ? CallStatus.missed : CallStatus.failed)
  const [ended] = rowsOf(
    await tx.execute(sql`UPDATE call_records SET status = ${final}, end_time = now(),
        duration = CASE WHEN start_time IS NULL THEN 0 ELSE greatest(0, round(extract(epoch FROM now() - start_time)))::integer END,
        hold_seconds = hold_seconds + ${heldPart(call.heldSince)}
      WHERE call_id = ${callId} RETURNING duration`),
  )
  await tx.execute(sql`DELETE FROM live_calls WHERE call_id = ${callId}`)
  if (call.transfer) await tx.execute(sql`UPDATE call_transfers SET outcome = 'cancelled', ended_at = now() WHERE id = ${call.transfer.id}`)
  const duration = Number(ended?.duration ?? 0)
  await publish(tx, call.clientId, "call.ended", { call_id: callId, type: call.type, status: final, duration, agent_id: call.agentId })
  return { call, status: final, duration }
}

/**
 * The hold time's one definition: the seconds from a hold's start to now, rounded, added to `call_records.hold_seconds`
 * when that hold ends (resumed, or the call ended while held). Zero for a call not on hold.
 */
export const heldPart = (heldSince: Date | null) =>
  heldSince === null ? sql`0` : sql`greatest(0, round(extract(epoch FROM now() - ${heldSince.toISOString()}::timestamptz)))::integer`

/** This process is alive for `leaseMs` more (PostgreSQL's clock decides, so processes on other machines agree). */
export const renewLease = (db: Db, node: string, leaseMs: number) =>
  db.execute(sql`INSERT INTO call_nodes (node_id, lease_until) VALUES (${node}, now() + ${leaseMs} * interval '1 millisecond')
    ON CONFLICT (node_id) DO UPDATE SET lease_until = EXCLUDED.lease_until`)

export const dropLease = (db: Db, node: string) => db.execute(sql`DELETE FROM call_nodes WHERE node_id = ${node}`)

/** Live calls whose owning process's lease ran out (it died with them): any process ends them. */
export const orphanedCalls = async (db: Db): Promise<{ callId: string; clientId: number }[]> =>
  rowsOf(
    await db.execute(sql`SELECT l.call_id, l.client_id FROM live_calls l LEFT JOIN call_nodes n ON n.node_id = l.owner_node
      WHERE l.owner_node IS NOT NULL AND (n.node_id IS NULL OR n.lease_until < now()) LIMIT 500`),
  ).map((r) => ({ callId: String(r.call_id), clientId: Number(r.client_id) }))

/**
 * Outgoing calls and active answered calls of one agent socket (it disconnected: they end). A call on hold stays: its
 * customer hears the hold tone from the server, and the agent's next tab finds it held (call-hold.ts).
 */
export const callsOfSocket = async (db: Db, socketId: string): Promise<string[]> =>
  rowsOf(await db.execute(sql`SELECT call_id FROM live_calls WHERE agent_socket = ${socketId} AND held_since IS NULL`)).map((r) =>
    String(r.call_id),
  )
