/**
 * THE durable job queue: one `jobs` table (migration 0007) on PGlite and PostgreSQL alike.
 *
 * - enqueue(db, job): inside the caller's transaction (a handler's `ctx.db`), so the job exists iff the write commits
 *   (a transactional outbox). An `idempotencyKey` makes a second enqueue of the same thing a no-op.
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
import type { Database, Db } from "../db/db"
import { rowsOf } from "../db/rows"
import type { Services } from "../http/context"
import { groupCommit } from "./group-commit"

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
  return row ? Number(row.id) : null
}

/** The minute an instant falls in, as the stable part of schedule idempotency keys (`2026-11-23T15:00`). */
export const minuteKey = (at: Date) => at.toISOString().slice(0, 16)

/** 1 s, 2 s, 4 s ... capped at 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(600_000, 1000 * 2 ** Math.max(0, attempts - 1))

const jobOf = (r: Record<string, unknown>): Job => ({
  id: Number(r.id),
  kind: String(r.kind),
  clientId: r.client_id === null ? null : Number(r.client_id),
  payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
  runAt: new Date(String(r.run_at instanceof Date ? r.run_at.toISOString() : r.run_at)),
})

export interface JobsOptions {
  readonly clock?: Clock
  /** How often a worker looks for due work (default 1000 ms). */
  readonly pollMs?: number
  /** How long a claimed job is ours before another process may take it (default 60 s). */
  readonly leaseMs?: number
  /** Jobs claimed at once (default 20). */
  readonly batch?: number
  /** Jobs one worker runs at the same time (default JOBS_CONCURRENCY, else 8): slow `prepare`s (webhook requests) overlap. */
  readonly concurrency?: number
  /** false: no timer; tests drive `runDue()` with a controlled clock. */
  readonly autoStart?: boolean
}

export interface JobRunner {
  readonly workerId: string
  /** Ticks the schedules and runs every job due now (until none is left); answers how many jobs ran. */
  readonly runDue: () => Promise<number>
  readonly stop: () => Promise<void>
}

const wakers = new WeakMap<Services, () => void>()

/** Runs what is due now instead of at the next poll (a webhook just enqueued work); a no-op where no runner polls. */
export const wakeJobs = (services: Services) => wakers.get(services)?.()

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

