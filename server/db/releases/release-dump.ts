/**
 * A released database kept as a data dump (server/db/releases/README.md): per table a DELETE and plain SQL INSERTs (one
 * multi-row statement per 500 rows), then every sequence's position, applied over the schema the release's migrations make. Both databases run
 * it (PostgreSQL as a superuser: `session_replication_role = replica` loads the rows as they were, without firing the
 * triggers and foreign-key checks the release's own writes already went through).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gunzipSync } from "node:zlib"

/** What a release fixture says about itself (`<name>.json` beside `<name>.sql.gz`). */
export interface ReleaseManifest {
  /** The commit the fixture was made from. */
  readonly commit: string
  /** The migration tags (meta/_journal.json) the release had applied, in order. */
  readonly tags: readonly string[]
  /** Rows per table as the release left them. */
  readonly rows: Readonly<Record<string, number>>
}

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>

const BATCH = 500
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The data of every table in the public schema, as SQL INSERTs, and the row counts. */
export const dumpData = async (query: Query): Promise<{ sql: string; rows: Record<string, number> }> => {
  const tables = (
    await query(
      "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname",
    )
  ).rows.map((row) => String(row.name))
  const out = ["SET session_replication_role = replica;"]
  const rows: Record<string, number> = {}
  for (const table of tables) {
    const columns = (
      await query(
        `SELECT attname FROM pg_attribute WHERE attrelid = ${`'public.${quoteIdent(table)}'`}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      )
    ).rows.map((row) => quoteIdent(String(row.attname)))
    const tuples = (
      await query(
        `SELECT '(' || concat_ws(',', ${columns.map((c) => `quote_nullable(${c}::text)`).join(", ")}) || ')' AS t FROM public.${quoteIdent(table)}`,
      )
    ).rows.map((row) => String(row.t))
    rows[table] = tuples.length
    // The rows a migration inserted (reference data) are replaced by the release's, whatever it had changed in them.
    out.push(`DELETE FROM public.${quoteIdent(table)};`)
    for (let i = 0; i < tuples.length; i += BATCH)
      out.push(
        `INSERT INTO public.${quoteIdent(table)} (${columns.join(", ")}) OVERRIDING SYSTEM VALUE VALUES\n${tuples.slice(i, i + BATCH).join(",\n")};`,
      )
  }
  const sequences = (
    await query(
      "SELECT schemaname, sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY 2",
    )
  ).rows
  for (const sequence of sequences)
    out.push(`SELECT setval('public.${quoteIdent(String(sequence.sequencename))}', ${Number(sequence.last_value)}, true);`)
  out.push("SET session_replication_role = DEFAULT;")
  return { sql: `${out.join("\n")}\n`, rows }
}

export const RELEASES_DIR = fileURLToPath(new URL(".", import.meta.url))
export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations", import.meta.url))

export const readRelease = (name: string): { manifest: ReleaseManifest; sql: string } => ({
  manifest: JSON.parse(readFileSync(join(RELEASES_DIR, `${name}.json`), "utf8")) as ReleaseManifest,
  sql: gunzipSync(readFileSync(join(RELEASES_DIR, `${name}.sql.gz`))).toString("utf8"),
})

interface Journal {
  entries: { tag: string }[]
}

/**
 * A migrations folder holding only the given tags (a copy of `from` with its journal cut down): drizzle's migrator
 * applied to it makes the schema a release had. The caller removes it (`dispose`).
 */
export const migrationsThrough = (from: string, tags: readonly string[]): { folder: string; dispose: () => void } => {
  const journal = JSON.parse(readFileSync(join(from, "meta", "_journal.json"), "utf8")) as Journal
  const entries = journal.entries.slice(0, tags.length)
  const found = entries.map((entry) => entry.tag)
  if (found.join() !== tags.join()) throw new Error(`The migrations in ${from} do not begin with the release's: ${tags.join(", ")}`)
  const folder = mkdtempSync(join(tmpdir(), "release-migrations-"))
  mkdirSync(join(folder, "meta"))
  for (const name of readdirSync(from)) if (tags.some((tag) => name === `${tag}.sql`)) copyFileSync(join(from, name), join(folder, name))
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }))
  return { folder, dispose: () => rmSync(folder, { recursive: true, force: true }) }
}
