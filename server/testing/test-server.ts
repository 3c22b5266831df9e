/**
 * Test harness. `startTestServer()` starts a real server on a free port over a private copy of the seeded demo
 * world and returns `{ url, stop }` (plus the services, for tests that need the JWT secret or the database).
 *
 *   const server = await startTestServer()                 // PGlite: a copy of a template built once per run
 *   const pgc = await startPostgres()                      // Debian PostgreSQL 15 on a private port in a temp dir
 *   const server2 = await startTestServer({ postgres: pgc })  // a fresh database copied from a seeded template
 *   ...; await server.stop(); await server2.stop(); await pgc.stop()
 */
import { createHash } from "node:crypto"
import { chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs"
import { join } from "node:path"
import { tmpdir } from "node:os"
import { execFileSync, spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"
import { startServer, type RunningServer } from "../app"
import { migrateDatabase, openDatabase, PGLITE_EXTENSIONS, type Database } from "../db/db"
import { seedIfEmpty } from "../db/seed/world"
import { freePort } from "../sip/daemon"
import type { Config } from "../config"
import type { JobsOptions } from "../core/job-runner"

export interface TestServer extends RunningServer {}

/** The server folder (this file sits in server/testing). */
const here = fileURLToPath(new URL("..", import.meta.url))
const cacheDir = join(here, "..", ".tmp", "test-template")

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : entry.name.endsWith(".sql") || entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  )

/**
 * The template's identity: today's date (the seed spreads activity around "today") and every file the seed
 * depends on: migrations, seed code, the ACL rules and the contract (routes and permission names).
 */
const templateHash = () => {
  const hash = createHash("sha256").update(new Date().toISOString().slice(0, 10))
  const sources = [join(here, "db"), join(here, "auth"), join(here, "..", "src", "contract")]
  for (const file of sources.flatMap(filesUnder).sort()) hash.update(file).update(readFileSync(file))
  return hash.digest("hex").slice(0, 16)
}

/** Removes the cache entries of other hashes that no run still reads (older than an hour: a run of an earlier tree ends first). */
const pruneCache = (keep: string) => {
  const hourAgo = Date.now() - 3_600_000
  for (const old of readdirSync(cacheDir)) {
    const path = join(cacheDir, old)
    if (!old.startsWith(keep) && (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) < hourAgo)
      rmSync(path, { recursive: true, force: true })
  }
}

let template: Promise<string> | null = null

/**
 * The seeded PGlite's data folder, built once per template hash under .tmp/test-template (by whichever process needs it
 * first) and copied for each server: a copy on a memory-backed disk starts in about half the time of unpacking a dump
 * into PGlite's in-memory file system, at the same speed per query.
 */
const pgliteTemplate = (): Promise<string> => {
  template ??= (async () => {
    const hash = templateHash()
    const folder = join(cacheDir, `${hash}-pglite`)
    if (existsSync(join(folder, "PG_VERSION"))) return folder
    const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
    const database = await openDatabase({ pglite: db })
    await migrateDatabase(database)
    await seedIfEmpty(database)
    const dump = await db.dumpDataDir("none")
    await db.close()
    mkdirSync(cacheDir, { recursive: true })
    const partial = `${folder}.${process.pid}.part`
    await (await PGlite.create(partial, { loadDataDir: dump, extensions: PGLITE_EXTENSIONS })).close()
    settle(partial, folder)
    pruneCache(hash)
    return folder
  })()
  return template
}

/** Moves a finished cache entry into place; when another process finished the same one first, theirs stays. */
const settle = (partial: string, folder: string) => {
  try {
    renameSync(partial, folder)
  } catch {
    rmSync(partial, { recursive: true, force: true })
  }
}

/**
 * Each server's copy of the template: on /dev/shm where there is one, removed when the server stops or the process
 * ends. A process killed by a signal leaves its copies: the next process removes those of processes no longer alive.
 */
const scratchRoot = existsSync("/dev/shm") ? "/dev/shm" : tmpdir()
const SCRATCH = "pglite-test-"
const scratch = new Set<string>()
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}
let swept = false
const sweepOrphans = () => {
  swept = true
  for (const name of readdirSync(scratchRoot)) {
    const pid = Number(name.slice(SCRATCH.length).split("-")[0])
    if (name.startsWith(SCRATCH) && pid > 0 && !alive(pid)) rmSync(join(scratchRoot, name), { recursive: true, force: true })
  }
  process.once("exit", () => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
  })
}
const scratchCopy = (template: string) => {
  if (!swept) sweepOrphans()
  const dir = mkdtempSync(join(scratchRoot, `${SCRATCH}${process.pid}-`))
  scratch.add(dir)
  cpSync(template, dir, { recursive: true })
  return dir
}
const dropScratch = (dir: string) => {
  rmSync(dir, { recursive: true, force: true })
  scratch.delete(dir)
}

