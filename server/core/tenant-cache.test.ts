/**
 * The per-tenant cache on both databases: a read is kept for TENANT_CACHE_TTL_MS, an edit made behind this process's
 * back (another server) shows once that has passed, this process's own edit shows right after its commit, and what a
 * transaction read of its own uncommitted edit is never kept when it rolls back.
 */
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import type { Db } from "../db/db"
import { rowsOf } from "../db/rows"
import { DB_KINDS, useServer } from "../testing/harness"
import { TENANT_CACHE_TTL_MS, tenantCache } from "./tenant-cache"

describe.each(DB_KINDS)("the tenant cache on %s", (kind) => {
  const ctx = useServer(kind, { jobs: { autoStart: false } })
  beforeAll(async () => {
    await ctx.server.services.database.db.execute(sql`CREATE TABLE tenant_cache_probe (client_id int PRIMARY KEY, value text NOT NULL)`)
    await ctx.server.services.database.db.execute(sql`INSERT INTO tenant_cache_probe VALUES (1, 'first'), (2, 'other')`)
  })

  const db = () => ctx.server.services.database.db
  const stored = async (through: Db, clientId: number) =>
    String(rowsOf(await through.execute(sql`SELECT value FROM tenant_cache_probe WHERE client_id = ${clientId}`))[0].value)
  const set = (through: Db, clientId: number, value: string) =>
    through.execute(sql`UPDATE tenant_cache_probe SET value = ${value} WHERE client_id = ${clientId}`)

  it("keeps a read for the TTL: an edit through another server shows once the TTL passed", async () => {
    const cache = tenantCache(stored)
    const t0 = Date.now()
    expect(await cache.get(db(), 1, t0)).toBe("first")
    await set(db(), 1, "edited elsewhere")
    expect(await cache.get(db(), 1, t0 + TENANT_CACHE_TTL_MS - 1)).toBe("first")
    expect(await cache.get(db(), 2, t0 + 1)).toBe("other")
    expect(await cache.get(db(), 1, t0 + TENANT_CACHE_TTL_MS)).toBe("edited elsewhere")
    await set(db(), 1, "first")
  })

  it("forgets this server's own edit when its transaction commits, and keeps nothing a rolled-back edit showed", async () => {
    const cache = tenantCache(stored)
    const t0 = Date.now()
    expect(await cache.get(db(), 1, t0)).toBe("first")
    await ctx.server.services.database.transaction(async (tx) => {
      expect(cache.forget(tx, 1)).toBe(1)
      await set(tx, 1, "edited here")
      // Another call reads meanwhile (PostgreSQL; PGlite has one connection, held by this transaction): the
      // committed value, kept until the edit commits.
      if (kind === "postgres") expect(await cache.get(db(), 1, t0)).toBe("first")
    })
    expect(await cache.get(db(), 1, t0)).toBe("edited here")

    await expect(
      ctx.server.services.database.transaction(async (tx) => {
        cache.forget(tx, 1)
        await set(tx, 1, "rolled back")
        expect(await cache.get(tx, 1, t0)).toBe("rolled back")
        throw new Error("roll back")
      }),
    ).rejects.toThrow("roll back")
    expect(await cache.get(db(), 1, t0)).toBe("edited here")
    await set(db(), 1, "first")
  })

  it("forgets every tenant's entry for an edit of a row they all read, and keeps no read of it made inside", async () => {
    const cache = tenantCache(stored)
    const t0 = Date.now()
    const both = () => Promise.all([cache.get(db(), 1, t0), cache.get(db(), 2, t0)])
    expect(await both()).toEqual(["first", "other"])
    const edit = (commit: boolean) =>
      ctx.server.services.database.transaction(async (tx) => {
        await set(tx, 1, "one")
        await set(tx, 2, "two")
        cache.forgetEvery(tx)
        expect(await cache.get(tx, 2, t0)).toBe("two")
        if (!commit) throw new Error("roll back")
      })
    await expect(edit(false)).rejects.toThrow("roll back")
    expect(await both()).toEqual(["first", "other"])
    await edit(true)
    expect(await both()).toEqual(["one", "two"])
    await set(db(), 1, "first")
    await set(db(), 2, "other")
  })

  // PGlite runs one transaction at a time, so its transactions never miss together: PostgreSQL only.
  if (kind === "postgres")
    it("lets transactions that miss together share one read, unless it failed or they edited the tenant's rows", async () => {
      let reads = 0
      let failing = false
      let gate: { opened: Promise<void>; open: () => void }
      const newGate = () => {
        let open = () => {}
        const opened = new Promise<void>((resolve) => {
          open = resolve
        })
        gate = { opened, open }
      }
      const cache = tenantCache(async (through: Db, clientId: number) => {
        const first = ++reads === 1
        await gate.opened
        if (first && failing) throw new Error("its transaction failed")
        return stored(through, clientId)
      })
      /** `count` transactions read tenant 1 at once; the first read ends once all of them asked. */
      const together = (count: number, body: (tx: Db, i: number) => Promise<unknown> = () => Promise.resolve()) => {
        newGate()
        reads = 0
        let asked = 0
        return Promise.all(
          Array.from({ length: count }, (_, i) =>
            ctx.server.services.database
              .transaction(async (tx) => {
                await body(tx, i)
                const value = cache.get(tx, 1)
                if (++asked === count) setTimeout(gate.open, 50)
                return await value
              })
              .catch((error: Error) => error.message),
          ),
        )
      }
      expect(await together(5)).toEqual(Array(5).fill("first"))
      expect(reads).toBe(1)

      failing = true
      cache.forget(db(), 1)
      // Whichever transaction asked first made the read that failed; the other two read again, each its own.
      expect((await together(3)).sort()).toEqual(["first", "first", "its transaction failed"])
      expect(reads).toBe(3)
      failing = false

      cache.forget(db(), 1)
      const seen = await together(3, async (tx, i) => {
        if (i !== 1) return
        cache.forget(tx, 1)
        await set(tx, 1, "edited here")
      })
      expect(seen[1]).toBe("edited here")
      await set(db(), 1, "first")
    })
})
