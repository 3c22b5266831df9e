/**
 * A CSV file sent as text in a request, read as a table with a header line (the bulk uploads: branches, products).
 * Header names are compared folded (`Retailer ID` is `retailer_id`); a file that is not CSV, or whose header lacks a
 * required column, is a 400 on `csv`. Every data line is the caller's to account for, numbered as in the file.
 */
import { parse } from "csv-parse/sync"
import { badRequest } from "../http/errors"

/** One refused line of an upload, numbered as in the file (the header is line 1). */
export interface LineError {
  readonly line: number
  readonly message: string
}

const headerOf = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")

export interface CsvTable {
  /** The data lines in file order: the first is line 2. */
  readonly lines: readonly string[][]
  /** A line's trimmed cell under a column, "" when the header has no such column. */
  readonly at: (row: readonly string[], column: string) => string
  /** Whether the header names a column (a column left out keeps what is stored). */
  readonly has: (column: string) => boolean
}

export const csvTable = (csv: string, required: readonly string[]): CsvTable => {
  let records: string[][]
  try {
    records = parse(csv, { bom: true, skip_empty_lines: false, relax_column_count: true, trim: true }) as string[][]
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}`, "csv")
  }
  const [header, ...lines] = records
  const columns = (header ?? []).map(headerOf)
  const missing = required.filter((c) => !columns.includes(c))
  if (missing.length > 0) throw badRequest(`The header must name ${missing.join(", ")}`, "csv")
  const at = (row: readonly string[], column: string) => {
    const i = columns.indexOf(column)
    return i < 0 ? "" : (row[i] ?? "").trim()
  }
  return { lines, at, has: (column) => columns.includes(column) }
}

/** A line with nothing in it (reported as "Empty line", never skipped silently). */
export const blankLine = (row: readonly string[]) => row.every((cell) => cell.trim() === "")
