/**
 * Request limits on the tenant's integration API (the API-key calls of the conversation-templates group): how many
 * template messages `/create/template/message` may send per local day and month, for the whole tenant, one agent,
 * one template, or one agent and template. A send is counted when it is stored (its message carries `via: "api"`);
 * every limit that applies is locked for the sending transaction and checked, and the first one reached refuses with
 * 429 REQUEST_LIMIT naming it. `/agent/template/information` answers what an agent may send and what is left.
 */
import { sql, type SQL } from "drizzle-orm"
import type { RequestLimit } from "../../../src/contract/schemas/templates"
import { tenantOf } from "../../http/context"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError, badRequest, conflict, notFound } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
import { agentMaySend } from "./templates"
import { TEMPLATE_COLUMNS, templateByName, templateOf } from "./template-rows"
import { sendTemplateTo } from "./template-send"
import { answerAfterCommit } from "../../core/after-commit"
import { handOverNow, chatWriterOf } from "../chat"

const since = (unit: "day" | "month") =>
  sql`(date_trunc(${unit}, now() AT TIME ZONE tenant_zone(l.client_id)) AT TIME ZONE tenant_zone(l.client_id))`

const usedSql = (unit: "day" | "month") => sql`(SELECT count(*)::int FROM messages m WHERE m.client_id = l.client_id AND m.direction = 'out'
  AND m.type = 'template' AND m.payload ->> 'via' = 'api' AND m.dt >= ${since(unit)}
  AND (l.agent_id IS NULL OR m.sender_user_id = l.agent_id) AND (l.template_name IS NULL OR m.payload -> 'template' ->> 'name' = l.template_name))`

const COLUMNS = sql`l.id, l.agent_id, l.template_name, l.daily_limit, l.monthly_limit, l.updated_at,
  ${usedSql("day")} AS used_today, ${usedSql("month")} AS used_this_month`

const limitOf = (r: Record<string, unknown>): RequestLimit => ({
  id: Number(r.id),
  agent_id: r.agent_id === null ? null : Number(r.agent_id),
  template_name: (r.template_name as string | null) ?? null,
  daily_limit: Number(r.daily_limit),
  monthly_limit: Number(r.monthly_limit),
  used_today: Number(r.used_today),
  used_this_month: Number(r.used_this_month),
  updated_at: new Date(r.updated_at as string).toISOString(),
})

const loadLimit = async (db: Db, clientId: number, id: number) => {
  const [row] = rowsOf(await db.execute(sql`SELECT ${COLUMNS} FROM request_limits l WHERE l.client_id = ${clientId} AND l.id = ${id}`))
  if (!row) throw notFound("Request limit")
  return limitOf(row)
}

const checkScope = async (db: Db, clientId: number, agentId: number | null | undefined, templateName: string | null | undefined) => {
  if (agentId != null) {
    const [user] = rowsOf(await db.execute(sql`SELECT 1 FROM users WHERE id = ${agentId} AND client_id = ${clientId}`))
    if (!user) throw badRequest("The agent must be one of this business's users", "agent_id")
  }
  if (templateName != null)
    await templateByName(db, clientId, templateName).catch(() => {
      throw badRequest(`No template ${templateName}`, "template_name")
    })
}

const checkNumbers = (daily: number, monthly: number) => {
  if (daily > monthly) throw badRequest("The daily limit cannot be above the monthly one", "daily_limit")
}

const applying = (agentId: number | null, templateName: string): SQL =>
  sql`(l.agent_id IS NULL OR l.agent_id = ${agentId ?? 0}) AND (l.template_name IS NULL OR l.template_name = ${templateName})`

/** Refuses (429) when one more API send by `agentId` of `templateName` would pass a limit; locks the limits it read. */
export const checkRequestLimits = async (db: Db, clientId: number, agentId: number | null, templateName: string) => {
  await db.execute(sql`SELECT id FROM request_limits l WHERE l.client_id = ${clientId} AND ${applying(agentId, templateName)} FOR UPDATE`)
  const rows = rowsOf(
    await db.execute(
      sql`SELECT ${COLUMNS} FROM request_limits l WHERE l.client_id = ${clientId} AND ${applying(agentId, templateName)} ORDER BY l.id`,
    ),
  )
  for (const limit of rows.map(limitOf)) {
    const scope = [
      limit.agent_id ? `agent ${limit.agent_id}` : "the business",
      limit.template_name ? `template ${limit.template_name}` : null,
    ]
      .filter(Boolean)
      .join(", ")
    if (limit.used_today >= limit.daily_limit)
      throw new ApiError(429, "REQUEST_LIMIT", `The daily limit of ${limit.daily_limit} template sends for ${scope} is reached`)
    if (limit.used_this_month >= limit.monthly_limit)
      throw new ApiError(429, "REQUEST_LIMIT", `The monthly limit of ${limit.monthly_limit} template sends for ${scope} is reached`)
  }
}