export interface TestServerOptions {
  /** Run on this PostgreSQL cluster (a fresh database per server) instead of PGlite. */
  readonly postgres?: PostgresCluster
  readonly config?: Partial<Config>
  readonly jwtSecret?: string
  /** The built console to serve (default: the repository's dist/). */
  readonly distDir?: string
  /** The job runner's clock and timer (server/core/jobs.ts). */
  readonly jobs?: JobsOptions
  /** Start again on this database (a restart): a PostgreSQL URL of an earlier server, or a PGlite copy of it. */
  readonly databaseUrl?: string
  readonly pglite?: PGlite
}

export const startTestServer = async (options: TestServerOptions = {}): Promise<TestServer> => {
  const common = {
    port: 0,
    host: "127.0.0.1",
    jwtSecret: options.jwtSecret ?? "test-secret",
    // A test's own bursts and a loaded CI machine must not have its customers refused (http/shedding.ts has its test).
    config: { shedAfterMs: 0, ...options.config },
    distDir: options.distDir ?? join(here, "..", "dist"),
    jobs: options.jobs,
  }
  if (options.databaseUrl) return startServer({ ...common, databaseUrl: options.databaseUrl, seed: false })
  if (options.pglite) return startServer({ ...common, pglite: options.pglite, seed: false })
  if (options.postgres) return startServer({ ...common, databaseUrl: await options.postgres.createDatabase() })
  const dir = scratchCopy(await pgliteTemplate())
  try {
    const server = await startServer({ ...common, pglite: await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }), seed: false })
    return { ...server, stop: () => server.stop().finally(() => dropScratch(dir)) }
  } catch (error) {
    dropScratch(dir)
    throw error
  }
}

export interface PostgresCluster {
  readonly url: string
  /** A new database copied from the seeded template database; returns its URL. */
  readonly createDatabase: () => Promise<string>
  readonly stop: () => Promise<void>
}

/** The newest installed PostgreSQL's programs (postgres, pg_ctl, pgbench). */
export const pgBin = () => {
  const root = "/usr/lib/postgresql"
  const version = existsSync(root) ? readdirSync(root).sort().reverse()[0] : undefined
  if (!version) throw new Error("PostgreSQL is not installed (apt-get install postgresql)")
  return join(root, version, "bin")
}

/** Root cannot run postgres: run it as the postgres user when we are root. */
/**
 * Runs a PostgreSQL tool as the postgres user. In UTC: initdb writes the zone it runs in into the template's
 * postgresql.conf, and a test that moved this process's TZ (a time-zone property test) must not leave it in every
 * cluster copied from it.
 */
const asPostgres = (command: string, args: string[]) => {
  const isRoot = process.getuid?.() === 0
  const options = { encoding: "utf8" as const, env: { ...process.env, TZ: "UTC" } }
  const result = isRoot ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], options) : spawnSync(command, args, options)
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
}

let databases = 0

