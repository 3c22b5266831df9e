/**
 * Telling waiting customers where they stand: whenever the queue moves (a conversation joins it, or the hand-out
 * serves some: tenant-settings/auto-assign.ts calls `queueMoved`), a `routing.positions` job reads every standing of
 * the tenant once (queue.ts) and hands them to the features that tell the customer (`queuePositions`): the web chat
 * shows it live in the widget, tenant-settings writes to WhatsApp and SMS customers when it changed meaningfully.
 */
import { enqueue, type JobContext, type JobHandler } from "../../core/jobs"
import { hookPoint } from "../../core/hooks"
import type { Db } from "../../db/db"
import { queueStandings, type Standing } from "./queue"

export const POSITIONS_JOB = "routing.positions"

export interface QueueMoved {
  readonly ctx: JobContext
  readonly clientId: number
  readonly standings: readonly Standing[]
  /** Conversations that left the queue to an agent in the move. */
  readonly left: readonly number[]
}

/** After the queue moved, in the positions job's transaction: webchat 10 updates the widgets, tenant-settings 20 writes. */
export const queuePositions = hookPoint<QueueMoved>("routing.queuePositions")

/** In the writer's transaction: the tenant's queue moved (`left`: the conversations handed out). */
export const queueMoved = async (db: Db, clientId: number, left: readonly number[] = []) => {
  await enqueue(db, { kind: POSITIONS_JOB, clientId, payload: { left } })
}

export const jobHandlers: JobHandler[] = [
  {
    kind: POSITIONS_JOB,
    run: async (job, ctx) => {
      const clientId = job.clientId!
      const left = Array.isArray(job.payload.left) ? job.payload.left.map(Number) : []
      await queuePositions.run({ ctx, clientId, standings: await queueStandings(ctx.db, clientId), left })
    },
  },
]
