/**
 * Conversation templates: free-form texts agents insert in a live conversation (inside WhatsApp's 24-hour window, so
 * no review), by name and language, switched on or off. List (search, active), create, update.
 */
import { sql, type SQL } from "drizzle-orm"
import type { ConversationTemplate } from "../../../src/contract/schemas/templates"
import { tenantOf } from "../../http/context"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { idOf, notFound } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"

const rowOf = (r: Record<string, unknown>): ConversationTemplate => ({
  id: Number(r.id),
  name: String(r.name),
  language: String(r.language),
  body: String(r.body),
  active: Boolean(r.active),
  created_at: new Date(r.created_at as string).toISOString(),
})

const load = async (db: Db, clientId: number, id: number) => {
  const [row] = rowsOf(await db.execute(sql`SELECT * FROM conversation_templates WHERE id = ${id} AND client_id = ${clientId}`))
  if (!row) throw notFound("Conversation template")
  return rowOf(row)
}

export const handlers = [
  handle("conversationTemplates", "fetchListConversationTemplates", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 10, 200)
    const parts: SQL[] = [sql`client_id = ${clientId}`]
    const search = input.search?.trim()
    if (search) parts.push(sql`(name ILIKE ${likeOf(search)} OR body ILIKE ${likeOf(search)})`)
    if (input.active !== undefined) parts.push(sql`active = ${input.active}`)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT *, count(*) OVER () AS total_rows FROM conversation_templates WHERE ${sql.join(parts, sql` AND `)} ORDER BY name, id`,
      { limit, offset },
    )
    return { data: { items: rows.map(rowOf), totalItems: total, page, limit } }
  }),
  handle("conversationTemplates", "conversationTemplatesCreate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO conversation_templates (client_id, name, language, body, active)
        VALUES (${clientId}, ${input.name}, ${input.language}, ${input.body}, ${input.active ?? true}) RETURNING id`),
    )
    return { data: await load(ctx.db, clientId, Number(row.id)) }
  }),
  handle("conversationTemplates", "conversationTemplatesUpdateById", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = await load(ctx.db, clientId, idOf(input.id, "Conversation template"))
    await ctx.db.execute(sql`UPDATE conversation_templates SET name = ${input.name ?? before.name}, language = ${input.language ?? before.language},
      body = ${input.body ?? before.body}, active = ${input.active ?? before.active} WHERE id = ${before.id} AND client_id = ${clientId}`)
    return { data: await load(ctx.db, clientId, before.id) }
  }),
]
