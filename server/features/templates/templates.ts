/**
 * Templates (Meta's model: name, language, category, header, body with `{{n}}` and examples, footer, buttons):
 * create, edit, delete, list (the super admin's across tenants), one by name, its parameters, assignment to agents.
 * WhatsApp's limits are checked with the rule the editor uses (src/contract/template-rules.ts); a new or edited
 * template is PENDING and submitted for review through the job queue (template-review.ts); edits and sends follow
 * template-status.ts.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Template } from "../../../src/contract/schemas/templates"
import { problemText, templateProblems, type TemplateDraft } from "../../../src/contract/template-rules"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, conflict, forbidden } from "../../http/errors"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
import { TEMPLATE_COLUMNS, templateById, templateByName, templateOf } from "./template-rows"
import { submitForReview } from "./template-review"
import { checkEditable, EDITABLE } from "./template-status"

type Input = TemplateDraft & { readonly language: string }

/** 400 naming the field of the first rule the template breaks. */
const checkDraft = (draft: TemplateDraft) => {
  const [first] = templateProblems(draft)
  if (first) throw badRequest(problemText(first), first.field)
}

const draftOf = (input: Partial<Input>, before?: Template): Input => {
  const pick = <K extends keyof Input>(key: K, fallback: Input[K]): Input[K] =>
    input[key] === undefined ? fallback : (input[key] as Input[K])
  return {
    name: pick("name", before?.name ?? ""),
    language: pick("language", before?.language ?? "en"),
    category: pick("category", before?.category ?? ""),
    header_type: pick("header_type", (before?.header_type as Input["header_type"]) ?? null),
    header: pick("header", before?.header ?? null),
    header_example: pick("header_example", before?.header_example ?? null),
    body: pick("body", before?.body ?? ""),
    body_examples: pick("body_examples", before?.body_examples ?? []),
    footer: pick("footer", before?.footer ?? null),
    buttons: pick("buttons", before?.buttons ?? []),
  }
}

const clean = (d: Input) => {
  const header = d.header_type ? (d.header ?? "").trim() || null : null
  return {
    header_type: d.header_type ?? null,
    header,
    header_example: header && d.header_type === "text" ? (d.header_example ?? "").trim() || null : null,
    body_examples: (d.body_examples ?? []).slice(0, Math.max(0, ...[...d.body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])))),
    footer: (d.footer ?? "").trim() || null,
    buttons: (d.buttons ?? []).map((b) => ({
      type: b.type,
      text: b.text.trim(),
      ...(b.type === "QUICK_REPLY" ? {} : { value: (b.value ?? "").trim() }),
    })),
  }
}

