/**
 * contacts.addCustomers: a CSV of contacts (the raw `text/csv` body, received into a file by server/http/upload.ts),
 * stream-parsed with csv-parse, numbers normalised to E.164 with libphonenumber-js (the request's country, else the
 * tenant's client setting `default_country`), merged by number (into an existing contact, or into the file's first
 * row of that number), upserted in batches of `BATCH` rows, one statement and one transaction per batch, yielding
 * between batches so other tenants' requests get the database (on PGlite a single connection) while a large file
 * imports. The file is read through once before the first batch, so a file that is not UTF-8 or not CSV imports
 * nothing; a database failure midway answers the error with the batches before it imported. Memory stays flat
 * whatever the file's size. Every data row is counted: imported (its upsert inserted), merged (it updated a contact
 * that existed or came earlier in the file) or rejected with its line.
 * Progress goes to the importing user's sockets as `contacts:import-progress`.
 */
import { Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { parse } from "csv-parse"
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js"
import { sql } from "drizzle-orm"
import type { ContactImportResult, ContactsCsv, ImportRejectionReason } from "../../../src/contract/schemas/contacts"
import type { ContactsToBrowser } from "../../../src/contract/contacts-events"
import { handleInBatches } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { ApiError, badRequest, notFound } from "../../http/errors"
import { rowsOf } from "../../db/rows"
import type { Db } from "../../db/db"
import { userRoom } from "../../realtime/realtime"
import { enqueue, type JobHandler, minuteKey } from "../../core/jobs"
import { checkedCsv } from "./csv-file"

/** Imports adding at least this many contacts refresh the table's planner statistics. */
const ANALYZE_AFTER = 10_000
/** The job that refreshes them once the import committed (one a minute, whatever the number of imports). */
const ANALYZE_JOB = "contacts.analyze"
/** Rows per batch: one upsert holds the database this long (about 20 ms on PGlite) before others get a turn. */
const BATCH = 100
const PROGRESS_EVERY = 5000
const NUMBER_HEADERS = ["number", "phone", "mobile", "msisdn", "whatsapp", "phone_number", "telefon", "رقم"]
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type Result = ContactImportResult["data"]
interface Row {
  readonly number: string
  readonly name: string
  readonly email: string | null
  readonly attributes: Record<string, string>
}

export const attributeKeyOf = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64) || "column"

/** E.164 (`+905321112233`), or null when the text is no valid number in that country. */
export const e164Of = (raw: string, country: string | null): string | null => {
  const text = raw.trim().replace(/^00/, "+")
  const parsed = parsePhoneNumberFromString(text, (country ?? undefined) as CountryCode | undefined)
  return parsed?.isValid() ? parsed.number : null
}

