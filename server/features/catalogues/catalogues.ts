/**
 * Catalogues: named groups of the tenant's products (unique name, compared without case: 409 `name`). Deleting one
 * keeps its products, unassigned (products.catalogue_id is set null by the database).
 */
import { type SQL, sql } from "drizzle-orm"
import type { Catalogue } from "../../../src/contract/schemas/commerce"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { handle } from "../../core/registry"
import { iso } from "../../core/date-range"

const COLUMNS = sql`k.id, k.name, k.description, k.created_at,
  (SELECT count(*)::int FROM products p WHERE p.client_id = k.client_id AND p.catalogue_id = k.id) AS products_count`

const catalogueOf = (r: Record<string, unknown>): Catalogue => ({
  id: Number(r.id),
  name: String(r.name),
  description: r.description === null || r.description === undefined || r.description === "" ? null : String(r.description),
  products_count: Number(r.products_count),
  created_at: iso(r.created_at),
})

const loadCatalogue = async (db: Db, clientId: number, id: number) => {
  const [row] = rowsOf(await db.execute(sql`SELECT ${COLUMNS} FROM catalogues k WHERE k.id = ${id} AND k.client_id = ${clientId}`))
  if (!row) throw notFound("Catalogue")
  return catalogueOf(row)
}

const checkName = async (db: Db, clientId: number, name: string, exceptId: number) => {
  const [clash] = rowsOf(
    await db.execute(sql`SELECT id FROM catalogues WHERE client_id = ${clientId} AND lower(name) = lower(${name}) AND id <> ${exceptId}`),
  )
  if (clash) throw conflict(`A catalogue named ${name} already exists`, "name")
}

/** 400 `catalogue_id` unless the catalogue is the tenant's. */
export const checkCatalogue = async (db: Db, clientId: number, id: number | undefined) => {
  if (id === undefined) return
  const [row] = rowsOf(await db.execute(sql`SELECT 1 FROM catalogues WHERE id = ${id} AND client_id = ${clientId}`))
  if (!row) throw badRequest("No such catalogue", "catalogue_id")
}

export const handlers = [
  handle("catalogues", "catalogues", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 20)
    const parts: SQL[] = [sql`k.client_id = ${clientId}`]
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      parts.push(sql`(k.name ILIKE ${like} OR k.description ILIKE ${like})`)
    }
    const where = sql.join(parts, sql` AND `)
    const rows = rowsOf(
      await ctx.db.execute(
        sql`SELECT ${COLUMNS} FROM catalogues k WHERE ${where} ORDER BY lower(k.name), k.id LIMIT ${limit} OFFSET ${offset}`,
      ),
    )
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM catalogues k WHERE ${where}`))
    return { data: { items: rows.map(catalogueOf), totalItems: Number(count.n), page, limit } }
  }),

  handle("catalogues", "catalogueCreate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await checkName(ctx.db, clientId, input.name, 0)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO catalogues (client_id, name, description) VALUES (${clientId}, ${input.name}, ${input.description ?? null})
      RETURNING id`),
    )
    return { data: await loadCatalogue(ctx.db, clientId, Number(row.id)) }
  }),

  handle("catalogues", "catalogueUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Catalogue")
    await loadCatalogue(ctx.db, clientId, id)
    const sets: SQL[] = []
    if (input.name !== undefined) {
      await checkName(ctx.db, clientId, input.name, id)
      sets.push(sql`name = ${input.name}`)
    }
    if (input.description !== undefined) sets.push(sql`description = ${input.description}`)
    if (sets.length === 0) throw badRequest("Nothing to update: send name or description")
    await ctx.db.execute(sql`UPDATE catalogues SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND client_id = ${clientId}`)
    return { data: await loadCatalogue(ctx.db, clientId, id) }
  }),

  handle("catalogues", "catalogueDelete", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Catalogue")
    const deleted = rowsOf(await ctx.db.execute(sql`DELETE FROM catalogues WHERE id = ${id} AND client_id = ${clientId} RETURNING id`))
    if (deleted.length === 0) throw notFound("Catalogue")
    return { data: { ok: true } }
  }),
]
