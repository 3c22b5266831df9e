/**
 * A call rings a few agents at a time when the tenant asks for it (its call setting `ring_at_once`, 0 = everyone at
 * once): the first that many of the agents who can take it, in their ring turn (call-takers.ts: rung longest ago
 * first), and as many more
 * - after each RING_STEP_SECONDS it goes unanswered (a `calls.ring-wider` job, on THE job queue, so it survives the
 *   process that set it), or
 * - once every agent it rang declined it (call-hub.ts), before it is rejected.
 * The same step serves a waiting call from the queue (call-waiting.ts). Who it rang is written under its live row's
 * lock, so two processes never ring the same agent twice; the rung agents' turns are stamped in that transaction.
 */
import { type SQL, sql } from "drizzle-orm"
import { CallStatus, RING_STEP_SECONDS, type ToBrowser } from "../../../src/contract/voice-calls"
import type { CallSetting } from "../../../src/contract/schemas/tenants"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { enqueue } from "../../core/jobs"
import { LIVE, type LiveCall, intArray, intsOf, liveOfRow } from "./call-store"

export const WIDEN_JOB = "calls.ring-wider"

/** The first of `takers` (in their ring turn) a call rings at once: `atOnce` of them, or all when it is 0. */
export const firstInTurn = (takers: readonly number[], atOnce: number): number[] => (atOnce > 0 ? takers.slice(0, atOnce) : [...takers])

/** How many takers a step asks for: one more than it rings, which tells whether others are left for the step after. */
export const takersToAsk = (atOnce: number): number | undefined => (atOnce > 0 ? atOnce + 1 : undefined)

/** Whether every agent a ringing call rang declined it (then it rings further, or is rejected). */
export const allDeclined = (rung: readonly number[], declined: readonly number[]) =>
  rung.length > 0 && rung.every((id) => declined.includes(id))

/** What a ringing step did: the agents it rang now, how many the call has rung in all, and whether more could take it. */
export interface Step {
  readonly fresh: readonly number[]
  readonly width: number
  readonly more: boolean
}

/**
 * After a call of a tenant that rings a few at a time rang `fresh`, in the ringing transaction: their turns are
 * stamped, and when more could take it than it rang, its next step is scheduled.
 *
 * A turn another open transaction is stamping is skipped, not waited for: that call rang the agent at this moment too,
 * so its stamp says the same. Waiting held every ringing transaction behind the one before it (the calls read the
 * same turn order): 68 ms a stamp at 20 calls a second in `bench:cluster --statements`. Only an agent's first turn,
 * the row's insert, may wait for another first turn of theirs.
 */
export const tookTurns = async (tx: Db, call: { callId: string; clientId: number }, { fresh, width, more }: Step) => {
  if (fresh.length === 0) return
  await tx.execute(sql`WITH free AS (
      SELECT user_id FROM agent_ring_turns WHERE user_id = ANY(${intArray(fresh)}) ORDER BY user_id FOR UPDATE SKIP LOCKED),
    stamped AS (UPDATE agent_ring_turns t SET rung_at = now() FROM free WHERE t.user_id = free.user_id)
    INSERT INTO agent_ring_turns (user_id, rung_at)
      SELECT id, now() FROM unnest(${intArray(fresh)}) id WHERE NOT EXISTS (SELECT 1 FROM agent_ring_turns t WHERE t.user_id = id)
      ORDER BY id
    ON CONFLICT (user_id) DO NOTHING`)
  if (more)
    await enqueue(tx, {
      kind: WIDEN_JOB,
      clientId: call.clientId,
      payload: { callId: call.callId },
      runAt: new Date(Date.now() + RING_STEP_SECONDS * 1000),
      // One step per ring's width: a step that rang nobody new schedules none.
      idempotencyKey: `${WIDEN_JOB}:${call.callId}:${width}`,
    })
}

/** The tenant's incoming call `callId` while it still rings (not taken, not ended), for ringMore. */
export const ringingCall = (clientId: number, callId: string): SQL =>
  sql`l.call_id = ${callId} AND l.client_id = ${clientId} AND r.call_type = 'incoming' AND r.status = ${CallStatus.ringing}
    AND r.end_time IS NULL`

/**
 * While the tenant's incoming call `callId` still rings, the agents it rang or who declined it (null when it no longer
 * rings: most calls are answered or ended before their next step).
 */
export const ringingPast = async (db: Db, clientId: number, callId: string): Promise<number[] | null> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT l.rung || l.declined AS past FROM live_calls l JOIN call_records r ON r.call_id = l.call_id
      WHERE ${ringingCall(clientId, callId)}`),
  )
  return row ? intsOf(row.past) : null
}

/** A call ringMore rang further: the agents it now rings as well, and their card. */
export interface Rang {
  readonly call: LiveCall
  readonly fresh: readonly number[]
  readonly card: ToBrowser["call-is-coming"]
}

export interface RingMore {
  /** The live row to ring further, with its order when it picks among several: locked by ringMore. */
  readonly which: SQL
  /** Who can take it now, in their ring turn (call-takers.ts). */
  readonly takers: readonly number[]
  readonly setting: CallSetting
}

const locked = async (tx: Db, which: SQL): Promise<LiveCall | null> => {
  const [row] = rowsOf(await tx.execute(sql`${LIVE} WHERE ${which} LIMIT 1 FOR UPDATE OF l`))
  return row ? liveOfRow(row) : null
}

/** Rings the locked `call` at the next of `takers` it has not rung and who did not decline it (at most `ring_at_once`). */
const ringFresh = async (tx: Db, call: LiveCall, takers: readonly number[], setting: CallSetting): Promise<Rang | null> => {
  const left = takers.filter((id) => !call.rung.includes(id) && !call.declined.includes(id))
  const fresh = firstInTurn(left, setting.ring_at_once)
  if (fresh.length === 0) return null
  const rung = [...call.rung, ...fresh]
  await tx.execute(sql`UPDATE live_calls SET rung = ${intArray(rung)} WHERE call_id = ${call.callId}`)
  if (setting.ring_at_once > 0) await tookTurns(tx, call, { fresh, width: rung.length, more: left.length > fresh.length })
  const leftMs = call.ringEndsAt ? call.ringEndsAt.getTime() - Date.now() : setting.ring_timeout_seconds * 1000
  const card = {
    callId: call.callId,
    callerName: call.name,
    callerNumber: call.number,
    ringSeconds: Math.max(1, Math.ceil(leftMs / 1000)),
    quickReplies: setting.quick_replies,
  }
  return { call, fresh, card }
}

/**
 * Rings the call `which` further, in the caller's transaction; null when it rings nobody new (no such call, or nobody
 * left who can take it).
 */
export const ringMore = async (tx: Db, { which, takers, setting }: RingMore): Promise<Rang | null> => {
  const call = takers.length > 0 ? await locked(tx, which) : null
  return call ? ringFresh(tx, call, takers, setting) : null
}

/**
 * After a decline left every agent a call rang declining it: rings it further, in the caller's transaction. `reject`:
 * nobody is left to ring, so it ends as rejected; neither when it no longer rings, or rings someone who has not
 * answered yet (another decline rang it further meanwhile).
 */
export const ringAfterDeclines = async (tx: Db, more: RingMore): Promise<{ rang: Rang | null; reject: boolean }> => {
  const call = await locked(tx, more.which)
  if (!call || !allDeclined(call.rung, call.declined)) return { rang: null, reject: false }
  const rang = await ringFresh(tx, call, more.takers, more.setting)
  return { rang, reject: rang === null }
}