const defaultCountryOf = async (ctx: Ctx, clientId: number, given: string | undefined): Promise<string | null> => {
  if (given) return given
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT value FROM client_settings WHERE client_id = ${clientId} AND key = 'default_country'`),
  )
  const value = typeof row?.value === "string" ? (row.value.startsWith('"') ? JSON.parse(row.value) : row.value) : null
  return typeof value === "string" && /^[A-Z]{2}$/.test(value) ? value : null
}

interface Columns {
  readonly number: number
  readonly name: number
  readonly email: number
  readonly attributes: readonly (readonly [number, string])[]
}

const columnsOf = (header: readonly string[], mapping: ContactsCsv["mapping"]): Columns => {
  const index = (name: string | undefined) =>
    name === undefined ? -1 : header.findIndex((h) => h.trim().toLowerCase() === name.trim().toLowerCase())
  if (mapping) {
    const number = index(mapping.number)
    if (number < 0) throw badRequest(`The file has no column "${mapping.number}"`, "mapping")
    const attributes = Object.entries(mapping.attributes ?? {}).map(([h, key]) => {
      const i = index(h)
      if (i < 0) throw badRequest(`The file has no column "${h}"`, "mapping")
      return [i, key] as const
    })
    return { number, name: index(mapping.name), email: index(mapping.email), attributes }
  }
  const number = header.findIndex((h) => NUMBER_HEADERS.includes(h.trim().toLowerCase()))
  if (number < 0) throw badRequest(`The first row must name a number column (${NUMBER_HEADERS.slice(0, 4).join(", ")})`, "file")
  const name = index("name")
  const email = index("email")
  const attributes = header.flatMap((h, i) =>
    i === number || i === name || i === email || h.trim() === "" ? [] : [[i, attributeKeyOf(h)] as const],
  )
  return { number, name, email, attributes }
}

/** One statement per batch (one JSON parameter, whatever the batch's size); each row counted as inserted or updated. */
const upsert = async (db: Db, clientId: number, rows: readonly Row[], groupId: number | null) => {
  if (rows.length === 0) return { inserted: 0, updated: 0 }
  const result = rowsOf(
    await db.execute(sql`INSERT INTO contacts AS c (client_id, name, number, email, channel, attributes)
      SELECT ${clientId}, r.name, r.number, r.email, 'whatsapp', r.attributes
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(name text, number text, email text, attributes jsonb)
      ON CONFLICT (client_id, channel, number) DO UPDATE SET name = coalesce(nullif(EXCLUDED.name, ''), c.name),
        email = coalesce(EXCLUDED.email, c.email), attributes = c.attributes || EXCLUDED.attributes
      RETURNING c.id, (c.xmax = 0) AS inserted`),
  )
  if (groupId !== null)
    await db.execute(sql`INSERT INTO contact_group_members (group_id, contact_id)
      SELECT ${groupId}, unnest(${`{${result.map((r) => Number(r.id)).join(",")}}`}::int[]) ON CONFLICT DO NOTHING`)
  const inserted = result.filter((r) => r.inserted === true || r.inserted === "t").length
  return { inserted, updated: result.length - inserted }
}

const merged = (earlier: Row | undefined, row: Row): Row =>
  earlier
    ? {
        number: row.number,
        name: row.name || earlier.name,
        email: row.email ?? earlier.email,
        attributes: { ...earlier.attributes, ...row.attributes },
      }
    : row

const parserOptions = { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, relax_quotes: true } as const

/** The file's errors as the caller's: not UTF-8 is checkedCsv's 415, not CSV a 400 on `file`. */
const fileError = (error: unknown): unknown =>
  !(error instanceof ApiError) && (error as { code?: string }).code?.startsWith("CSV_")
    ? badRequest(`The file is not a readable CSV: ${(error as Error).message}`, "file")
    : error

/** Reads the whole file through the byte check and the parser, writing nothing (a bad file fails here). */
const checkWholeFile = async (upload: NonNullable<Ctx["upload"]>) => {
  const discard = new Writable({ objectMode: true, write: (_record, _encoding, done) => done() })
  try {
    await pipeline(
      upload.open(),
      checkedCsv(upload.bytes, () => {}),
      parse(parserOptions),
      discard,
    )
  } catch (error) {
    throw fileError(error)
  }
}

/** Lets the requests waiting for the event loop and the database go first. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export const importContacts = async (ctx: Ctx, clientId: number, input: ContactsCsv): Promise<Result> => {
  if (!ctx.upload) throw badRequest("Send the CSV file as the body", "file")
  const total = ctx.upload.bytes
  await checkWholeFile(ctx.upload)
  let bytesDone = 0
  const checked = checkedCsv(total, (done) => {
    bytesDone = done
  })
  const country = await defaultCountryOf(ctx, clientId, input.default_country)
  const groupId = input.group_id ?? null
  if (groupId !== null) {
    const [g] = rowsOf(await ctx.db.execute(sql`SELECT id FROM contact_groups WHERE id = ${groupId} AND client_id = ${clientId}`))
    if (!g) throw notFound("Contact group")
  }
  const result = {
    import_id: input.import_id ?? null,
    rows: 0,
    imported: 0,
    merged: 0,
    rejected: 0,
    rejections: [] as Result["rejections"][number][],
  }
  const reject = (line: number, number: string | null, reason: ImportRejectionReason, message: string) => {
    result.rejected++
    result.rejections.push({ line, number, reason, message })
  }
  const progress = (done: boolean) => {
    const userId = ctx.principal.userId
    if (!input.import_id || userId === null) return
    const payload: ContactsToBrowser["contacts:import-progress"] = {
      import_id: input.import_id,
      file_name: input.file_name,
      rows: result.rows,
      bytes_done: bytesDone,
      bytes_total: total,
      done,
    }
    ctx.services.realtime?.io.to(userRoom(userId)).emit("contacts:import-progress", payload)
  }
  const write = async (rows: readonly Row[]) => {
    const counts = await ctx.services.database.transaction((tx) => upsert(tx, clientId, rows, groupId))
    result.imported += counts.inserted
    result.merged += counts.updated
    await yieldTurn()
  }

  let batch = new Map<string, Row>()
  let columns: Columns | null = null
  const parser = parse(parserOptions)
  const reading = pipeline(ctx.upload.open(), checked, parser)
  // The parser is read below; the pipeline's own failure (a bad byte) surfaces through the parser too.
  reading.catch(() => {})
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = columnsOf(record, input.mapping)
        continue
      }
      result.rows++
      const line = info.lines
      const raw = (record[columns.number] ?? "").trim()
      if (raw === "") {
        reject(line, null, "missing_number", "The number is empty")
      } else {
        const number = e164Of(raw, country)
        const email = columns.email >= 0 ? (record[columns.email] ?? "").trim() : ""
        if (!number)
          reject(
            line,
            raw,
            "invalid_number",
            country
              ? `Not a valid number in ${country} or internationally`
              : "Not a valid international number (add + and the country code, or choose a default country)",
          )
        else if (email !== "" && !EMAIL.test(email)) reject(line, raw, "invalid_email", `"${email}" is not an e-mail address`)
        else {
          const attributes: Record<string, string> = {}
          for (const [i, key] of columns.attributes) if ((record[i] ?? "").trim() !== "") attributes[key] = record[i].trim().slice(0, 1000)
          const name = columns.name >= 0 ? (record[columns.name] ?? "").trim().slice(0, 120) : ""
          const earlier = batch.get(number)
          // A later row of a number in this batch merges here; one in an earlier batch merges at its upsert.
          if (earlier) result.merged++
          batch.set(number, merged(earlier, { number, name, email: email || null, attributes }))
        }
      }
      if (batch.size >= BATCH) {
        await write([...batch.values()])
        batch = new Map()
      }
      if (result.rows % PROGRESS_EVERY === 0) progress(false)
    }
    await reading
  } catch (error) {
    throw fileError(error)
  }
  if (!columns) throw badRequest("The file is empty", "file")
  await write([...batch.values()])
  // PGlite runs no autovacuum: after a large import the planner's statistics are refreshed, or the contact search would
  // keep planning for the book as it was (a number search walking every row instead of its index). A job does it right
  // after the commit (about a second on a million contacts), so the importer has the result without waiting for it.
  if (result.imported >= ANALYZE_AFTER) {
    await ctx.services.database.transaction((tx) =>
      enqueue(tx, { kind: ANALYZE_JOB, clientId, idempotencyKey: `${ANALYZE_JOB}:${minuteKey(new Date())}` }),
    )
  }
  progress(true)
  return { ...result, default_country: country }
}

export const jobHandlers: JobHandler[] = [
  { kind: ANALYZE_JOB, run: async (_job, jobCtx) => void (await jobCtx.db.execute(sql`ANALYZE contacts, contact_attributes`)) },
]

export const handlers = [
  handleInBatches("contacts", "addCustomers", async (ctx, input) => ({ data: await importContacts(ctx, tenantOf(ctx), input) })),
]
