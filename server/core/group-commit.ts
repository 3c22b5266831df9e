/**
 * Group commit: writes that arrive while a transaction is committing wait, then commit together in the next one, so
 * one commit (one WAL flush on PostgreSQL, one lock round on PGlite) serves many jobs: the job runner's completions use
 * it. When one write of a group throws, the group rolls back and each of its writes runs again in a transaction of its
 * own, so only the failing one fails. A write may therefore run twice: its effects outside the transaction belong
 * before it (a job's `prepare`) or after the commit (`afterCommit`).
 */
import type { Database, Db } from "../db/db"

export type GroupCommit = (work: (tx: Db) => Promise<void>) => Promise<void>

interface Pending {
  readonly work: (tx: Db) => Promise<void>
  readonly resolve: () => void
  readonly reject: (error: unknown) => void
}

export const groupCommit = (database: Database, maxGroup = 64): GroupCommit => {
  const queue: Pending[] = []
  let flushing = false

  const alone = async (item: Pending) => {
    try {
      await database.transaction((tx) => item.work(tx))
      item.resolve()
    } catch (error) {
      item.reject(error)
    }
  }

  const commitGroup = async (group: readonly Pending[]) => {
    if (group.length === 1) return alone(group[0])
    try {
      await database.transaction(async (tx) => {
        for (const item of group) await item.work(tx)
      })
    } catch {
      // One of them failed and the group rolled back: each again on its own, so only the failing one fails.
      for (const item of group) await alone(item)
      return
    }
    for (const item of group) item.resolve()
  }

  const flush = async () => {
    flushing = true
    try {
      while (queue.length > 0) await commitGroup(queue.splice(0, maxGroup))
    } finally {
      flushing = false
    }
  }

  return (work) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ work, resolve, reject })
      if (!flushing) void flush()
    })
}
