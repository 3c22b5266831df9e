/**
 * Where a recipient list's numbers come from, every row accounted for: typed numbers, a CSV (csv-parse; a `number`
 * column, or the first, and the other columns as parameters in order), or the contacts matching a filter (a group, a
 * segment, a search: the contact book's own query). Each number is read with libphonenumber-js (numbers without `+`
 * in the given country, else as international) and kept as E.164; a row is accepted, a duplicate of an earlier row,
 * or invalid, with why.
 */
import { parse } from "csv-parse/sync"
import { sql } from "drizzle-orm"
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js"
import type { ContactFilter } from "../../../src/contract/schemas/contacts"
import type { RecipientRowOutcome } from "../../../src/contract/schemas/campaigns"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { badRequest } from "../../http/errors"
import { contactWhere } from "../contacts"

export interface SourceRow {
  readonly line: number
  readonly value: string
  readonly params: readonly string[]
}

export interface Accepted {
  readonly number: string
  readonly params: readonly string[]
}

export interface Sorted {
  readonly rows: number
  readonly accepted: Accepted[]
  readonly duplicates: number
  readonly invalid: number
  readonly problems: RecipientRowOutcome[]
}

const PROBLEMS_SHOWN = 1000
const MAX_ROWS = 100_000

/** E.164 (`+905551112233`), or null when libphonenumber-js does not read a valid number. */
export const e164Of = (value: string, country?: string): string | null => {
  const text = value.trim()
  if (!/^\+?[0-9 ().-]{5,24}$/.test(text)) return null
  const digits = text.replace(/[^0-9+]/g, "")
  const parsed = digits.startsWith("+")
    ? parsePhoneNumberFromString(digits)
    : country
      ? parsePhoneNumberFromString(digits, country as CountryCode)
      : parsePhoneNumberFromString(`+${digits}`)
  return parsed?.isValid() ? parsed.number : null
}

/** Sorts rows into accepted, duplicates and invalid, in order. */
export const sortRows = (rows: readonly SourceRow[], country?: string): Sorted => {
  if (rows.length > MAX_ROWS) throw badRequest(`A list holds at most ${MAX_ROWS} numbers; this one has ${rows.length}`, "numbers")
  const seen = new Map<string, number>()
  const accepted: Accepted[] = []
  const problems: RecipientRowOutcome[] = []
  let duplicates = 0
  let invalid = 0
  const note = (p: RecipientRowOutcome) => void (problems.length < PROBLEMS_SHOWN && problems.push(p))
  for (const row of rows) {
    const number = e164Of(row.value, country)
    if (number === null) {
      invalid++
      note({ line: row.line, value: row.value.slice(0, 64), outcome: "invalid", reason: "Not a valid phone number" })
      continue
    }
    const first = seen.get(number)
    if (first !== undefined) {
      duplicates++
      note({ line: row.line, value: row.value.slice(0, 64), outcome: "duplicate", reason: `Same number as line ${first}`, of_line: first })
      continue
    }
    seen.set(number, row.line)
    accepted.push({ number, params: row.params })
  }
  return { rows: rows.length, accepted, duplicates, invalid, problems }
}

/** The CSV's data rows (line numbers as a spreadsheet shows them, the header being line 1). */
export const csvRows = (csv: string): SourceRow[] => {
  let records: string[][]
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][]
  } catch (error) {
    throw badRequest(`The CSV cannot be read: ${error instanceof Error ? error.message : String(error)}`, "csv")
  }
  if (records.length === 0) throw badRequest("The CSV is empty", "csv")
  const header = records[0].map((h) => h.toLowerCase())
  const named = header.findIndex((h) => ["number", "phone", "phone_number", "mobile", "msisdn"].includes(h))
  const hasHeader = named >= 0 || !records[0].some((cell) => e164Of(cell) !== null)
  const column = Math.max(0, named)
  const body = hasHeader ? records.slice(1) : records
  const first = hasHeader ? 2 : 1
  if (body.length === 0) throw badRequest("The CSV has a header but no rows", "csv")
  return body.map((cells, i) => ({
    line: first + i,
    value: cells[column] ?? "",
    params: cells.filter((_, c) => c !== column),
  }))
}

/** The WhatsApp numbers of the contacts matching `filter`, one row per contact (newest first). */
export const contactRows = async (db: Db, clientId: number, filter: ContactFilter): Promise<SourceRow[]> => {
  const where = await contactWhere(db, clientId, filter)
  const rows = rowsOf(
    await db.execute(sql`SELECT ct.number FROM contacts ct WHERE ${where} AND ct.channel = 'whatsapp' AND NOT ct.blocked
      ORDER BY ct.id LIMIT ${MAX_ROWS + 1}`),
  )
  return rows.map((r, i) => ({ line: i + 1, value: String(r.number), params: [] }))
}

export interface ListSource {
  readonly numbers?: readonly { readonly number: string; readonly params?: readonly string[] }[]
  readonly csv?: string
  readonly contacts?: ContactFilter
  readonly country?: string
}

/** Exactly one source, read and sorted; answers its kind too. */
export const readSource = async (db: Db, clientId: number, input: ListSource): Promise<Sorted & { source: string }> => {
  const given = [input.numbers, input.csv, input.contacts].filter((x) => x !== undefined).length
  if (given !== 1) throw badRequest("Send exactly one of numbers, csv or contacts", "numbers")
  if (input.numbers)
    return {
      source: "numbers",
      ...sortRows(
        input.numbers.map((n, i) => ({ line: i + 1, value: n.number, params: n.params ?? [] })),
        input.country,
      ),
    }
  if (input.csv !== undefined) return { source: "csv", ...sortRows(csvRows(input.csv), input.country) }
  const rows = await contactRows(db, clientId, input.contacts!)
  if (rows.length === 0) throw badRequest("No WhatsApp contact matches this filter", "contacts")
  return { source: "contacts", ...sortRows(rows, input.country) }
}
