/** Chatbot tags: insert, the paged list, update (rename, and put on / take off contacts in bulk), delete. */
import { sql, type SQL } from "drizzle-orm"
import type { Tag } from "../../../src/contract/schemas/tagging"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, idOf, notFound } from "../../http/errors"
import { likeOf, rowsOf } from "../../db/rows"
import { iso } from "../../core/date-range"
import { pageOf } from "../../core/paging"
import { changeMembership, type BulkCount } from "../contacts"

const TAG_COLUMNS = sql`t.id, t.name, t.description, t.created_at,
  (SELECT count(*)::int FROM contact_tags x WHERE x.tag_id = t.id) AS customers`

const tagOf = (r: Record<string, unknown>): Tag => ({
  id: Number(r.id),
  name: String(r.name),
  description: (r.description as string | null) ?? null,
  customers: Number(r.customers ?? 0),
  created_at: iso(r.created_at),
})

const loadTag = async (ctx: Ctx, clientId: number, id: number): Promise<Tag> => {
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.id = ${id} AND t.client_id = ${clientId}`))
  if (!row) throw notFound("Tag")
  return tagOf(row)
}

export const handlers = [
  handle("tagging", "tagInsert", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO tags (client_id, name, value, description)
        VALUES (${clientId}, ${input.name}, ${input.name}, ${input.description ?? null}) RETURNING id`),
    )
    return { data: await loadTag(ctx, clientId, Number(row.id)) }
  }),

  handle("tagging", "tags", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 20)
    const where: SQL = input.search?.trim()
      ? sql`t.client_id = ${clientId} AND t.name ILIKE ${likeOf(input.search)}`
      : sql`t.client_id = ${clientId}`
    const items = rowsOf(
      await ctx.db.execute(sql`SELECT ${TAG_COLUMNS} FROM tags t WHERE ${where} ORDER BY t.name, t.id LIMIT ${limit} OFFSET ${offset}`),
    )
    const [total] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM tags t WHERE ${where}`))
    return { data: { items: items.map(tagOf), totalItems: Number(total.n), page, limit } }
  }),

  handle("tagging", "tagUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const tag = await loadTag(ctx, clientId, idOf(input.id, "Tag"))
    const sets: SQL[] = []
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`, sql`value = ${input.name}`)
    if (input.description !== undefined) sets.push(sql`description = ${input.description}`)
    if (sets.length === 0 && !input.add && !input.remove) throw badRequest("Nothing to update: send name, description, add or remove")
    if (sets.length > 0) await ctx.db.execute(sql`UPDATE tags SET ${sql.join(sets, sql`, `)} WHERE id = ${tag.id}`)
    const m = { table: "contact_tags", column: "tag_id", id: tag.id } as const
    let bulk: BulkCount | null = null
    if (input.add) bulk = await changeMembership(ctx.db, clientId, m, input.add, true, "add")
    if (input.remove) {
      const removed = await changeMembership(ctx.db, clientId, m, input.remove, false, "remove")
      bulk = bulk ? { matched: bulk.matched + removed.matched, changed: bulk.changed + removed.changed } : removed
    }
    return { data: { tag: await loadTag(ctx, clientId, tag.id), bulk } }
  }),

  handle("tagging", "tagDelete", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const tag = await loadTag(ctx, clientId, idOf(input.id, "Tag"))
    await ctx.db.execute(sql`DELETE FROM tags WHERE id = ${tag.id} AND client_id = ${clientId}`)
    return { data: { ok: true } }
  }),
]