/** A private temp folder the postgres user owns (root cannot run postgres). */
const postgresOwnedDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "pg-test-"))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim())
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim())
    chownSync(dir, uid, gid)
  }
  return dir
}

/**
 * Starts a cluster on a free port and answers the port. A port another process took between its choice and the start
 * is chosen again; any other failure throws with the end of the cluster's log (pg_ctl itself says only "could not start
 * server").
 */
const startCluster = async (bin: string, dir: string, data: string, params = ""): Promise<number> => {
  const log = join(dir, "log")
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      asPostgres(join(bin, "pg_ctl"), [
        "-D",
        data,
        "-l",
        log,
        "-w",
        "-o",
        `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off${params}`,
        "start",
      ])
      return port
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "(no log)"
      if (attempt < 3 && /could not bind|already in use/i.test(tail)) continue
      throw new Error(`${(error as Error).message}\n${tail}`)
    }
  }
}

/**
 * A stopped cluster's data folder with `template_world` migrated and seeded, built once per template hash under
 * .tmp/test-template (by whichever process needs it first) and copied for each cluster: initdb, the migrations and the
 * seed cost seconds, the copy a fraction of that. Small WAL segments keep the folder, and so each copy, small.
 */
const postgresTemplate = async (bin: string): Promise<string> => {
  const hash = templateHash()
  const folder = join(cacheDir, `${hash}-postgres`)
  if (existsSync(join(folder, "PG_VERSION"))) return folder
  const dir = postgresOwnedDir()
  try {
    const data = join(dir, "data")
    asPostgres(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--wal-segsize=1"])
    const port = await startCluster(bin, dir, data, " -c min_wal_size=2MB -c max_wal_size=32MB")
    try {
      const base = `postgres://postgres@127.0.0.1:${port}`
      const admin = new pg.Client({ connectionString: `${base}/postgres` })
      await admin.connect()
      await admin.query("CREATE DATABASE template_world").finally(() => admin.end())
      const seeded: Database = await openDatabase({ databaseUrl: `${base}/template_world` })
      await migrateDatabase(seeded)
      await seedIfEmpty(seeded)
      await seeded.close()
    } finally {
      // A clean stop: the copies start without crash recovery.
      asPostgres(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"])
    }
    mkdirSync(cacheDir, { recursive: true })
    const partial = `${folder}.${process.pid}.part`
    execFileSync("cp", ["-a", data, partial])
    settle(partial, folder)
    pruneCache(hash)
    return folder
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Starts Debian's PostgreSQL on a private port with its data and socket in a temp dir (a copy of the seeded template
 * cluster). `statements`: with pg_stat_statements loaded, counting statements inside functions and triggers too
 * (scripts/profile-inbound.ts). `timeZone`: the cluster's default zone (a server's sessions stay in UTC whatever it is).
 */
export const startPostgres = async (options: { statements?: boolean; timeZone?: string } = {}): Promise<PostgresCluster> => {
  const bin = pgBin()
  const template = await postgresTemplate(bin)
  const dir = postgresOwnedDir()
  const data = join(dir, "data")
  execFileSync("cp", ["-a", template, data])
  const port = await startCluster(
    bin,
    dir,
    data,
    (options.statements
      ? " -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all -c pg_stat_statements.track_planning=on"
      : "") + (options.timeZone ? ` -c timezone=${options.timeZone}` : ""),
  )
  const base = `postgres://postgres@127.0.0.1:${port}`
  const admin = new pg.Client({ connectionString: `${base}/postgres` })
  await admin.connect()
  return {
    url: `${base}/postgres`,
    createDatabase: async () => {
      const name = `world_${process.pid}_${++databases}`
      await admin.query(`CREATE DATABASE ${name} TEMPLATE template_world`)
      return `${base}/${name}`
    },
    stop: async () => {
      await admin.end().catch(() => {})
      try {
        asPostgres(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
