/**
 * `/template/migration`: brings the templates of the tenant's connected WhatsApp Business Account (made in Meta's
 * WhatsApp Manager, or by the provider the business used before) into the product, so agents and campaigns can send
 * them. Read from the Graph API page by page; each APPROVED template is added when new (by name and language), updated
 * when Meta's text, header, footer, buttons or category differ from ours, and skipped when equal; templates Meta has
 * not approved are skipped. Without a connected number: 409.
 */
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { conflict } from "../../http/errors"
import { GraphError } from "../../channels/meta/graph-client"
import { graphRefusal } from "../../channels/meta/graph-errors"
import { listMessageTemplates, type MetaTemplate } from "../../channels/meta/message-templates"
import { handle } from "../../core/registry"
import { activeAccount, graphBaseOf, secretsOf } from "./accounts"

/** Buttons compared field by field (jsonb keeps its keys in its own order). */
const buttonsKey = (buttons: unknown) =>
  ((Array.isArray(buttons) ? buttons : []) as { type?: string; text?: string; value?: string }[]).map((b) => [
    b.type,
    b.text,
    b.value ?? null,
  ])

const sameAs = (t: MetaTemplate, r: Record<string, unknown>) =>
  JSON.stringify([t.category, t.header_type, t.header, t.body, t.footer, buttonsKey(t.buttons)]) ===
  JSON.stringify([
    r.category,
    r.header_type ?? null,
    r.header_value ?? null,
    r.body,
    r.footer ?? null,
    buttonsKey(typeof r.buttons === "string" ? JSON.parse(r.buttons) : r.buttons),
  ])

export const handlers = [
  handle("onboarding", "templateMigration", async (ctx) => {
    const clientId = tenantOf(ctx)
    const account = await activeAccount(ctx.db, clientId, "whatsapp")
    const wabaId = typeof account?.config.waba_id === "string" ? account.config.waba_id : null
    if (!account || !wabaId) throw conflict("Connect a WhatsApp Cloud API number first: its templates are read from its business account")
    let listed: MetaTemplate[]
    try {
      listed = await listMessageTemplates(
        { baseUrl: graphBaseOf(ctx.services.config), token: secretsOf(ctx.services.config, account).accessToken },
        wabaId,
      )
    } catch (error) {
      if (error instanceof GraphError) throw graphRefusal(error)
      throw error
    }
    let imported = 0
    let updated = 0
    let skipped = 0
    for (const t of listed) {
      if (t.status !== "APPROVED") {
        skipped++
        continue
      }
      const [row] = rowsOf(
        await ctx.db.execute(sql`SELECT id, category, header_type, header_value, body, footer, buttons FROM templates
          WHERE client_id = ${clientId} AND name = ${t.name} AND language = ${t.language} FOR UPDATE`),
      )
      const params = JSON.stringify(t.body_examples.map((_, i) => String(i + 1)))
      if (!row) {
        await ctx.db.execute(sql`INSERT INTO templates (client_id, name, language, category, header_type, header_value, body, body_examples,
          footer, buttons, params, status)
          VALUES (${clientId}, ${t.name}, ${t.language}, ${t.category}, ${t.header_type}, ${t.header}, ${t.body},
            ${JSON.stringify(t.body_examples)}::jsonb, ${t.footer}, ${JSON.stringify(t.buttons)}::jsonb, ${params}::jsonb, 'APPROVED')`)
        imported++
      } else if (sameAs(t, row)) {
        skipped++
      } else {
        await ctx.db.execute(sql`UPDATE templates SET category = ${t.category}, header_type = ${t.header_type}, header_value = ${t.header},
          body = ${t.body}, body_examples = ${JSON.stringify(t.body_examples)}::jsonb, footer = ${t.footer},
          buttons = ${JSON.stringify(t.buttons)}::jsonb, params = ${params}::jsonb, status = 'APPROVED', rejected_reason = NULL, updated_at = now()
          WHERE id = ${row.id} AND client_id = ${clientId}`)
        updated++
      }
    }
    return { data: { imported, updated, skipped } }
  }),
]
