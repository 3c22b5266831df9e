/**
 * The one database abstraction every route is written against: drizzle over embedded PGlite (a data
 * folder, or an in-memory clone for tests) or over PostgreSQL through `pg` when a URL is given.
 * Both speak the same SQL and share one migration set.
 */
import { fileURLToPath } from "node:url"
import { mkdirSync } from "node:fs"
import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import pg from "pg"
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core"
import { drizzle as drizzlePglite } from "drizzle-orm/pglite"
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator"
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres"
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator"
import { takingTurns } from "./pglite-turns"
import { pgliteTextRows, postgresTextRows, type TextRow } from "./text-rows"

/** A drizzle handle: the database or a transaction (a transaction is a PgDatabase too). */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>

export interface Database {
  readonly db: Db
  readonly kind: "pglite" | "postgres"
  /** Runs `fn` in one transaction: every write call uses this, so a failure leaves nothing half-written. */
  readonly transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>
  /** Runs raw SQL with positional parameters (bulk seeding). */
  readonly query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
  /** Many rows, each value as its text output (text-rows.ts); for exports. */
  readonly textRows: (sql: string, params: readonly unknown[]) => Promise<TextRow[]>
  readonly pglite?: PGlite
  /** Runs `fn` while holding a database-wide lock (PostgreSQL advisory lock), so several processes starting at once migrate and seed once. */
  readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T>
  /**
   * Whether the database answers, asked over a connection of its own on PostgreSQL (`/readyz`): through the pool, a
   * probe would wait behind the work queued there, and a busy node would be called unreachable and taken out by the
   * balancer just when its peer died (http/shedding.ts measures the queue instead).
   */
  readonly ping: () => Promise<void>
  /** Work `close` finishes first, once (writes a timer batches, like the chat events' relay marks). */
  readonly beforeClose: (finish: () => Promise<void>) => void
  readonly close: () => Promise<void>
}

/** `beforeClose` and a `close` that runs what was registered, then closes the connection. */
const closing = (closeConnection: () => Promise<void>) => {
  const pending: (() => Promise<void>)[] = []
  return {
    beforeClose: (finish: () => Promise<void>) => void pending.push(finish),
    close: async () => {
      await Promise.allSettled(pending.splice(0).map((finish) => finish()))
      await closeConnection()
    },
  }
}

/** The transactions `Database.transaction` opened and not finished: their database and their after-commit work. */
const opened = new WeakMap<Db, { readonly database: Db; readonly committed: (() => void)[] }>()

const inTransactions =
  (db: Db) =>
  async <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
    const committed: (() => void)[] = []
    const result = await db.transaction((tx) => {
      opened.set(tx as unknown as Db, { database: db, committed })
      return fn(tx as unknown as Db)
    })
    for (const run of committed) run()
    return result
  }

/** The database `db` runs on: the database of a transaction `Database.transaction` opened, else `db` itself. */
export const databaseOf = (db: Db): Db => opened.get(db)?.database ?? db

/** Runs `fn` once the transaction `Database.transaction` opened as `db` committed (never if it rolls back); at once for anything else. */
export const onCommitOf = (db: Db, fn: () => void): void => {
  const tx = opened.get(db)
  if (tx) tx.committed.push(fn)
  else fn()
}

/** The extensions every PGlite must load before the migrations run (0008 creates pg_trgm for contact search). */
export const PGLITE_EXTENSIONS = { pg_trgm }

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url))

/**
 * A PGlite data folder runs with 64 MB of shared buffers (the demo's server stays under 500 MiB resident) unless
 * `PGLITE_SHARED_BUFFERS` asks for another size PostgreSQL reads, like `1GB`: the benchmarks and big imports do. A
 * 100,000-row import into the million-contact bench book touches more index pages than 128 MB holds; evicting and
 * reading them back cost it about a third of its wall time under load (docs/benchmarks.md, bench:contacts), and 1 GB
 * costs about 0.9 GB of resident memory from the start.
 */
const dataFolderParams = (): string[] => {
  const size = process.env.PGLITE_SHARED_BUFFERS?.trim() || "64MB"
  if (!/^\d+(kB|MB|GB)$/.test(size)) throw new Error(`PGLITE_SHARED_BUFFERS must be a size like 512MB or 1GB, not "${size}"`)
  return ["-c", `shared_buffers=${size}`]
}

export interface OpenOptions {
  /** PostgreSQL connection string; wins over everything else. */
  readonly databaseUrl?: string
  /** PGlite data folder. */
  readonly dataDir?: string
  /** An already opened PGlite (a test clone). */
  readonly pglite?: PGlite
}

