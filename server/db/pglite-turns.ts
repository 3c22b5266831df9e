/**
 * PGlite runs every query on the server's own thread, and its query queue hands each query to the next in a microtask:
 * a backlog (a burst of 200 customers' webhooks, each a handful of statements) ran back to back for seconds without
 * the event loop taking a turn. Meanwhile no new request was read (Node answered 408 when it got to one that had waited
 * past its header time-out), no socket was pinged and no timer ran, the load-shedding probe included.
 *
 * `takingTurns` makes the queue give the event loop a turn once it has held the thread for TURN_MS: the query then
 * starts after `setImmediate`, so requests that arrived meanwhile are read and queue behind it. Queries keep their
 * order; a query that finds the thread free (the loop has turned since the last one) starts at once, so a quiet
 * server pays nothing.
 */
import type { PGlite } from "@electric-sql/pglite"

/** The longest the queue holds the thread before it lets the event loop run (a query may run past it, once). */
export const TURN_MS = 10

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

export const takingTurns = (client: PGlite): void => {
  const run = client._runExclusiveQuery.bind(client)
  // When the current run of queries took the thread; null once the event loop has turned since.
  let heldSince: number | null = null
  const turned = () => {
    heldSince = null
  }
  client._runExclusiveQuery = <T>(fn: () => Promise<T>): Promise<T> =>
    run(async () => {
      if (heldSince !== null && performance.now() - heldSince >= TURN_MS) {
        await turn()
        heldSince = null
      }
      if (heldSince === null) {
        heldSince = performance.now()
        setImmediate(turned)
      }
      return fn()
    })
}
