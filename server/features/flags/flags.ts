/**
 * Flags on customers: the paged list (flags.flagFetch), every flag for pickers (flagClient), create, update, put on
 * and take off contacts in bulk (flagAssign / flagUnassign: the selected numbers or all matching a filter), and a
 * flag's customers (flagCustomers).
 */
import { sql, type SQL } from "drizzle-orm"
import type { Flag } from "../../../src/contract/schemas/tagging"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, idOf, notFound } from "../../http/errors"
import { likeOf, rowsOf } from "../../db/rows"
import { iso } from "../../core/date-range"
import { pageOf } from "../../core/paging"
import { changeMembership, BOOK_COLUMNS, contactOf } from "../contacts"

const FLAG_COLUMNS = sql`f.id, f.name, f.color, f.description, f.created_at,
  (SELECT count(*)::int FROM contact_flags x WHERE x.flag_id = f.id) AS customers`

const flagOf = (r: Record<string, unknown>): Flag => ({
  id: Number(r.id),
  name: String(r.name),
  color: String(r.color),
  description: (r.description as string | null) ?? null,
  customers: Number(r.customers ?? 0),
  created_at: iso(r.created_at),
})

const loadFlag = async (ctx: Ctx, clientId: number, id: number): Promise<Flag> => {
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT ${FLAG_COLUMNS} FROM flags f WHERE f.id = ${id} AND f.client_id = ${clientId}`))
  if (!row) throw notFound("Flag")
  return flagOf(row)
}

const assign = (add: boolean) => async (ctx: Ctx, input: { flag_id: number; numbers?: readonly string[]; filter?: object }) => {
  const clientId = tenantOf(ctx)
  const flag = await loadFlag(ctx, clientId, input.flag_id)
  const result = await changeMembership(ctx.db, clientId, { table: "contact_flags", column: "flag_id", id: flag.id }, input, add)
  return { data: result }
}

export const handlers = [
  handle("flags", "flagFetch", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 20)
    const where: SQL = input.search?.trim()
      ? sql`f.client_id = ${clientId} AND f.name ILIKE ${likeOf(input.search)}`
      : sql`f.client_id = ${clientId}`
    const items = rowsOf(
      await ctx.db.execute(sql`SELECT ${FLAG_COLUMNS} FROM flags f WHERE ${where} ORDER BY f.name, f.id LIMIT ${limit} OFFSET ${offset}`),
    )
    const [total] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM flags f WHERE ${where}`))
    return { data: { items: items.map(flagOf), totalItems: Number(total.n), page, limit } }
  }),

  handle("flags", "flagClient", async (ctx) => {
    const clientId = tenantOf(ctx)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ${FLAG_COLUMNS} FROM flags f WHERE f.client_id = ${clientId} ORDER BY f.name, f.id`),
    )
    return { data: rows.map(flagOf) }
  }),

  handle("flags", "flagCreate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO flags (client_id, name, color, description)
        VALUES (${clientId}, ${input.name}, ${input.color}, ${input.description ?? null}) RETURNING id`),
    )
    return { data: await loadFlag(ctx, clientId, Number(row.id)) }
  }),

  handle("flags", "flagUpdateById", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const flag = await loadFlag(ctx, clientId, idOf(input.id, "Flag"))
    const sets: SQL[] = []
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
    if (input.color !== undefined) sets.push(sql`color = ${input.color}`)
    if (input.description !== undefined) sets.push(sql`description = ${input.description}`)
    if (sets.length === 0) throw badRequest("Nothing to update: send name, color or description")
    await ctx.db.execute(sql`UPDATE flags SET ${sql.join(sets, sql`, `)} WHERE id = ${flag.id}`)
    return { data: await loadFlag(ctx, clientId, flag.id) }
  }),

  handle("flags", "flagAssign", assign(true)),
  handle("flags", "flagUnassign", assign(false)),

  handle("flags", "flagCustomers", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const flag = await loadFlag(ctx, clientId, input.flag_id)
    const { page, limit, offset } = pageOf(input, 20)
    const where = sql`ct.client_id = ${clientId} AND EXISTS (SELECT 1 FROM contact_flags x WHERE x.contact_id = ct.id AND x.flag_id = ${flag.id})`
    const items = rowsOf(
      await ctx.db.execute(sql`SELECT ${BOOK_COLUMNS} FROM contacts ct WHERE ${where} ORDER BY ct.id DESC LIMIT ${limit} OFFSET ${offset}`),
    )
    return { data: { items: items.map(contactOf), totalItems: flag.customers, page, limit } }
  }),
]