export const handlers = [
  handle("conversationTemplates", "requestLimits", async (ctx, input) => {
    const { page, limit, offset } = pageOf(input, 10, 200)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT ${COLUMNS}, count(*) OVER () AS total_rows FROM request_limits l WHERE l.client_id = ${tenantOf(ctx)} ORDER BY l.id`,
      { limit, offset },
    )
    return { data: { items: rows.map(limitOf), totalItems: total, page, limit } }
  }),
  handle("conversationTemplates", "requestLimitAdd", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await checkScope(ctx.db, clientId, input.agent_id, input.template_name)
    checkNumbers(input.daily_limit, input.monthly_limit)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO request_limits (client_id, agent_id, template_name, daily_limit, monthly_limit)
        VALUES (${clientId}, ${input.agent_id ?? null}, ${input.template_name ?? null}, ${input.daily_limit}, ${input.monthly_limit})
        ON CONFLICT DO NOTHING RETURNING id`),
    )
    if (!row) throw conflict("A limit for this agent and template already exists: update it", "template_name")
    return { data: await loadLimit(ctx.db, clientId, Number(row.id)) }
  }),
  handle("conversationTemplates", "requestLimitUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = await loadLimit(ctx.db, clientId, input.id)
    const next = {
      agent_id: input.agent_id === undefined ? before.agent_id : input.agent_id,
      template_name: input.template_name === undefined ? before.template_name : input.template_name,
      daily_limit: input.daily_limit ?? before.daily_limit,
      monthly_limit: input.monthly_limit ?? before.monthly_limit,
    }
    await checkScope(ctx.db, clientId, next.agent_id, next.template_name)
    checkNumbers(next.daily_limit, next.monthly_limit)
    const [clash] = rowsOf(
      await ctx.db.execute(sql`SELECT 1 FROM request_limits WHERE client_id = ${clientId} AND id <> ${before.id}
        AND coalesce(agent_id, 0) = ${next.agent_id ?? 0} AND coalesce(template_name, '') = ${next.template_name ?? ""}`),
    )
    if (clash) throw conflict("A limit for this agent and template already exists", "template_name")
    await ctx.db.execute(sql`UPDATE request_limits SET agent_id = ${next.agent_id}, template_name = ${next.template_name},
      daily_limit = ${next.daily_limit}, monthly_limit = ${next.monthly_limit}, updated_at = now() WHERE id = ${before.id} AND client_id = ${clientId}`)
    return { data: await loadLimit(ctx.db, clientId, before.id) }
  }),
  handle("conversationTemplates", "requestLimitDelete", async (ctx, input) => {
    const rows = rowsOf(
      await ctx.db.execute(sql`DELETE FROM request_limits WHERE id = ${input.id} AND client_id = ${tenantOf(ctx)} RETURNING id`),
    )
    if (rows.length === 0) throw notFound("Request limit")
    return { data: { ok: true } }
  }),
  handle("conversationTemplates", "createTemplateMessage", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const agentId = input.agent_id ?? null
    await checkScope(ctx.db, clientId, agentId, undefined)
    const template = await templateByName(ctx.db, clientId, input.template_name, input.language)
    if (agentId !== null) await agentMaySend(ctx.db, template.id, agentId)
    await checkRequestLimits(ctx.db, clientId, agentId, template.name)
    const sent = await sendTemplateTo(
      chatWriterOf(ctx),
      {
        clientId,
        template,
        number: input.to,
        params: input.params ?? [],
        userId: agentId,
        via: "api",
      },
      { answered: true },
    )
    return answerAfterCommit(async () => {
      const [id] = await handOverNow(ctx.services, clientId, [sent.messageId])
      return { data: { message_id: id, status: "sent" as const } }
    })
  }),
  handle("conversationTemplates", "agentTemplateInformation", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await checkScope(ctx.db, clientId, input.agent_id, undefined)
    const templates = rowsOf(
      await ctx.db.execute(sql`SELECT ${TEMPLATE_COLUMNS} FROM templates t WHERE t.client_id = ${clientId} AND t.status = 'APPROVED'
        AND (NOT EXISTS (SELECT 1 FROM template_assignments a WHERE a.template_id = t.id)
          OR EXISTS (SELECT 1 FROM template_assignments a WHERE a.template_id = t.id AND a.user_id = ${input.agent_id}))
        ORDER BY t.name, t.language`),
    ).map(templateOf)
    const limits = rowsOf(
      await ctx.db.execute(sql`SELECT ${COLUMNS} FROM request_limits l WHERE l.client_id = ${clientId}
        AND (l.agent_id IS NULL OR l.agent_id = ${input.agent_id}) ORDER BY l.id`),
    ).map(limitOf)
    return { data: { templates, limits } }
  }),
]
