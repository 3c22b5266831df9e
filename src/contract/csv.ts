/**
 * The one CSV writer of every export, in the console and on the server: RFC 4180 fields, CRLF line ends, and OWASP's
 * CSV-injection rule. A text cell beginning with `=`, `+`, `-`, `@`, tab or carriage return is prefixed with a single
 * quote and quoted, so a spreadsheet shows it as text instead of running it as a formula; that includes a phone number
 * (`+90…`) and a negative amount kept as text. A value given as a number (or as `csvNumeral`) is written as its
 * numeral, a negative one too: a numeral cannot call a function. See docs/decisions/csv-formula-rule.md.
 */

const NUMERAL = Symbol("csvNumeral")

/** A number written with a fixed count of decimals (an amount: `-12.50`), never escaped. */
export interface CsvNumeral {
  readonly [NUMERAL]: string
}

export type CsvValue = string | number | bigint | boolean | null | undefined | CsvNumeral

/** `value` with `fractionDigits` decimals as a numeral cell (empty when it is not a finite number). */
export const csvNumeral = (value: number, fractionDigits: number): CsvNumeral => ({
  [NUMERAL]: Number.isFinite(value) ? value.toFixed(fractionDigits) : "",
})

/** The first characters OWASP lists as starting a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/
// Nearly every cell needs nothing: one test instead of two on a 999,999-row export.
const SPECIAL = /^[=+\-@\t\r]|[",\r\n]/

const textCell = (text: string): string => {
  if (!SPECIAL.test(text)) return text
  if (FORMULA_START.test(text)) return `"'${text.replace(/"/g, '""')}"`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One cell as the file holds it. */
export const csvCell = (value: CsvValue): string => {
  if (typeof value === "string") return textCell(value)
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : ""
  if (value === null || value === undefined) return ""
  if (typeof value === "bigint" || typeof value === "boolean") return String(value)
  return value[NUMERAL]
}

/** One line of cells, without its line end. */
export const csvLine = (cells: readonly CsvValue[]): string => cells.map(csvCell).join(",")

/** A whole file: the header line, then a line per row, each ending in CRLF. */
export const csvFile = (header: readonly string[], rows: Iterable<readonly CsvValue[]>): string => {
  const lines = [csvLine(header)]
  for (const row of rows) lines.push(csvLine(row))
  return `${lines.join("\r\n")}\r\n`
}
