/**
 * The sweeper of chat events (chat-bus.ts), on the one job runner (server/core/jobs.ts): each tick prunes relayed rows
 * older than KEEP_MS and, when a row committed more than STALE_MS ago is still not relayed (its writer died between
 * the commit and its relay), enqueues one `chat.relay` job keyed by the oldest such row. The job relays up to BATCH of
 * them (locked with SKIP LOCKED, so two nodes do not both take a row) and marks them relayed with its own commit; a
 * throw retries it. A repeat reaches the console with the same seq, which it drops.
 */
import { sql } from "drizzle-orm"
import type { ChatToBrowserEvent } from "../../../src/contract/chat-events"
import { enqueue, type JobHandler, type Schedule } from "../../core/jobs"
import { jsonOf, rowsOf } from "../../db/rows"
import { relayChatEvents } from "./chat-bus"

export const RELAY_JOB = "chat.relay"
/** A row older than this and not relayed: its writer died. */
export const STALE_MS = 2_000
/** Relayed rows are kept this long (a look back when something went wrong), then pruned. */
const KEEP_MS = 3_600_000
const BATCH = 500
const PRUNE = 5_000

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString()

export const schedules: readonly Schedule[] = [
  {
    name: "chat.relay",
    tick: async (db, now) => {
      await db.execute(sql`DELETE FROM chat_events WHERE id IN (SELECT id FROM chat_events
        WHERE relayed_at < ${before(now, KEEP_MS)}::timestamptz ORDER BY relayed_at LIMIT ${PRUNE})`)
      const [stale] = rowsOf(
        await db.execute(sql`SELECT id, created_at < ${before(now, STALE_MS)}::timestamptz AS stale FROM chat_events
          WHERE relayed_at IS NULL ORDER BY id LIMIT 1`),
      )
      if (!stale?.stale) return 0
      const id = await enqueue(db, { kind: RELAY_JOB, clientId: null, idempotencyKey: `chat.relay:${stale.id}`, maxAttempts: 10 })
      return id === null ? 0 : 1
    },
  },
]

export const jobHandlers: readonly JobHandler[] = [
  {
    kind: RELAY_JOB,
    run: async (_job, { db, services, clock }) => {
      const rows = rowsOf(
        await db.execute(sql`SELECT id, client_id, event, payload FROM chat_events
          WHERE relayed_at IS NULL AND created_at < ${before(clock.now(), STALE_MS)}::timestamptz
          ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`),
      )
      await relayChatEvents(
        services,
        db,
        rows.map((r) => ({
          id: Number(r.id),
          clientId: Number(r.client_id),
          event: String(r.event) as ChatToBrowserEvent,
          payload: jsonOf<Record<string, unknown>>(r.payload),
        })),
      )
    },
  },
]
