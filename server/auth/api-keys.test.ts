/**
 * Hashed API keys on both databases: the key a rotate shows works and is stored nowhere in clear, a rotate refuses the
 * old key, a revoke refuses every key, an unknown key is refused, and migration 0031 turns keys stored in clear before
 * it into hashes the principal finds.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import { sql } from "drizzle-orm"
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator"
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator"
import { describe, expect, it } from "vitest"
import { type Database, openDatabase, PGLITE_EXTENSIONS } from "../db/db"
import { rowsOf } from "../db/rows"
import { DB_KINDS, as, callOf, login, send, useServer } from "../testing/harness"
import { apiKeyHash } from "./api-keys"

const authenticate = callOf("auth", "authenticate")
const rotate = callOf("company", "apiKeyRotate")
const revoke = callOf("company", "apiKeyRevoke")
const migrations = fileURLToPath(new URL("../db/migrations", import.meta.url))

/** The migrations as they were before 0031 (a copy whose journal stops there). */
const migrationsBefore0031 = () => {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"))
  cpSync(migrations, dir, { recursive: true })
  const journalFile = join(dir, "meta", "_journal.json")
  const journal = JSON.parse(readFileSync(journalFile, "utf8"))
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 31)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

const migrateTo = (database: Database, migrationsFolder: string) =>
  database.kind === "pglite"
    ? migratePglite(database.db as never, { migrationsFolder })
    : migratePg(database.db as never, { migrationsFolder })

/** An empty database of the kind: a PGlite in memory, or a new database in the test's PostgreSQL cluster. */
const emptyDatabase = async (kind: string, serverDb: Database): Promise<Database> => {
  if (kind === "pglite") return openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) })
  const [where] = rowsOf(await serverDb.db.execute(sql`SELECT inet_server_port() AS port, current_user AS who`))
  const name = `keys_migration_${process.pid}_${Date.now()}`
  await serverDb.db.execute(sql.raw(`CREATE DATABASE ${name}`))
  return openDatabase({ databaseUrl: `postgres://${String(where.who)}@127.0.0.1:${Number(where.port)}/${name}` })
}

/** How many rows of any table in the database hold `text` anywhere (every column, as JSON). */
const rowsHolding = async (database: Database, text: string): Promise<number> => {
  const tables = rowsOf(
    await database.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    ),
  )
  let found = 0
  for (const { table_name } of tables) {
    const [row] = rowsOf(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(String(table_name))} t WHERE strpos(row_to_json(t)::text, ${text}) > 0`,
      ),
    )
    found += Number(row.n)
  }
  return found
}

describe.each(DB_KINDS)("hashed API keys on %s", (kind) => {
  const ctx = useServer(kind)

  it("shows a new key once, keeps only its hash, refuses the old key after a rotate and every key after a revoke", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const first = (await send(ctx.url, rotate, {}, admin)).body.data.key as string
    expect(first).toMatch(/^ak_[0-9a-f]{36}$/)
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": first })).body.data.client.id).toBe(1)
    const database = ctx.server.services.database
    expect(await rowsHolding(database, first)).toBe(0)
    expect(await rowsHolding(database, first.slice(3))).toBe(0)
    expect(await rowsHolding(database, apiKeyHash(first))).toBe(1)

    const second = (await send(ctx.url, rotate, {}, admin)).body.data.key as string
    const old = await send(ctx.url, authenticate, {}, { "x-api-key": first })
    expect(old.status).toBe(401)
    expect(old.body.error.message).toBe("Invalid API key")
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": second })).status).toBe(200)
    // The state call never answers the key again.
    expect(JSON.stringify((await send(ctx.url, callOf("company", "apiKeyState"), {}, admin)).body)).not.toContain(second.slice(3))

    await send(ctx.url, revoke, {}, admin)
    const revoked = await send(ctx.url, authenticate, {}, { "x-api-key": second })
    expect(revoked.status).toBe(401)
    expect(revoked.body.error.message).toBe("This API key has been revoked")
    expect((await send(ctx.url, authenticate, {}, { "x-api-key": `ak_${"0".repeat(36)}` })).status).toBe(401)
  })

  it("migration 0031 hashes the keys stored in clear before it, and drops the clear column", async () => {
    const database = await emptyDatabase(kind, ctx.server.services.database)
    try {
      await migrateTo(database, migrationsBefore0031())
      const clear = "ak_0123456789abcdef0123456789abcdef0123"
      await database.db.execute(sql`INSERT INTO clients (name, api_key) VALUES ('Before 0031', ${clear})`)
      await migrateTo(database, migrations)
      const [row] = rowsOf(await database.db.execute(sql`SELECT api_key_hash, api_key_hint FROM clients WHERE name = 'Before 0031'`))
      expect(row).toEqual({ api_key_hash: apiKeyHash(clear), api_key_hint: "ak_••••0123" })
      const columns = rowsOf(
        await database.db.execute(
          sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'clients' AND column_name = 'api_key'`,
        ),
      )
      expect(columns).toEqual([])
      expect(await rowsHolding(database, clear)).toBe(0)
    } finally {
      await database.close()
    }
  }, 120_000)
})
