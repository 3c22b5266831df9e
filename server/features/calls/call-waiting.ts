/**
 * Customers' calls waiting in the agents' queue. A call that comes while every agent who could take it is present and
 * online but busy (at their voice cap: call-takers.ts) rings nobody yet: it is recorded RINGING with `queued_at` set
 * and waits (the caller keeps hearing it ring), and its ring-time end job still ends it as MISSED with the tenant's
 * away message (call-end-job.ts) if nobody took it in time. A call with nobody present and online at all is answered
 * with the away message at once, as before (call-hub.ts `nobodyCanTake`).
 *
 * Served first in, first out: whenever a place may have freed (a call of the tenant ended or was accepted, an agent
 * went online, a voice socket connected), the oldest waiting call rings the agents who can take it now, with what is
 * left of its ring time. Only that call rings at a time (a later call waits behind it, a new one too), so no later
 * call is taken before an earlier one; once it is accepted or ends, the next is served. The head is chosen and its
 * `rung` written under its live row's lock, so two server processes never ring it twice.
 * Every socket of the tenant hears `call-queue-changed` when a call joins the queue, is rung from it, or leaves it
 * (taken or ended), after the change committed: the agents' queue page reads again at once.
 */
import { sql } from "drizzle-orm"
import { CallStatus, type ToBrowser } from "../../../src/contract/voice-calls"
import type { WaitingCall } from "../../../src/contract/groups/routing"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Services } from "../../http/context"
import { callSettingOf } from "../onboarding"
import { waitingCallsOf } from "../routing"
import { presenceChanged } from "../session"
import { agentRooms, logFailure } from "./call-desk"
import { type LiveCall, markEmitted } from "./call-store"
import { callTakers, takersOrBusy } from "./call-takers"
import { type Rang, firstInTurn, ringMore, takersToAsk } from "./call-widen"

/** The tenant's queued calls not yet taken (its live row exists only while the call does). */
const QUEUED = (clientId: number) =>
  sql`l.client_id = ${clientId} AND l.queued_at IS NOT NULL AND r.status = ${CallStatus.ringing} AND r.end_time IS NULL`

const anyWaiting = async (db: Db, clientId: number) =>
  rowsOf(await db.execute(sql`SELECT 1 FROM live_calls l JOIN call_records r ON r.call_id = l.call_id WHERE ${QUEUED(clientId)} LIMIT 1`))
    .length > 0

/**
 * Whom a new call of the tenant rings now (the first `atOnce` who can take it, in their ring turn: call-widen.ts), or
 * that it waits (ringing nobody yet): calls wait ahead of it, or nobody can take it now though someone present and
 * online with the permission is merely busy. `more`: others could take it too, for the next step.
 */
export const ringOrWait = async (
  services: Services,
  clientId: number,
  atOnce: number,
): Promise<{ rung: number[]; queued: boolean; more: boolean }> => {
  const { takers, busy } = await takersOrBusy(services, { clientId, first: takersToAsk(atOnce) })
  const queued = takers.length > 0 ? await anyWaiting(services.database.db, clientId) : busy
  const rung = queued ? [] : firstInTurn(takers, atOnce)
  return { rung, queued, more: rung.length < takers.length && !queued }
}

/** Tells the tenant's sockets that the waiting call `callId` joined, rang from or left the queue (see above). */
export const callQueueChanged = (services: Services, clientId: number, callId: string) =>
  services.realtime?.toClient(clientId, "call-queue-changed", { callId } satisfies ToBrowser["call-queue-changed"])

/** After `call` was taken (`taken`) or ended: when it still waited in the queue, the queue page hears it left. */
export const leftQueue = (services: Services, call: LiveCall, taken: boolean) => {
  if (call.queued && (taken || call.agentId === null)) callQueueChanged(services, call.clientId, call.callId)
}

/**
 * A call rung further (call-widen.ts `ringMore`), after its transaction committed: its card reaches the agents it
 * rings now, and the queue page hears of a waiting call rung.
 */
export const announceRang = async (services: Services, { call, fresh, card }: Rang) => {
  services.realtime?.io.to(agentRooms(fresh)).emit("call-is-coming", card)
  if (call.queued) callQueueChanged(services, call.clientId, call.callId)
  if (call.emittedAt === null) await markEmitted(services.database.db, call.callId, Date.now())
}

/** Rings the head waiting call of the tenant at the agents free for it now, if any (see above). */
export const serveWaiting = async (services: Services, clientId: number): Promise<void> => {
  const db = services.database.db
  if (!(await anyWaiting(db, clientId))) return
  const takers = await callTakers(services, { clientId })
  if (takers.length === 0) return
  const setting = await callSettingOf(db, clientId)
  const which = sql`${QUEUED(clientId)} ORDER BY l.queued_at, l.call_id`
  const rang = await services.database.transaction((tx) => ringMore(tx, { which, takers, setting }))
  if (rang) await announceRang(services, rang)
}

/** Per server and tenant: the serve running now, and whether another was asked for while it ran. */
const serving = new WeakMap<Services, Map<number, { again: boolean; done: Promise<void> }>>()

/**
 * After a change that may have freed a place: serve the waiting calls, never failing the change. One serve at a time
 * per tenant: asked while one runs, it runs once more after that one (which may have looked before this change), so
 * the 500 agents of a node that died, reconnecting together, cost two serves instead of 500. Answers when the serve
 * that follows this change has ended.
 */
export const serveWaitingAfter = (services: Services, clientId: number): Promise<void> => {
  const tenants = serving.get(services) ?? new Map<number, { again: boolean; done: Promise<void> }>()
  serving.set(services, tenants)
  const running = tenants.get(clientId)
  if (running) {
    running.again = true
    return running.done
  }
  const entry = { again: true, done: Promise.resolve() }
  entry.done = (async () => {
    try {
      while (entry.again) {
        entry.again = false
        await serveWaiting(services, clientId).catch(logFailure(`could not serve the waiting calls of tenant ${clientId}`))
      }
    } finally {
      tenants.delete(clientId)
    }
  })()
  tenants.set(clientId, entry)
  return entry.done
}

/** The waiting calls as the agents' queue lists them (routing/calls-port.ts). */
const waitingCalls = async (db: Db, clientId: number): Promise<WaitingCall[]> =>
  rowsOf(
    await db.execute(sql`SELECT r.call_id, r.name, r.number, l.queued_at, cardinality(l.rung) > 0 AS ringing,
        row_number() OVER (ORDER BY l.queued_at, l.call_id) AS position
      FROM live_calls l JOIN call_records r ON r.call_id = l.call_id WHERE ${QUEUED(clientId)} ORDER BY position`),
  ).map((r) => ({
    call_id: String(r.call_id),
    caller: String(r.name),
    number: String(r.number),
    position: Number(r.position),
    queued_at: (r.queued_at instanceof Date ? r.queued_at : new Date(String(r.queued_at))).toISOString(),
    ringing: r.ringing === true,
  }))

export const hooks = [
  waitingCallsOf.provide("calls", waitingCalls),
  presenceChanged.on("calls", 20, (p) => serveWaitingAfter(p.services, p.clientId)),
]
