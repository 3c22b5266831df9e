/**
 * THE durable job queue: one `jobs` table (migration 0007) on PGlite and PostgreSQL alike.
 *
 * - enqueue(db, job): inside the caller's transaction (a handler's `ctx.db`), so the job exists iff the write commits
 *   (a transactional outbox). An `idempotencyKey` makes a second enqueue of the same thing a no-op. A job due now wakes
 *   this process's workers once that transaction commits, so it runs at once instead of at the next poll.
 * - Workers claim due jobs with `FOR UPDATE SKIP LOCKED` in a short transaction and hold a lease (locked_by,
 *   locked_until); a crashed process's jobs are claimed again once the lease expires, and several processes share work.
 * - A job's writes and its "done" mark commit together (handlers marked `sharesCommit` share one commit with the jobs
 *   finishing at the same time: group-commit.ts). A throw rolls back that job's writes only and retries it with
 *   exponential backoff until max_attempts, then the job is failed with its last error.
 * - Schedules (reminders now, campaigns later) are ticked before each claim: each turns what is due into jobs with
 *   idempotency keys like `reminder:<id>:<due-minute>`, so a restart during the due minute neither skips nor doubles.
 */
import { randomUUID } from "node:crypto"
import { sql } from "drizzle-orm"
import { type Database, type Db, databaseOf, onCommitOf } from "../db/db"
import { rowsOf } from "../db/rows"
import type { Services } from "../http/context"

export interface Clock {
  readonly now: () => Date
}
export const systemClock: Clock = { now: () => new Date() }

export interface NewJob {
  readonly kind: string
  readonly clientId: number | null
  readonly payload?: Record<string, unknown>
  readonly runAt?: Date
  readonly idempotencyKey?: string
  readonly maxAttempts?: number
}

export interface Job {
  readonly id: number
  readonly kind: string
  readonly clientId: number | null
  readonly payload: Record<string, unknown>
  readonly attempts: number
  readonly maxAttempts: number
  readonly runAt: Date
}

export interface JobContext {
  /** The job's transaction: writes here commit with the job's completion. */
  readonly db: Db
  readonly services: Services
  readonly clock: Clock
  /** Runs after the job's transaction committed (real-time events). */
  readonly afterCommit: (fn: () => void) => void
}

export interface JobHandler {
  readonly kind: string
  /**
   * Work done outside any transaction before `run` (an HTTP request that may take seconds must not hold a database
   * connection): a throw retries the job like a throw from `run`. Its answer is `run`'s third argument.
   */
  readonly prepare?: (job: Job, ctx: Omit<JobContext, "db" | "afterCommit">) => Promise<unknown>
  readonly run: (job: Job, ctx: JobContext, prepared?: unknown) => Promise<void>
  /**
   * true when `run` only writes through its transaction (no sends, no calls out): its completion may then share one
   * commit with others finishing at the same time (group-commit.ts), and be run again alone if another of the group
   * fails. Without it, a job commits in a transaction of its own.
   */
  readonly sharesCommit?: boolean
}

/** Turns what is due at `now` into jobs (in the given transaction); answers how many it enqueued. */
export interface Schedule {
  readonly name: string
  readonly tick: (db: Db, now: Date) => Promise<number>
}

/** Enqueues in the caller's transaction; answers the new job's id, or null when the idempotency key already exists. */
export const enqueue = async (db: Db, job: NewJob): Promise<number | null> => {
  const [row] = rowsOf(
    await db.execute(sql`INSERT INTO jobs (kind, client_id, payload, run_at, max_attempts, idempotency_key)
    VALUES (${job.kind}, ${job.clientId}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${(job.runAt ?? new Date()).toISOString()}::timestamptz,
      ${job.maxAttempts ?? 5}, ${job.idempotencyKey ?? null})
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`),
  )
  if (!row) return null
  if (!job.runAt || job.runAt.getTime() <= Date.now()) wakeAfterCommit(db)
  return Number(row.id)
}

/** The minute an instant falls in, as the stable part of schedule idempotency keys (`2026-11-23T15:00`). */
export const minuteKey = (at: Date) => at.toISOString().slice(0, 16)

/** 1 s, 2 s, 4 s ... capped at 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(600_000, 1000 * 2 ** Math.max(0, attempts - 1))

export const jobOf = (r: Record<string, unknown>): Job => ({
  id: Number(r.id),
  kind: String(r.kind),
  clientId: r.client_id === null ? null : Number(r.client_id),
  payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
  runAt: new Date(String(r.run_at instanceof Date ? r.run_at.toISOString() : r.run_at)),
})

/** The workers polling each database in this process (job-runner.ts), by how to wake them. */
const wakers = new WeakMap<Db, Set<() => void>>()
/** The transactions whose commit already wakes the workers. */
const waking = new WeakSet<Db>()

const wakeWorkers = (database: Db) => {
  for (const wake of wakers.get(database) ?? []) wake()
}

/**
 * Wakes the workers once `db`'s transaction commits (at once outside one), once per transaction however many jobs it
 * enqueued: `enqueue` does it for a job due now, and a statement that inserts due jobs itself calls it.
 */
export const wakeAfterCommit = (db: Db) => {
  const database = databaseOf(db)
  if (database === db) return wakeWorkers(db)
  if (waking.has(db)) return
  waking.add(db)
  onCommitOf(db, () => wakeWorkers(database))
}

/** Runs what is due now instead of at the next poll (a job became due by other means than `enqueue`); a no-op where no runner polls. */
export const wakeJobs = (services: Services) => wakeWorkers(services.database.db)

/** A runner polling for this server (job-runner.ts) tells how to wake it; the answer stops the wakes. */
export const setWaker = (services: Services, wake: () => void): (() => void) => {
  const database = services.database.db
  const set = wakers.get(database) ?? new Set()
  wakers.set(database, set)
  set.add(wake)
  return () => void set.delete(wake)
}

/**
 * The fast path of a job its writer waits for (a send that answers with the channel's id): right after the writer's
 * commit, the queued job with this idempotency key becomes this process's, leased as a worker's claim is, whatever its
 * `run_at`; `done` marks it done. A process dying in between leaves it to a worker once the lease expires. Answers
 * null when a worker holds it already (or it ran).
 */
export const takeJob = async (database: Database, key: string, leaseMs = 60_000) => {
  const owner = `${process.pid}:now:${randomUUID().slice(0, 8)}`
  const until = new Date(Date.now() + leaseMs).toISOString()
  const [row] = rowsOf(
    await database.db.execute(sql`UPDATE jobs SET status = 'running', locked_by = ${owner}, locked_until = ${until}::timestamptz,
      attempts = attempts + 1 WHERE idempotency_key = ${key} AND status = 'queued' RETURNING *`),
  )
  if (!row) return null
  const job = jobOf(row)
  const done = async () => {
    await database.db.execute(sql`UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL,
      finished_at = now() WHERE id = ${job.id} AND locked_by = ${owner}`)
  }
  return { job, done }
}
