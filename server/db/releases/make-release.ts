/**
 * Makes a release fixture from a checkout of the release (server/db/releases/README.md):
 *
 *   npx tsx server/db/releases/make-release.ts --checkout /tmp/release [--through <last migration tag>] --name <name>
 *
 * With the release's own code (its migrations up to --through, all by default, and its demo seed) it builds a fresh
 * database, then writes `<name>.sql.gz` (its data as INSERTs) and `<name>.json` (commit, migration tags, row counts)
 * here.
 */
import { execFileSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { gzipSync } from "node:zlib"
import { pathToFileURL } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import { migrate } from "drizzle-orm/pglite/migrator"
import { dumpData, migrationsThrough, RELEASES_DIR, type ReleaseManifest } from "./release-dump"

const { values } = parseArgs({ options: { checkout: { type: "string" }, through: { type: "string" }, name: { type: "string" } } })
if (!values.checkout || !values.name) throw new Error("usage: make-release.ts --checkout DIR [--through TAG] --name NAME")
const checkout = resolve(values.checkout)
const migrationsFolder = join(checkout, "server", "db", "migrations")
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] }
const all = journal.entries.map((entry) => entry.tag)
const tags = values.through ? all.slice(0, all.indexOf(values.through) + 1) : all
if (tags.length === 0) throw new Error(`No migration ${values.through} in ${migrationsFolder}`)

// The release's own modules: its database layer and its demo seed.
const released = (path: string) => import(pathToFileURL(join(checkout, path)).href)
const { openDatabase, PGLITE_EXTENSIONS } = await released("server/db/db.ts")
const { seedIfEmpty } = await released("server/db/seed/world.ts")

const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
const database = await openDatabase({ pglite })
const migrations = migrationsThrough(migrationsFolder, tags)
try {
  await migrate(database.db, { migrationsFolder: migrations.folder })
} finally {
  migrations.dispose()
}
await seedIfEmpty(database)
const { sql, rows } = await dumpData(database.query)
await database.close()

const commit = execFileSync("git", ["-C", checkout, "rev-parse", "HEAD"], { encoding: "utf8" }).trim()
const manifest: ReleaseManifest = { commit, tags, rows }
const gz = gzipSync(sql, { level: 9 })
writeFileSync(join(RELEASES_DIR, `${values.name}.sql.gz`), gz)
writeFileSync(join(RELEASES_DIR, `${values.name}.json`), `${JSON.stringify(manifest, null, 2)}\n`)
const total = Object.values(rows).reduce((sum, n) => sum + n, 0)
console.log(`${values.name}: ${tags.length} migrations, ${total} rows in ${Object.keys(rows).length} tables, ${gz.length} bytes gzipped`)