const fromPglite = (client: PGlite): Database => {
  takingTurns(client)
  const db = drizzlePglite({ client }) as unknown as Db
  return {
    db,
    kind: "pglite",
    pglite: client,
    transaction: inTransactions(db),
    query: async (sql, params) => ({ rows: (await client.query<Record<string, unknown>>(sql, params)).rows }),
    textRows: (sql, params) => pgliteTextRows(client, sql, params),
    // One PGlite belongs to one process: nothing to coordinate.
    exclusive: (fn) => fn(),
    ping: async () => void (await client.query("select 1")),
    ...closing(() => client.close()),
  }
}

const STARTUP_LOCK = 7_342_001

/**
 * Every PostgreSQL session of the server runs in UTC, whatever the cluster's default (`timezone` in postgresql.conf,
 * which initdb takes from the machine it ran on): the server's SQL keeps instants, slots and day bounds in UTC and
 * turns them into a tenant's days itself, so a cluster set up in Lord Howe time must count as one set up in UTC.
 * And without JIT compilation: the server's statements run for milliseconds, and a correlated sub-select per row lifts
 * a plan's estimate over `jit_above_cost` ([decision](../../docs/decisions/postgres-without-jit.md)).
 */
const SESSION = { options: "-c TimeZone=UTC -c jit=off" }

/** One connection, opened on first use and again after it failed, for `ping`. */
const prober = (connectionString: string) => {
  let connection: Promise<pg.Client> | null = null
  const open = () => {
    const client = new pg.Client({ connectionString, ...SESSION })
    client.on("error", () => {})
    connection = client.connect().then(() => client)
    connection.catch(() => {
      connection = null
    })
    return connection
  }
  return {
    ping: async () => {
      const client = await (connection ?? open())
      try {
        await client.query("select 1")
      } catch (error) {
        connection = null
        void client.end().catch(() => {})
        throw error
      }
    },
    close: async () => {
      const client = await connection?.catch(() => null)
      connection = null
      await client?.end().catch(() => {})
    },
  }
}

const fromPool = (pool: pg.Pool, connectionString: string): Database => {
  const db = drizzlePg({ client: pool }) as unknown as Db
  const probe = prober(connectionString)
  return {
    db,
    kind: "postgres",
    transaction: inTransactions(db),
    query: async (sql, params) => ({ rows: (await pool.query(sql, params)).rows }),
    textRows: (sql, params) => postgresTextRows(pool, sql, params),
    exclusive: async (fn) => {
      const holder = await pool.connect()
      try {
        await holder.query("select pg_advisory_lock($1)", [STARTUP_LOCK])
        return await fn()
      } finally {
        await holder.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => {})
        holder.release()
      }
    },
    ping: probe.ping,
    ...closing(async () => {
      await probe.close()
      await pool.end()
    }),
  }
}

export const openDatabase = async (options: OpenOptions): Promise<Database> => {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, ...SESSION })
    // An idle client's network error must not crash the process.
    pool.on("error", () => {})
    return fromPool(pool, options.databaseUrl)
  }
  if (options.pglite) return fromPglite(options.pglite)
  const dataDir = options.dataDir ?? "./data"
  mkdirSync(dataDir, { recursive: true })
  return fromPglite(
    await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, startParams: [...PGlite.defaultStartParams, ...dataFolderParams()] }),
  )
}

/**
 * Tables whose index-only scans the search and the segment counts rely on (contact_words, migration 0018;
 * contact_attributes and the narrow indexes on contacts, migration 0036). PGlite runs no autovacuum, so
 * their visibility map is set here, at start, when most of a large table is not marked all-visible (after the
 * migration that filled it, or big imports); VACUUM cannot run inside the migrations' transaction.
 */
const VACUUMED_AT_START = ["contact_words", "contact_attributes", "contacts"]

/** Applies the committed migration set (idempotent: drizzle records what ran). */
export const migrateDatabase = async (database: Database) => {
  if (database.kind === "pglite") await migratePglite(database.db as never, { migrationsFolder })
  else await migratePg(database.db as never, { migrationsFolder })
  if (database.kind !== "pglite") return
  for (const table of VACUUMED_AT_START) {
    const { rows } = await database.query("SELECT relpages, relallvisible FROM pg_class WHERE relname = $1", [table])
    const stats = rows[0] as { relpages: number; relallvisible: number } | undefined
    if (stats && stats.relpages > 1000 && stats.relallvisible < stats.relpages / 2) await database.query(`VACUUM (ANALYZE) ${table}`, [])
  }
}
