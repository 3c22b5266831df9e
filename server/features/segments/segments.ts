/**
 * Segments: list and search, insert, update, delete. Every count and membership answers from segment-sql.ts. A
 * customer's own segments, by their number, are the contacts' calls (contacts/customer-segments.ts).
 */
import { sql, type SQL } from "drizzle-orm"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { idOf } from "../../http/errors"
import { likeOf, rowsOf } from "../../db/rows"
import { pageOf } from "../../core/paging"
import { loadSegment, SEGMENT_COLUMNS, segmentOf, segmentRowOf } from "./segment-rows"
import { checkRules } from "./segment-sql"

const list = async (ctx: Ctx, input: { page?: number; limit?: number; search?: string }) => {
  const clientId = tenantOf(ctx)
  const { page, limit, offset } = pageOf(input, 20)
  const where: SQL = input.search?.trim()
    ? sql`s.client_id = ${clientId} AND s.name ILIKE ${likeOf(input.search)}`
    : sql`s.client_id = ${clientId}`
  const rows = rowsOf(
    await ctx.db.execute(
      sql`SELECT ${SEGMENT_COLUMNS} FROM segments s WHERE ${where} ORDER BY s.name, s.id LIMIT ${limit} OFFSET ${offset}`,
    ),
  )
  const [total] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM segments s WHERE ${where}`))
  const items = []
  for (const row of rows) items.push(await segmentOf(ctx.db, clientId, segmentRowOf(row)))
  return { data: { items, totalItems: Number(total.n), page, limit } }
}

export const handlers = [
  handle("tagging", "segments", list),
  handle("tagging", "segmentSearch", list),

  handle("tagging", "segmentInsert", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    checkRules(input.rules)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO segments (client_id, name, description, rules)
        VALUES (${clientId}, ${input.name}, ${input.description ?? null}, ${JSON.stringify(input.rules)}::jsonb) RETURNING *`),
    )
    return { data: await segmentOf(ctx.db, clientId, segmentRowOf(row)) }
  }),

  handle("tagging", "segmentUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const segment = await loadSegment(ctx.db, clientId, idOf(input.id, "Segment"))
    const sets: SQL[] = [sql`updated_at = now()`]
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
    if (input.description !== undefined) sets.push(sql`description = ${input.description}`)
    if (input.rules !== undefined) {
      checkRules(input.rules)
      sets.push(sql`rules = ${JSON.stringify(input.rules)}::jsonb`)
    }
    await ctx.db.execute(sql`UPDATE segments SET ${sql.join(sets, sql`, `)} WHERE id = ${segment.id}`)
    return { data: await segmentOf(ctx.db, clientId, await loadSegment(ctx.db, clientId, segment.id)) }
  }),

  handle("tagging", "segmentDelete", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const segment = await loadSegment(ctx.db, clientId, idOf(input.id, "Segment"))
    await ctx.db.execute(sql`DELETE FROM segments WHERE id = ${segment.id} AND client_id = ${clientId}`)
    return { data: { ok: true } }
  }),
]