export const startJobs = (
  services: Services,
  handlers: readonly JobHandler[],
  schedules: readonly Schedule[],
  options: JobsOptions = {},
): JobRunner => {
  const database: Database = services.database
  const clock = options.clock ?? systemClock
  const leaseMs = options.leaseMs ?? 60_000
  const batch = options.batch ?? 20
  const concurrency = Math.max(1, options.concurrency ?? (Number(process.env.JOBS_CONCURRENCY) || 8))
  const byKind = new Map(handlers.map((h) => [h.kind, h]))
  const shared = groupCommit(database)
  const kinds = [...byKind.keys()]
  const workerId = `${process.pid}:${randomUUID().slice(0, 8)}`
  let stopped = false
  let running: Promise<number> | null = null
  const pollMs = options.pollMs ?? 1000
  let lastTick = Number.NEGATIVE_INFINITY

  const tickSchedules = async () => {
    for (const schedule of schedules) {
      try {
        await database.transaction((tx) => schedule.tick(tx, clock.now()))
      } catch (error) {
        console.error(`[jobs] schedule ${schedule.name} failed:`, error)
      }
    }
  }

  /** A short transaction: due jobs (or jobs whose lease expired) become ours for leaseMs. */
  const claim = async (limit: number): Promise<Job[]> => {
    if (kinds.length === 0 || limit <= 0) return []
    const now = clock.now()
    const until = new Date(now.getTime() + leaseMs)
    const ofOurKinds = sql`kind IN (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`
    const at = now.toISOString()
    // Two index-ordered scans (jobs_due_idx, jobs_lease_idx) that stop after `limit` rows, however long the queue.
    return database.transaction(async (tx) =>
      rowsOf(
        await tx.execute(sql`WITH due AS (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= ${at}::timestamptz AND ${ofOurKinds}
            ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED),
          expired AS (SELECT id FROM jobs WHERE status = 'running' AND locked_until < ${at}::timestamptz AND ${ofOurKinds}
            ORDER BY locked_until LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        UPDATE jobs SET status = 'running', locked_by = ${workerId}, locked_until = ${until.toISOString()}::timestamptz,
          attempts = attempts + 1
        WHERE id IN (SELECT id FROM due UNION ALL SELECT id FROM expired)
        RETURNING *`),
      )
        .map(jobOf)
        // RETURNING keeps no order: run the claimed jobs oldest first, as they were chosen.
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id),
    )
  }

  const fail = async (job: Job, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    const retry = job.attempts < job.maxAttempts
    const runAt = new Date(clock.now().getTime() + backoffMs(job.attempts))
    await database.db.execute(sql`UPDATE jobs SET status = ${retry ? "queued" : "failed"}, run_at = ${runAt.toISOString()}::timestamptz,
      locked_by = NULL, locked_until = NULL, last_error = ${message.slice(0, 2000)},
      finished_at = ${retry ? null : clock.now().toISOString()}::timestamptz
    WHERE id = ${job.id} AND locked_by = ${workerId}`)
  }

  /** Claimed jobs this worker will not start: queued again as they were, the claim's attempt not counted. */
  const release = async (jobs: readonly Job[]) => {
    await database.db.execute(sql`UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL, attempts = attempts - 1
    WHERE id IN (${sql.join(
      jobs.map((job) => sql`${job.id}`),
      sql`, `,
    )}) AND locked_by = ${workerId}`)
  }

  const runOne = async (job: Job) => {
    const handler = byKind.get(job.kind)
    if (!handler) return
    if (job.attempts > job.maxAttempts) return fail(job, new Error("Gave up: its lease expired on every attempt"))
    const committed: (() => void)[] = []
    try {
      const prepared = handler.prepare ? await handler.prepare(job, { services, clock }) : undefined
      const inTransaction = handler.sharesCommit ? shared : database.transaction
      await inTransaction(async (tx) => {
        committed.length = 0
        await handler.run(job, { db: tx, services, clock, afterCommit: (fn) => void committed.push(fn) }, prepared)
        const done = rowsOf(
          await tx.execute(sql`UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL,
            finished_at = ${clock.now().toISOString()}::timestamptz WHERE id = ${job.id} AND locked_by = ${workerId} RETURNING id`),
        )
        // Our lease expired and another worker took the job: roll our work back, theirs counts.
        if (done.length === 0) throw new LeaseLost()
      })
    } catch (error) {
      if (error instanceof LeaseLost) return
      await fail(job, error)
      return
    }
    for (const fn of committed) fn()
  }

  /**
   * Claims up to `batch` due jobs in one short transaction and keeps up to `concurrency` of them running, claiming again
   * once every claimed job has started, until nothing is due and none runs. On stop, the claimed jobs not yet started
   * are released, so stopping waits for the running ones only.
   */
  const round = async (ticks: boolean): Promise<number> => {
    if (ticks) {
      lastTick = performance.now()
      await tickSchedules()
    }
    let ran = 0
    const waiting: Job[] = []
    const inFlight = new Set<Promise<void>>()
    for (;;) {
      if (waiting.length === 0 && !stopped) {
        const claimed = await claim(batch)
        waiting.push(...claimed)
        ran += claimed.length
      }
      // Stopping: jobs claimed but not started go back to the queue now, not when their lease runs out.
      if (stopped && waiting.length > 0) await release(waiting.splice(0))
      while (waiting.length > 0 && inFlight.size < concurrency) {
        const job = waiting.shift()!
        const running: Promise<void> = runOne(job)
          .catch((error) => console.error(`[jobs] job ${job.id} failed to settle:`, error))
          .finally(() => inFlight.delete(running))
        inFlight.add(running)
      }
      // Jobs may enqueue jobs (a reminder's fan-out): stop only when nothing is due and nothing runs.
      if (inFlight.size === 0 && waiting.length === 0) return ran
      await Promise.race(inFlight)
    }
  }

  /** `ticks`: tick the schedules first (every explicit call and every poll; a wake within a poll interval of the last tick skips them). */
  const runDue = async (ticks = true): Promise<number> => {
    while (running) await running.catch(() => 0)
    running = round(ticks)
    try {
      return await running
    } finally {
      running = null
    }
  }

  let timer: NodeJS.Timeout | null = null
  let again = false
  const loop = () => {
    if (stopped) return
    again = false
    // A wake (a webhook's, a turn's) runs what is due now; the schedules, minute-grained, wait for the poll interval:
    // ticking them on every wake cost a chatbot reply a dozen transactions (scripts/bench-bots.ts counts them).
    runDue(performance.now() - lastTick >= pollMs)
      .catch((error) => console.error("[jobs] round failed:", error))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, again ? 0 : pollMs)
      })
  }
  const wake = () => {
    if (stopped) return
    if (running) again = true
    else {
      if (timer) clearTimeout(timer)
      timer = setTimeout(loop, 0)
    }
  }
  if (options.autoStart !== false) {
    wakers.set(services, wake)
    timer = setTimeout(loop, 0)
  }

  return {
    workerId,
    runDue,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running?.catch(() => 0)
    },
  }
}

class LeaseLost extends Error {
  constructor() {
    super("lease lost")
  }
}
