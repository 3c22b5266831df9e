/**
 * Recipient lists (`/template/recipients*`, and the super admin's for a tenant): a name and its numbers with their
 * parameters, built from one source (recipient-sources.ts). Create and update answer every row's outcome. A campaign
 * copies the list's numbers when it is created or changed, so a later edit or delete of the list changes no campaign.
 */
import { sql } from "drizzle-orm"
import type { RecipientList } from "../../../src/contract/schemas/campaigns"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { idOf, notFound } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
import { likeOf } from "../../db/rows"
import { existingClient } from "./campaign-rows"
import { type Accepted, type ListSource, readSource } from "./recipient-sources"

const CHUNK = 10_000

const listOf = (r: Record<string, unknown>): RecipientList => ({
  id: Number(r.id),
  client_id: Number(r.client_id),
  name: String(r.name),
  numbers_count: Number(r.numbers_count ?? 0),
  created_at: new Date(String(r.created_at)).toISOString(),
  source: String(r.source),
})

const COLUMNS = sql`l.*, (SELECT count(*) FROM recipient_list_numbers n WHERE n.list_id = l.id)::int AS numbers_count`

export const loadList = async (db: Db, clientId: number, id: number, lock = false) => {
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT ${COLUMNS} FROM recipient_lists l WHERE l.id = ${id} AND l.client_id = ${clientId} ${lock ? sql`FOR UPDATE` : sql``}`,
    ),
  )
  if (!row) throw notFound("Recipient list")
  return listOf(row)
}

/** Inserts numbers in chunks of one statement each (one JSON parameter, the same on PGlite and PostgreSQL). */
export const insertNumbers = async (
  db: Db,
  table: "recipient_list_numbers" | "campaign_recipients",
  owner: number,
  clientId: number,
  rows: readonly Accepted[],
) => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK).map((r) => ({ number: r.number, params: r.params })))
    if (table === "recipient_list_numbers")
      await db.execute(sql`INSERT INTO recipient_list_numbers (list_id, client_id, number, params)
        SELECT ${owner}, ${clientId}, x.number, x.params FROM jsonb_to_recordset(${chunk}::jsonb) AS x(number text, params jsonb)`)
    else
      await db.execute(sql`INSERT INTO campaign_recipients (campaign_id, client_id, number, params, status)
        SELECT ${owner}, ${clientId}, x.number, x.params, 'queued' FROM jsonb_to_recordset(${chunk}::jsonb) AS x(number text, params jsonb)`)
  }
}

const resultOf = (sorted: Awaited<ReturnType<typeof readSource>>) => ({
  rows: sorted.rows,
  accepted: sorted.accepted.length,
  duplicates: sorted.duplicates,
  invalid: sorted.invalid,
  problems: sorted.problems,
})

const createList = async (db: Db, clientId: number, input: ListSource & { name: string }) => {
  const sorted = await readSource(db, clientId, input)
  const [row] = rowsOf(
    await db.execute(
      sql`INSERT INTO recipient_lists (client_id, name, source) VALUES (${clientId}, ${input.name}, ${sorted.source}) RETURNING id`,
    ),
  )
  const id = Number(row.id)
  await insertNumbers(db, "recipient_list_numbers", id, clientId, sorted.accepted)
  return { data: { ...(await loadList(db, clientId, id)), result: resultOf(sorted) } }
}

const updateList = async (db: Db, clientId: number, input: ListSource & { id: number | string; name?: string }) => {
  const id = idOf(input.id, "Recipient list")
  const before = await loadList(db, clientId, id, true)
  const replacing = input.numbers !== undefined || input.csv !== undefined || input.contacts !== undefined
  const sorted = replacing ? await readSource(db, clientId, input) : null
  await db.execute(sql`UPDATE recipient_lists SET name = ${input.name ?? before.name}, source = ${sorted?.source ?? before.source ?? "numbers"},
    updated_at = now() WHERE id = ${id} AND client_id = ${clientId}`)
  if (sorted) {
    await db.execute(sql`DELETE FROM recipient_list_numbers WHERE list_id = ${id}`)
    await insertNumbers(db, "recipient_list_numbers", id, clientId, sorted.accepted)
  }
  const list = await loadList(db, clientId, id)
  const unchanged = { rows: list.numbers_count, accepted: list.numbers_count, duplicates: 0, invalid: 0, problems: [] }
  return { data: { ...list, result: sorted ? resultOf(sorted) : unchanged } }
}

const deleteList = async (db: Db, clientId: number, id: number | string) => {
  const rows = rowsOf(
    await db.execute(sql`DELETE FROM recipient_lists WHERE id = ${idOf(id, "Recipient list")} AND client_id = ${clientId} RETURNING id`),
  )
  if (rows.length === 0) throw notFound("Recipient list")
  return { data: { ok: true } }
}

const pageLists = async (db: Db, clientId: number | null, input: { page?: number; limit?: number; search?: string }) => {
  const { page, limit, offset } = pageOf(input, 10, 1000)
  const search = input.search?.trim()
  const { rows, total } = await windowPage(
    db,
    sql`SELECT ${COLUMNS}, count(*) OVER () AS total_rows FROM recipient_lists l
      WHERE ${clientId === null ? sql`TRUE` : sql`l.client_id = ${clientId}`} ${search ? sql`AND l.name ILIKE ${likeOf(search)}` : sql``}
      ORDER BY l.created_at DESC, l.id DESC`,
    { limit, offset },
  )
  return { data: { items: rows.map(listOf), totalItems: total, page, limit } }
}

const pageNumbers = async (
  db: Db,
  clientId: number,
  input: { page?: number; limit?: number; search?: string; recipient_list_id?: number },
) => {
  const { page, limit, offset } = pageOf(input, 10, 1000)
  if (input.recipient_list_id !== undefined) await loadList(db, clientId, input.recipient_list_id)
  const search = input.search?.trim()
  const { rows, total } = await windowPage(
    db,
    sql`SELECT n.id, n.list_id, n.number, n.params, count(*) OVER () AS total_rows FROM recipient_list_numbers n
      WHERE n.client_id = ${clientId} ${input.recipient_list_id === undefined ? sql`` : sql`AND n.list_id = ${input.recipient_list_id}`}
      ${search ? sql`AND n.number LIKE ${likeOf(search)}` : sql``} ORDER BY n.id`,
    { limit, offset },
  )
  return {
    data: {
      items: rows.map((r) => ({
        id: Number(r.id),
        recipient_list_id: Number(r.list_id),
        number: String(r.number),
        params: (typeof r.params === "string" ? JSON.parse(r.params) : r.params) as string[],
      })),
      totalItems: total,
      page,
      limit,
    },
  }
}

export const handlers = [
  handle("templates", "templateRecipients", async (ctx, input) => pageLists(ctx.db, tenantOf(ctx), input)),
  handle("templates", "templateRecipientsCreate", async (ctx, input) => createList(ctx.db, tenantOf(ctx), input)),
  handle("templates", "templateRecipientsUpdate", async (ctx, input) => updateList(ctx.db, tenantOf(ctx), input)),
  handle("templates", "templateRecipientsDelete", async (ctx, input) => deleteList(ctx.db, tenantOf(ctx), input.id)),
  handle("templates", "templateRecipientsAdmin", async (ctx, input) => pageLists(ctx.db, input.client_id ?? null, input)),
  handle("templates", "templateRecipientsCreateAdmin", async (ctx, input) =>
    createList(ctx.db, await existingClient(ctx.db, input.client_id), input),
  ),
  handle("templates", "templateRecipientsUpdateAdmin", async (ctx, input) =>
    updateList(ctx.db, await existingClient(ctx.db, input.client_id), input),
  ),
  handle("templates", "templateRecipientsDeleteAdmin", async (ctx, input) =>
    deleteList(ctx.db, await existingClient(ctx.db, input.client_id), input.id),
  ),
  handle("templates", "templateNumbersAll", async (ctx, input) => pageNumbers(ctx.db, tenantOf(ctx), input)),
  handle("templates", "templateNumbers", async (ctx, input) => pageNumbers(ctx.db, tenantOf(ctx), input)),
]
