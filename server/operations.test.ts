/**
 * What an operator does to an installation (docs/operations.md), on both databases, against the real server:
 * - an upgrade: a database as the previous release left it (server/db/releases/: that release's migrations and its
 *   demo data) is started by the current code, which migrates it; every row is still there and readable through the API;
 * - a backup and a restore: the PGlite data folder copied while the server is stopped, or PostgreSQL's
 *   `pg_dump -Fc` / `pg_restore`; after a deletion, the restored database has it back.
 */
import { execFileSync } from "node:child_process"
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator"
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "./app"
import { type Database, openDatabase } from "./db/db"
import { MIGRATIONS_DIR, migrationsThrough, readRelease } from "./db/releases/release-dump"
import { DEMO_LOGINS } from "./db/seed/tenants"
import { as, callOf, DB_KINDS, type DbKind, login, send } from "./testing/harness"
import { type PostgresCluster, startPostgres } from "./testing/test-server"

/** The previous release: change it when a new fixture is made (server/db/releases/README.md). */
const RELEASE = "0040_rollup_plans"
const distDir = fileURLToPath(new URL("../dist", import.meta.url))

const pgBin = (name: string) => {
  const root = "/usr/lib/postgresql"
  return join(root, readdirSync(root).sort().reverse()[0], "bin", name)
}

/** Where a server's database lives: a PGlite data folder or a PostgreSQL URL. */
type Place = { dataDir: string } | { databaseUrl: string }

const start = (place: Place): Promise<RunningServer> =>
  startServer({ port: 0, host: "127.0.0.1", ...place, seed: false, jwtSecret: "operations-test", config: { shedAfterMs: 0 }, distDir })

/** The release's schema (its own migration set) and its data, as that release left the database. */
const loadRelease = async (database: Database) => {
  const { manifest, sql } = readRelease(RELEASE)
  const migrations = migrationsThrough(MIGRATIONS_DIR, manifest.tags)
  try {
    if (database.pglite) await migratePglite(database.db as never, { migrationsFolder: migrations.folder })
    else await migratePg(database.db as never, { migrationsFolder: migrations.folder })
  } finally {
    migrations.dispose()
  }
  if (database.pglite) await database.pglite.exec(sql)
  else await database.query(sql)
  return manifest
}

const count = async (server: RunningServer, sql: string, params: unknown[] = []) =>
  Number((await server.services.database.query(sql, params)).rows[0].n)

const listedUsers = async (server: RunningServer, token: string) => {
  const reply = await send(server.url, callOf("users", "fetchListUsers"), { page: 1, limit: 100 }, as(token))
  expect(reply.status).toBe(200)
  return reply.body.data as { totalItems: number; items: { username: string }[] }
}

