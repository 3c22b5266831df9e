/**
 * The durable queue's own promises, on both databases, with controlled clocks: a job exists only if its transaction
 * commits; an idempotency key enqueues once; a crashed worker's job is taken over when its lease runs out (not
 * before); a failure is retried after its backoff (not before) and gives up after max attempts; two workers draining
 * one queue run every job exactly once; a job enqueued by a job runs in the same round; a job due now wakes the workers
 * when its transaction commits.
 */
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rowsOf } from "../db/rows"
import { DB_KINDS } from "../testing/harness"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer } from "../testing/test-server"
import { startJobs } from "./job-runner"
import { type Clock, enqueue, type JobHandler } from "./jobs"

class TestClock implements Clock {
  at = new Date()
  now = () => new Date(this.at.getTime())
  advance = (ms: number) => {
    this.at = new Date(this.at.getTime() + ms)
  }
}

describe.each(DB_KINDS)("job queue on %s", (kind) => {
  let cluster: PostgresCluster | null = null
  let server: TestServer
  beforeAll(async () => {
    if (kind === "postgres") cluster = await startPostgres()
    const jobs = { autoStart: false }
    server = cluster ? await startTestServer({ databaseUrl: await cluster.createDatabase(), jobs }) : await startTestServer({ jobs })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await cluster?.stop()
  })

  const database = () => server.services.database
  const statusOf = async (id: number) =>
    rowsOf(await database().db.execute(sql`SELECT status, attempts, last_error FROM jobs WHERE id = ${id}`))[0] as {
      status: string
      attempts: number
      last_error: string | null
    }
  /** A handler that records each run of its kind, and throws while `failures` lasts. */
  const recorder = (kindName: string, failures = 0) => {
    const runs: number[] = []
    let left = failures
    const handler: JobHandler = {
      kind: kindName,
      run: async (job) => {
        runs.push(job.id)
        if (left > 0) {
          left--
          throw new Error("receiver down")
        }
      },
    }
    return { runs, handler }
  }

  it("enqueues only with a committed transaction, and once per idempotency key", async () => {
    await database()
      .transaction(async (tx) => {
        await enqueue(tx, { kind: "test-outbox", clientId: 1, idempotencyKey: "rolled-back" })
        throw new Error("the write failed")
      })
      .catch(() => undefined)
    const first = await enqueue(database().db, { kind: "test-outbox", clientId: 1, idempotencyKey: "once" })
    const second = await enqueue(database().db, { kind: "test-outbox", clientId: 1, idempotencyKey: "once" })
    expect(first).toBeTypeOf("number")
    expect(second).toBeNull()
    const rows = rowsOf(await database().db.execute(sql`SELECT idempotency_key FROM jobs WHERE kind = 'test-outbox'`))
    expect(rows.map((r) => r.idempotency_key)).toEqual(["once"])
  })

  it("takes over a crashed worker's job when its lease runs out, not before", async () => {
    const clock = new TestClock()
    const id = Number(await enqueue(database().db, { kind: "test-lease", clientId: 1, runAt: clock.now() }))
    // What a worker that claimed the job and died leaves behind: running, its lease a minute ahead.
    await database().db.execute(sql`UPDATE jobs SET status = 'running', locked_by = 'dead:1', attempts = 1,
      locked_until = ${new Date(clock.at.getTime() + 60_000).toISOString()}::timestamptz WHERE id = ${id}`)
    const { runs, handler } = recorder("test-lease")
    const runner = startJobs(server.services, [handler], [], { clock, autoStart: false })
    try {
      clock.advance(30_000)
      await runner.runDue()
      expect(runs).toEqual([])
      clock.advance(31_000)
      await runner.runDue()
      expect(runs).toEqual([id])
      expect((await statusOf(id)).status).toBe("done")
    } finally {
      await runner.stop()
    }
  })

  it("retries a failure after its backoff, and gives up after max attempts with the last error", async () => {
    const clock = new TestClock()
    const retried = Number(await enqueue(database().db, { kind: "test-retry", clientId: 1, runAt: clock.now(), maxAttempts: 5 }))
    const { runs, handler } = recorder("test-retry", 1)
    const runner = startJobs(server.services, [handler], [], { clock, autoStart: false })
    try {
      await runner.runDue()
      expect(runs).toEqual([retried])
      expect(await statusOf(retried)).toMatchObject({ status: "queued", attempts: 1, last_error: "receiver down" })
      clock.advance(500)
      await runner.runDue()
      expect(runs).toHaveLength(1)
      clock.advance(600)
      await runner.runDue()
      expect(runs).toEqual([retried, retried])
      expect((await statusOf(retried)).status).toBe("done")
    } finally {
      await runner.stop()
    }
    const doomed = Number(await enqueue(database().db, { kind: "test-doomed", clientId: 1, runAt: clock.now(), maxAttempts: 2 }))
    const failing = recorder("test-doomed", 99)
    const second = startJobs(server.services, [failing.handler], [], { clock, autoStart: false })
    try {
      await second.runDue()
      clock.advance(60_000)
      await second.runDue()
      clock.advance(600_000)
      await second.runDue()
      expect(failing.runs).toHaveLength(2)
      expect(await statusOf(doomed)).toMatchObject({ status: "failed", attempts: 2, last_error: "receiver down" })
    } finally {
      await second.stop()
    }
  })

  it("runs every job exactly once when two workers drain the queue together", async () => {
    const clock = new TestClock()
    const ids: number[] = []
    for (let i = 0; i < 60; i++) ids.push(Number(await enqueue(database().db, { kind: "test-share", clientId: 1, runAt: clock.now() })))
    const a = recorder("test-share")
    const b = recorder("test-share")
    const one = startJobs(server.services, [a.handler], [], { clock, autoStart: false, batch: 5 })
    const two = startJobs(server.services, [b.handler], [], { clock, autoStart: false, batch: 5 })
    try {
      await Promise.all([one.runDue(), two.runDue()])
    } finally {
      await Promise.all([one.stop(), two.stop()])
    }
    const all = [...a.runs, ...b.runs].sort((x, y) => x - y)
    expect(all).toEqual(ids)
    const done = rowsOf(await database().db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'test-share' AND status = 'done'`))
    expect(Number(done[0].n)).toBe(60)
  })

  it("runs in the same round a job that a job enqueued while the worker was claiming", async () => {
    const clock = new TestClock()
    const follow = recorder("test-follow")
    // The quick job ends first and the worker claims again while the slow one runs; the slow one enqueues its follow-up
    // due after that claim's "now". On PGlite the claim waits for the slow job's transaction, so it answers nothing.
    const slow: JobHandler = {
      kind: "test-slow",
      run: async (_job, ctx) => {
        await new Promise((resolve) => setTimeout(resolve, 30))
        clock.advance(1000)
        await enqueue(ctx.db, { kind: "test-follow", clientId: 1, runAt: clock.now() })
      },
    }
    const quick = recorder("test-quick")
    await enqueue(database().db, { kind: "test-quick", clientId: 1, runAt: new Date(clock.now().getTime() - 1) })
    await enqueue(database().db, { kind: "test-slow", clientId: 1, runAt: clock.now() })
    const worker = startJobs(server.services, [slow, quick.handler, follow.handler], [], { clock, autoStart: false })
    expect(await worker.runDue()).toBe(3)
    expect(follow.runs).toHaveLength(1)
  })

  it("runs a job due now as its transaction commits, not at the next poll", async () => {
    const woken = recorder("test-woken")
    const worker = startJobs(server.services, [woken.handler], [], { pollMs: 600_000 })
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      await database().transaction(async (tx) => {
        await enqueue(tx, { kind: "test-woken", clientId: 1 })
        await enqueue(tx, { kind: "test-woken", clientId: 1 })
        await new Promise((resolve) => setTimeout(resolve, 200))
        expect(woken.runs).toEqual([])
      })
      // Ten minutes to the next poll: only the commit's wake runs them.
      await expect.poll(() => woken.runs.length, { timeout: 10_000 }).toBe(2)
    } finally {
      await worker.stop()
    }
  })

  it("stops after the running job: the claimed jobs it had not started are queued again, their attempt not counted", async () => {
    const clock = new TestClock()
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push(Number(await enqueue(database().db, { kind: "test-stop", clientId: 1, runAt: clock.now() })))
    let release: () => void = () => {}
    const started: number[] = []
    const slow: JobHandler = {
      kind: "test-stop",
      run: async (job) => {
        started.push(job.id)
        await new Promise<void>((resolve) => {
          release = resolve
        })
      },
    }
    const worker = startJobs(server.services, [slow], [], { clock, autoStart: false, batch: 5, concurrency: 1 })
    const draining = worker.runDue()
    await expect.poll(() => started.length).toBe(1)
    const stopping = worker.stop()
    release()
    await stopping
    await draining
    expect(started).toEqual([ids[0]])
    expect(await statusOf(ids[0])).toMatchObject({ status: "done", attempts: 1 })
    for (const id of ids.slice(1)) expect(await statusOf(id)).toMatchObject({ status: "queued", attempts: 0 })
  })
})