const nameTaken = async (db: Db, clientId: number, name: string, language: string, except = 0) => {
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT 1 FROM templates WHERE client_id = ${clientId} AND name = ${name} AND language = ${language} AND id <> ${except}`,
    ),
  )
  if (row) throw conflict(`A template ${name} in ${language} already exists`, "name")
}

const listOf = async (db: Db, input: { page?: number; limit?: number; search?: string; status?: string }, scope: SQL) => {
  const { page, limit, offset } = pageOf(input, 10, 200)
  const parts: SQL[] = [scope]
  const search = input.search?.trim()
  if (search) parts.push(sql`(t.name ILIKE ${likeOf(search)} OR t.body ILIKE ${likeOf(search)})`)
  if (input.status) parts.push(sql`t.status = ${input.status}`)
  const { rows, total } = await windowPage(
    db,
    sql`SELECT ${TEMPLATE_COLUMNS}, count(*) OVER () AS total_rows FROM templates t WHERE ${sql.join(parts, sql` AND `)}
      ORDER BY t.updated_at DESC, t.id DESC`,
    { limit, offset },
  )
  return { data: { items: rows.map(templateOf), totalItems: total, page, limit } }
}

const create = async (ctx: Ctx, clientId: number, input: Input) => {
  checkDraft(input)
  await nameTaken(ctx.db, clientId, input.name, input.language)
  const c = clean(input)
  const [row] = rowsOf(
    await ctx.db.execute(sql`INSERT INTO templates (client_id, name, language, category, header_type, header_value, header_example, body,
      body_examples, footer, buttons, params, status)
      VALUES (${clientId}, ${input.name}, ${input.language}, ${input.category}, ${c.header_type}, ${c.header}, ${c.header_example}, ${input.body},
        ${JSON.stringify(c.body_examples)}::jsonb, ${c.footer}, ${JSON.stringify(c.buttons)}::jsonb, ${JSON.stringify(c.body_examples.map((_, i) => String(i + 1)))}::jsonb,
        'PENDING')
      RETURNING id`),
  )
  const template = await templateById(ctx.db, clientId, Number(row.id))
  await submitForReview(ctx.db, clientId, template)
  return { data: template }
}

const deleteByName = async (db: Db, clientId: number, name: string) => {
  const rows = rowsOf(await db.execute(sql`DELETE FROM templates WHERE client_id = ${clientId} AND name = ${name} RETURNING id`))
  if (rows.length === 0) throw badRequest(`No template ${name}`, "template_name")
  return { data: { ok: true } }
}

const tenantInBody = (value: number | undefined) => (value === undefined ? sql`TRUE` : sql`t.client_id = ${value}`)

export const handlers = [
  handle("templates", "templateMessageFetch", async (ctx, input) => listOf(ctx.db, input, sql`t.client_id = ${tenantOf(ctx)}`)),
  handle("templates", "templateMessageFetchAdmin", async (ctx, input) => listOf(ctx.db, input, tenantInBody(input.client_id))),
  handle("templates", "templateMessageCreate", async (ctx, input) => create(ctx, tenantOf(ctx), input as Input)),

  handle("templates", "templateMessageUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = await templateById(ctx.db, clientId, input.id, true)
    checkEditable(before)
    const draft = draftOf(input as Partial<Input>, before)
    if (draft.name !== before.name) throw badRequest("A template's name cannot change: create a new one", "name")
    if (draft.language !== before.language) throw badRequest("A template's language cannot change: create a new one", "language")
    checkDraft(draft)
    const c = clean(draft)
    await ctx.db.execute(sql`UPDATE templates SET category = ${draft.category}, header_type = ${c.header_type}, header_value = ${c.header},
      header_example = ${c.header_example}, body = ${draft.body}, body_examples = ${JSON.stringify(c.body_examples)}::jsonb, footer = ${c.footer},
      buttons = ${JSON.stringify(c.buttons)}::jsonb, params = ${JSON.stringify(c.body_examples.map((_, i) => String(i + 1)))}::jsonb,
      status = 'PENDING', rejected_reason = NULL, updated_at = clock_timestamp()
      WHERE id = ${before.id} AND client_id = ${clientId} AND status IN (${sql.join(
        EDITABLE.map((s) => sql`${s}`),
        sql`, `,
      )})`)
    const template = await templateById(ctx.db, clientId, before.id)
    await submitForReview(ctx.db, clientId, template)
    return { data: template }
  }),

  handle("templates", "deleteTemplateMessageByTemplateName", async (ctx, input) =>
    deleteByName(ctx.db, tenantOf(ctx), input.template_name),
  ),
  handle("templates", "templateMessageDeleteAdmin", async (ctx, input) => deleteByName(ctx.db, input.client_id, input.name)),

  handle("templates", "templateMessage", async (ctx, input) => ({
    data: await templateByName(ctx.db, tenantOf(ctx), input.template_name),
  })),

  handle("templates", "templateParams", async (ctx, input) => {
    const t = await templateByName(ctx.db, tenantOf(ctx), input.template_name)
    return {
      data: {
        template_name: t.name,
        header_type: t.header_type,
        params: Array.from({ length: t.params_count }, (_, i) => ({ index: i + 1, example: t.body_examples?.[i] ?? null })),
      },
    }
  }),

  handle("templates", "assignTemplateMessage", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const template = await templateById(ctx.db, clientId, input.template_id, true)
    const ids = [...new Set(input.user_ids)]
    const known = rowsOf(
      await ctx.db.execute(
        sql`SELECT id FROM users WHERE client_id = ${clientId} AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    if (known.length !== ids.length) throw badRequest("Every agent must be one of this business's users", "user_ids")
    await ctx.db.execute(sql`DELETE FROM template_assignments WHERE template_id = ${template.id}`)
    await ctx.db.execute(sql`INSERT INTO template_assignments (template_id, user_id, client_id)
      SELECT ${template.id}, u, ${clientId} FROM unnest(${`{${ids.join(",")}}`}::int[]) AS u`)
    return { data: { ok: true } }
  }),
]

/** Whether the agent may send the template: assigned to them, or assigned to nobody. */
export const agentMaySend = async (db: Db, templateId: number, userId: number) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM template_assignments WHERE template_id = ${templateId})
      OR EXISTS (SELECT 1 FROM template_assignments WHERE template_id = ${templateId} AND user_id = ${userId}) AS ok`),
  )
  if (!row?.ok) throw forbidden("This template is not assigned to you")
}