describe.each(DB_KINDS)("an installation on %s", (kind: DbKind) => {
  const dir = mkdtempSync(join(tmpdir(), "operations-"))
  let cluster: PostgresCluster | null = null
  let admin: pg.Client | null = null
  let place: Place
  let server: RunningServer | null = null
  let manifest: ReturnType<typeof readRelease>["manifest"]
  /** The backup taken before the upgrade; restoring it gives the place to start on. */
  let restore: () => Promise<Place>

  const createDatabase = async (name: string) => {
    await admin!.query(`CREATE DATABASE ${name}`)
    return cluster!.url.replace(/\/postgres$/, `/${name}`)
  }

  /** The operator's backup of a stopped server, as docs/operations.md says. */
  const backUp = (from: Place): (() => Promise<Place>) => {
    if ("dataDir" in from) {
      // PGlite: copy the data folder; restoring is starting on the copy.
      const copy = join(dir, "backup")
      cpSync(from.dataDir, copy, { recursive: true })
      return async () => ({ dataDir: copy })
    }
    // PostgreSQL: pg_dump's custom format; restoring is pg_restore into an empty database.
    const file = join(dir, "backup.dump")
    execFileSync(pgBin("pg_dump"), ["-Fc", "-f", file, from.databaseUrl])
    return async () => {
      const databaseUrl = await createDatabase("restored")
      execFileSync(pgBin("pg_restore"), ["--no-owner", "-d", databaseUrl, file])
      return { databaseUrl }
    }
  }

  beforeAll(async () => {
    if (kind === "postgres") {
      cluster = await startPostgres()
      admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      place = { databaseUrl: await createDatabase("released") }
    } else place = { dataDir: join(dir, "data") }
    // The previous release's database, stopped; the operator backs it up, then starts the current release on it.
    const database = await openDatabase(place)
    manifest = await loadRelease(database)
    await database.close()
    restore = backUp(place)
    server = await start(place)
  }, 180_000)

  afterAll(async () => {
    await server?.stop()
    await admin?.end()
    await cluster?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("upgraded from the previous release: every row kept, readable through the API", async () => {
    const live = server!
    // No table the release had lost a row to the current migrations (they may add reference rows).
    for (const [table, rows] of Object.entries(manifest.rows))
      expect(await count(live, `SELECT count(*) AS n FROM "${table}"`), table).toBeGreaterThanOrEqual(rows)
    expect(await count(live, "SELECT count(*) AS n FROM drizzle.__drizzle_migrations")).toBeGreaterThan(manifest.tags.length)

    // Every demo user logs in with the release's password hash.
    const tokens: Record<string, string> = {}
    for (const { username } of DEMO_LOGINS) tokens[username] = (await login(live.url, username)).user_token

    // Lists answer what the tables hold.
    const users = await listedUsers(live, tokens.admin)
    expect(users.totalItems).toBe(await count(live, "SELECT count(*) AS n FROM users WHERE client_id = 1"))
    const contacts = await send(live.url, callOf("contacts", "fetchAllContacts"), { page: 1, limit: 10 }, as(tokens.admin))
    expect(contacts.status).toBe(200)
    expect(contacts.body.data.totalItems).toBe(await count(live, "SELECT count(*) AS n FROM contacts WHERE client_id = 1"))
    expect(contacts.body.data.totalItems).toBeGreaterThan(0)

    // A conversation opens with all its messages, as stored.
    const { rows } = await live.services.database.query(
      `SELECT ct.number, count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
       JOIN contacts ct ON ct.id = c.contact_id WHERE c.client_id = 1 GROUP BY ct.number ORDER BY n DESC, ct.number LIMIT 1`,
    )
    const busiest = rows[0] as { number: string; n: number }
    const history = await send(live.url, callOf("chat", "agentHistoryChat"), { number: busiest.number, limit: 500 }, as(tokens.admin))
    expect(history.status).toBe(200)
    expect(history.body.data.totalItems).toBe(busiest.n)
    expect(history.body.data.items).toHaveLength(busiest.n)
  })

  it("restored from the backup: a user deleted since is back, and signs in", async () => {
    const token = (await login(server!.url, "admin")).user_token
    const before = await listedUsers(server!, token)
    const agent2 = (await login(server!.url, "agent2")).user_data.id
    // Lose data: the admin deletes agent2, who can no longer sign in.
    expect((await send(server!.url, callOf("users", "usersDeleteById"), { id: agent2 }, as(token))).status).toBe(200)
    expect((await listedUsers(server!, token)).totalItems).toBe(before.totalItems - 1)
    await expect(login(server!.url, "agent2")).rejects.toThrow(/login agent2/)

    // Restore: stop, start on the backup (the current release migrates it again).
    await server!.stop()
    server = null
    server = await start(await restore())
    const restoredToken = (await login(server.url, "admin")).user_token
    expect((await listedUsers(server, restoredToken)).items.map((user) => user.username).sort()).toEqual(
      before.items.map((user) => user.username).sort(),
    )
    expect((await login(server.url, "agent2")).user_data.id).toBe(agent2)
  }, 120_000)
})
