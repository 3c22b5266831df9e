/**
 * The worker of the job queue (jobs.ts): ticks the schedules, claims due jobs with `FOR UPDATE SKIP LOCKED` under a
 * lease, runs them (their writes and their "done" mark in one commit; `sharesCommit` handlers share it: group-commit.ts),
 * retries a throw with backoff and fails a job after its last attempt.
 */
import { randomUUID } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Database } from "../db/db"
import { rowsOf } from "../db/rows"
import type { Services } from "../http/context"
import { groupCommit } from "./group-commit"
import { type Job, type JobHandler, type Schedule, backoffMs, jobOf, setWaker, systemClock, type Clock } from "./jobs"

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

  /** One statement (atomic on its own, no transaction around it): due jobs (or jobs whose lease expired) become ours for leaseMs. */
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
    return (
      rowsOf(
        await database.db.execute(sql`WITH due AS (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= ${at}::timestamptz AND ${ofOurKinds}
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
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id)
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
    // A job that ends during a claim may have enqueued one due after the claim's "now" (on PGlite the claim waits for the
    // job's transaction): claim again before ending the round.
    let endedSinceClaim = false
    for (;;) {
      if (waiting.length === 0 && !stopped) {
        endedSinceClaim = false
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
          .finally(() => {
            inFlight.delete(running)
            endedSinceClaim = true
          })
        inFlight.add(running)
      }
      // Jobs may enqueue jobs (a reminder's fan-out): stop only when nothing is due and nothing runs.
      if (inFlight.size === 0 && waiting.length === 0) {
        if (!endedSinceClaim || stopped) return ran
        continue
      }
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
  const unsetWaker = options.autoStart !== false ? setWaker(services, wake) : () => {}
  if (options.autoStart !== false) timer = setTimeout(loop, 0)

  return {
    workerId,
    runDue,
    stop: async () => {
      stopped = true
      unsetWaker()
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
