/**
 * Many rows read as PostgreSQL's text output of each value (`null` for NULL), one array per row, skipping the drivers'
 * per-value parsing: what a large export reads. On PostgreSQL the text protocol's values are kept as they come; on
 * PGlite, whose per-row decoding is several times slower, the query runs as `COPY (…) TO '/dev/blob'` in COPY's text
 * format, which has no parameters: they are written into the statement as literals.
 */
import type { PGlite } from "@electric-sql/pglite"
import type pg from "pg"

export type TextRow = (string | null)[]

const asText = (value: string) => value
const TEXT_TYPES = { getTypeParser: () => asText }

export const postgresTextRows = async (pool: pg.Pool, sql: string, params: readonly unknown[]): Promise<TextRow[]> =>
  (await pool.query<TextRow>({ text: sql, values: params as unknown[], rowMode: "array", types: TEXT_TYPES })).rows

/** A parameter as an SQL literal (standard_conforming_strings is on: only quotes are doubled). */
const literalOf = (value: unknown): string => {
  if (value === null || value === undefined) return "NULL"
  if (typeof value === "number" && Number.isFinite(value)) return String(value)
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`
  throw new Error(`textRows: a parameter must be a finite number, a string or null, not ${typeof value}`)
}

const ESCAPED: Readonly<Record<string, string>> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" }
/** A COPY text field: `\N` is NULL; a backslash escapes the next character (b f n r t v name control characters). */
const fieldOf = (field: string): string | null => {
  if (field === "\\N") return null
  return field.includes("\\") ? field.replace(/\\(.)/gs, (_, c: string) => ESCAPED[c] ?? c) : field
}

/** `sql` must use `$n` only for its parameters (no dollar quoting): each is replaced by its literal. */
export const pgliteTextRows = async (client: PGlite, sql: string, params: readonly unknown[]): Promise<TextRow[]> => {
  const inlined = sql.replace(/\$(\d+)/g, (_, n: string) => literalOf(params[Number(n) - 1]))
  const { blob } = await client.query(`COPY (${inlined}) TO '/dev/blob'`)
  const text = blob ? await blob.text() : ""
  const rows: TextRow[] = []
  let start = 0
  for (let end = text.indexOf("\n"); end !== -1; start = end + 1, end = text.indexOf("\n", start))
    rows.push(text.slice(start, end).split("\t").map(fieldOf))
  return rows
}
