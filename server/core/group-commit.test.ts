/**
 * Group commit on both databases: writes submitted together share transactions, and a failing write loses only its
 * own rows, never its neighbours'.
 */
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rowsOf } from "../db/rows"
import { DB_KINDS } from "../testing/harness"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer } from "../testing/test-server"
import { groupCommit } from "./group-commit"

describe.each(DB_KINDS)("group commit on %s", (kind) => {
  let cluster: PostgresCluster | null = null
  let server: TestServer
  beforeAll(async () => {
    if (kind === "postgres") cluster = await startPostgres()
    const jobs = { autoStart: false }
    server = cluster ? await startTestServer({ databaseUrl: await cluster.createDatabase(), jobs }) : await startTestServer({ jobs })
    await server.services.database.db.execute(sql`CREATE TABLE group_commit_probe (n int PRIMARY KEY, txid bigint NOT NULL)`)
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await cluster?.stop()
  })

  const probe = async (from: number) =>
    rowsOf(await server.services.database.db.execute(sql`SELECT n, txid FROM group_commit_probe WHERE n >= ${from} ORDER BY n`))

  it("commits 40 writes submitted together in fewer transactions than writes", async () => {
    const commit = groupCommit(server.services.database)
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        commit((tx) => tx.execute(sql`INSERT INTO group_commit_probe (n, txid) VALUES (${n}, txid_current())`).then(() => undefined)),
      ),
    )
    const rows = await probe(0)
    expect(rows).toHaveLength(40)
    expect(new Set(rows.map((r) => String(r.txid))).size).toBeLessThan(10)
  })

  it("loses only the failing write's row when one write of a group throws", async () => {
    const commit = groupCommit(server.services.database)
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => 100 + i).map((n) =>
        commit(async (tx) => {
          await tx.execute(sql`INSERT INTO group_commit_probe (n, txid) VALUES (${n}, txid_current())`)
          if (n === 117) throw new Error("write 117 refused")
        }),
      ),
    )
    expect(outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason))).toEqual([
      "Error: write 117 refused",
    ])
    const rows = await probe(100)
    expect(rows.map((r) => Number(r.n))).toEqual(Array.from({ length: 40 }, (_, i) => 100 + i).filter((n) => n !== 117))
  })
})
