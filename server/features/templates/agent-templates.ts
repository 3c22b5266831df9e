/**
 * templates.getTemplateMessageAgent: the templates an agent may send from the chat composer when WhatsApp's 24-hour
 * window has closed. Template assignment (templates.assignTemplateMessage) is not built yet, so every APPROVED
 * template of the tenant is offered; the rest of the Template messages group still answers 501.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Template } from "../../../src/contract/schemas/templates"
import { tenantOf } from "../../http/context"
import { likeOf, rowsOf } from "../../db/rows"
import { pageOf } from "../paging"
import { handle } from "../registry"

const templateOf = (r: Record<string, unknown>): Template => ({
  id: Number(r.id),
  name: String(r.name),
  language: String(r.language),
  category: String(r.category) as Template["category"],
  status: String(r.status) as Template["status"],
  header_type: (r.header_type as string | null) ?? null,
  header: (r.header_value as string | null) ?? null,
  body: String(r.body),
  footer: (r.footer as string | null) ?? null,
  buttons: (r.buttons ?? []) as Template["buttons"],
  params_count: Array.isArray(r.params) ? r.params.length : 0,
  rejected_reason: null,
  created_at: new Date(r.created_at as string | Date).toISOString(),
})

export const handlers = [
  handle("templates", "getTemplateMessageAgent", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 50, 200)
    const parts: SQL[] = [sql`client_id = ${clientId}`, sql`status = 'APPROVED'`]
    const search = input.search?.trim()
    if (search) parts.push(sql`name ILIKE ${likeOf(search)}`)
    const where = sql.join(parts, sql` AND `)
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM templates WHERE ${where}`))
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT id, name, language, category, status, header_type, header_value, body, footer,
      buttons, params, created_at FROM templates WHERE ${where} ORDER BY name, language LIMIT ${limit} OFFSET ${offset}`),
    )
    return { data: { items: rows.map(templateOf), totalItems: Number(count?.n ?? 0), page, limit } }
  }),
]
