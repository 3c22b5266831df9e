/**
 * A backlog of PGlite queries lets the event loop run between them (pglite-turns.ts): a timer (a request's header
 * time-out, a socket ping, the load-shedding probe) set at the start of a burst fires while the burst is still
 * running, not after it, and the queries still finish in the order they were sent.
 */
import { PGlite } from "@electric-sql/pglite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Database, openDatabase } from "./db"
import { TURN_MS } from "./pglite-turns"

describe("PGlite's query queue takes turns with the event loop", () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ pglite: await PGlite.create() })
  })
  afterAll(() => database?.close())

  it("runs a timer set at the start of a 300-query burst before the burst is half done, and keeps the queries' order", async () => {
    const finished: number[] = []
    let finishedWhenTimerRan = -1
    const started = performance.now()
    setTimeout(() => {
      finishedWhenTimerRan = finished.length
    }, 0)
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        database.query("SELECT count(*) FROM generate_series(1, 20000)").then(() => void finished.push(i)),
      ),
    )
    const took = performance.now() - started
    // The burst is long enough to need turns at all (else the test proves nothing).
    expect(took).toBeGreaterThan(10 * TURN_MS)
    expect(finishedWhenTimerRan).toBeGreaterThanOrEqual(0)
    expect(finishedWhenTimerRan).toBeLessThan(150)
    expect(finished).toEqual(Array.from({ length: 300 }, (_, i) => i))
  })
})
