/**
 * The voice calls' timers, on THE job queue (core/jobs.ts) so they survive the process that set them:
 * - a ringing call nobody answers ends as MISSED a little after the browsers' countdown (a `calls.end` job with run_at =
 *   the ring's end; a no-op when the call was accepted, declined or hung up before);
 * - a process renews its lease every few seconds; a live call whose owning process's lease ran out (it died carrying
 *   the media) is ended by whichever process ticks the schedule first.
 * The job itself is in call-end-job.ts.
 */
import type { Db } from "../../db/db"
import { enqueue, type Schedule } from "../../core/jobs"
import { type EndCondition, orphanedCalls } from "./call-store"

/** Ends a live call if it is still in the state it was scheduled for (call-end-job.ts). */
export const END_JOB = "calls.end"

/** The browsers count the ring down themselves; the server's MISSED lands this much after, so a last-second accept wins. */
export const RING_GRACE_MS = 5_000

/** How long a process's lease lasts and how often it renews it. */
export const LEASE_MS = 15_000
export const RENEW_MS = 5_000

/** The ring timeout of a new call, in the caller's transaction (so it exists iff the call does). */
export const scheduleRingEnd = (tx: Db, call: { callId: string; clientId: number; ringEndsAt: Date }) =>
  enqueue(tx, {
    kind: END_JOB,
    clientId: call.clientId,
    payload: { callId: call.callId, condition: "ringing" satisfies EndCondition },
    runAt: new Date(call.ringEndsAt.getTime() + RING_GRACE_MS),
    idempotencyKey: `calls.ring-end:${call.callId}`,
  })

export const schedules: readonly Schedule[] = [
  {
    name: "calls.orphans",
    tick: async (db) => {
      let enqueued = 0
      for (const call of await orphanedCalls(db)) {
        const id = await enqueue(db, {
          kind: END_JOB,
          clientId: call.clientId,
          payload: { callId: call.callId, condition: "orphaned" satisfies EndCondition },
          idempotencyKey: `calls.orphan:${call.callId}`,
        })
        if (id !== null) enqueued++
      }
      return enqueued
    },
  },
]
