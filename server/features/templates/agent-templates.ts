/**
 * templates.getTemplateMessageAgent: the templates an agent may send from the chat composer when WhatsApp's 24-hour
 * window has closed: the tenant's APPROVED templates assigned to the caller, or assigned to nobody (assignment,
 * templates.assignTemplateMessage, narrows a template to the agents named).
 */
import { sql, type SQL } from "drizzle-orm"
import { tenantOf } from "../../http/context"
import { likeOf } from "../../db/rows"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
import { TEMPLATE_COLUMNS, templateOf } from "./template-rows"

export const handlers = [
  handle("templates", "getTemplateMessageAgent", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const userId = ctx.principal.userId ?? 0
    const { page, limit, offset } = pageOf(input, 50, 200)
    const parts: SQL[] = [
      sql`t.client_id = ${clientId}`,
      sql`t.status = 'APPROVED'`,
      sql`(NOT EXISTS (SELECT 1 FROM template_assignments a WHERE a.template_id = t.id)
        OR EXISTS (SELECT 1 FROM template_assignments a WHERE a.template_id = t.id AND a.user_id = ${userId}))`,
    ]
    const search = input.search?.trim()
    if (search) parts.push(sql`t.name ILIKE ${likeOf(search)}`)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT ${TEMPLATE_COLUMNS}, count(*) OVER () AS total_rows FROM templates t WHERE ${sql.join(parts, sql` AND `)}
        ORDER BY t.name, t.language`,
      { limit, offset },
    )
    return { data: { items: rows.map(templateOf), totalItems: total, page, limit } }
  }),
]
