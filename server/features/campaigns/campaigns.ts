/**
 * Campaign calls: create, update, delete and list (the tenant's `/backend/campaign*` and `/template/*campaign*`, and
 * the super admin's for a tenant), the current campaigns, status changes (`/change/campaign/status`, stop, retry the
 * failed). Status rules live in campaign-status.ts, sending in campaign-engine.ts.
 */
import { sql, type SQL } from "drizzle-orm"
import type { CampaignStatus, ParamSource } from "../../../src/contract/schemas/campaigns"
import { DEFAULT_SEND_RATE } from "../../../src/contract/schemas/campaigns"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import type { Ctx } from "../../http/context"
import { tenantOf } from "../../http/context"
import { badRequest, conflict, idOf } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { handle } from "../../core/registry"
import { templateByName, checkSendable } from "../templates"
import { startRun } from "./campaign-engine"
import { materialize } from "./campaign-recipients"
import { campaignOf, existingClient, loadCampaign, lockCampaign, selectCampaigns } from "./campaign-rows"
import { checkDeletable, checkEditable, checkRetryable, checkTransition } from "./campaign-status"

interface CampaignFields {
  readonly name?: string
  readonly template_name?: string
  readonly language?: string
  readonly recipient_list_id?: number
  readonly numbers?: readonly string[]
  readonly params?: readonly string[]
  readonly param_sources?: readonly ParamSource[]
  readonly header_value?: string
  readonly rate_per_second?: number | null
  readonly scheduled_at?: string
  readonly start?: boolean
}

/** `YYYY-MM-DD[ HH:mm[:ss]]` in the tenant's time zone, or an ISO instant. */
const instantSql = (clientId: number, at: string): SQL =>
  at.includes("T") ? sql`${at}::timestamptz` : sql`(${at}::timestamp AT TIME ZONE tenant_zone(${clientId}))`

const now = () => new Date()

/** draft -> scheduled, and on to running at once when its time has come. */
const launch = async (db: Db, clientId: number, id: number) => {
  const c = await loadCampaign(db, clientId, id)
  checkTransition(c, "scheduled")
  if (c.total === 0) throw badRequest(`Campaign ${c.name} has no recipients`, "recipient_list_id")
  checkSendable(await templateByName(db, clientId, c.template_name, c.language))
  await db.execute(sql`UPDATE campaigns SET status = 'scheduled', status_reason = NULL, updated_at = now() WHERE id = ${id}`)
  if (c.scheduled_at === null || new Date(c.scheduled_at) <= now()) await startRun(db, clientId, id, now())
}

const save = async (ctx: Ctx, clientId: number, input: CampaignFields & { id?: number | string }) => {
  const db = ctx.db
  const existing = input.id === undefined ? null : await lockCampaign(db, clientId, input.id)
  if (existing) checkEditable(existing)
  const [before] = existing ? rowsOf(await db.execute(sql`SELECT * FROM campaigns WHERE id = ${existing.id}`)) : [undefined]
  const name = input.template_name ?? (before?.template_name as string | undefined)
  const language = input.language ?? (before?.language as string | undefined)
  if (!name || !language) throw badRequest("template_name and language are required", "template_name")
  const template = await templateByName(db, clientId, name, language)
  const params = input.params ?? ((before?.params as string[] | undefined) || [])
  const sources = input.param_sources ?? ((before?.param_sources as ParamSource[] | undefined) || [])
  if (params.length > template.params_count || sources.length > template.params_count)
    throw badRequest(`Template ${template.name} takes ${template.params_count} parameter(s)`, "params")
  const rate =
    input.rate_per_second === undefined ? (before ? (before.rate_per_second as number | null) : DEFAULT_SEND_RATE) : input.rate_per_second
  const listId =
    input.numbers !== undefined ? null : (input.recipient_list_id ?? (before?.recipient_list_id as number | null | undefined) ?? null)
  const fields = sql`template_id = ${template.id}, template_name = ${template.name}, language = ${template.language},
    recipient_list_id = ${listId}, params = ${JSON.stringify(params)}::jsonb, param_sources = ${JSON.stringify(sources)}::jsonb,
    header_value = ${input.header_value ?? (before?.header_value as string | null | undefined) ?? null}, rate_per_second = ${rate},
    updated_at = now()`
  let id: number
  if (existing) {
    id = existing.id
    await db.execute(sql`UPDATE campaigns SET name = ${input.name ?? String(before!.name)}, ${fields},
      scheduled_at = ${input.scheduled_at === undefined ? sql`scheduled_at` : instantSql(clientId, input.scheduled_at)}, status = 'draft'
      WHERE id = ${id}`)
  } else {
    const [row] = rowsOf(
      await db.execute(sql`INSERT INTO campaigns (client_id, name, status, created_by, scheduled_at)
        VALUES (${clientId}, ${input.name!}, 'draft', ${ctx.principal.userId}, ${input.scheduled_at === undefined ? null : instantSql(clientId, input.scheduled_at)})
        RETURNING id`),
    )
    id = Number(row.id)
    await db.execute(sql`UPDATE campaigns SET ${fields} WHERE id = ${id}`)
  }
  const recipientsChanged =
    !existing ||
    input.recipient_list_id !== undefined ||
    input.numbers !== undefined ||
    input.template_name !== undefined ||
    input.language !== undefined ||
    input.params !== undefined ||
    input.param_sources !== undefined
  if (recipientsChanged)
    await materialize(db, clientId, id, {
      recipientListId: listId,
      numbers: input.numbers,
      paramsCount: template.params_count,
      params,
      sources,
    })
  // An edit of a scheduled campaign keeps it scheduled (launched again with the change); a new one launches on `start`.
  if (input.start || existing?.status === "scheduled") await launch(db, clientId, id)
  return { data: await loadCampaign(db, clientId, id) }
}

interface ListInput {
  readonly page?: number
  readonly limit?: number
  readonly search?: string
  readonly status?: CampaignStatus
  readonly start_date?: string
  readonly end_date?: string
}

const pageCampaigns = async (db: Db, clientId: number | null, input: ListInput) => {
  const { page, limit, offset } = pageOf(input, 10, 1000)
  const parts: SQL[] = [clientId === null ? sql`TRUE` : sql`c.client_id = ${clientId}`]
  const search = input.search?.trim()
  if (search) parts.push(sql`(c.name ILIKE ${likeOf(search)} OR c.template_name ILIKE ${likeOf(search)})`)
  if (input.status) parts.push(sql`c.status = ${input.status}`)
  if (input.start_date) parts.push(sql`c.created_at >= (${input.start_date}::timestamp AT TIME ZONE tenant_zone(c.client_id))`)
  if (input.end_date) parts.push(sql`c.created_at <= (${input.end_date}::timestamp AT TIME ZONE tenant_zone(c.client_id))`)
  const where = sql.join(parts, sql` AND `)
  // The page's ids first (an index-ordered scan), then their counts: the aggregate runs for one page of campaigns only.
  const rows = rowsOf(
    await db.execute(sql`WITH page AS (SELECT c.id FROM campaigns c WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset})
      ${selectCampaigns(sql`c.id IN (SELECT id FROM page)`)}`),
  )
  const [count] = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM campaigns c WHERE ${where}`))
  const total = Number(count?.n ?? 0)
  const items = rows.map(campaignOf).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
  return { data: { items, totalItems: total, page, limit } }
}

const changeStatus = async (db: Db, clientId: number, id: number | string, to: "scheduled" | "running" | "paused" | "stopped") => {
  const c = await lockCampaign(db, clientId, id)
  if (to === "scheduled") await launch(db, clientId, c.id)
  else {
    checkTransition(c, to)
    if (to === "running") {
      if (c.status === "scheduled")
        checkSendable(await templateByName(db, clientId, (await loadCampaign(db, clientId, c.id)).template_name))
      await startRun(db, clientId, c.id, now())
    } else if (to === "paused")
      await db.execute(sql`UPDATE campaigns SET status = 'paused', status_reason = NULL, updated_at = now() WHERE id = ${c.id}`)
    else {
      await db.execute(sql`UPDATE campaigns SET status = 'stopped', finished_at = now(), updated_at = now() WHERE id = ${c.id}`)
      await db.execute(sql`UPDATE campaign_recipients SET status = 'skipped', error = 'The campaign was stopped'
        WHERE campaign_id = ${c.id} AND status = 'queued'`)
    }
  }
  return { data: await loadCampaign(db, clientId, c.id) }
}

const retry = async (db: Db, clientId: number, id: number | string) => {
  const c = await lockCampaign(db, clientId, id)
  checkRetryable(c)
  const again = rowsOf(
    await db.execute(sql`UPDATE campaign_recipients SET status = 'queued', error = NULL, message_id = NULL, external_id = NULL,
      sent_at = NULL, delivered_at = NULL, read_at = NULL WHERE campaign_id = ${c.id} AND status = 'failed' RETURNING id`),
  )
  if (again.length === 0) throw conflict(`Campaign ${c.name} has no failed recipient to retry`)
  await startRun(db, clientId, c.id, now())
  return { data: await loadCampaign(db, clientId, c.id) }
}

const remove = async (db: Db, clientId: number, id: number | string) => {
  const c = await lockCampaign(db, clientId, id)
  checkDeletable(c)
  await db.execute(sql`DELETE FROM campaigns WHERE id = ${c.id}`)
  return { data: { ok: true } }
}

export const handlers = [
  handle("campaigns", "fetchListCampaigns", async (ctx, input) => pageCampaigns(ctx.db, tenantOf(ctx), input)),
  handle("campaigns", "campaignCreate", async (ctx, input) => save(ctx, tenantOf(ctx), input)),
  handle("campaigns", "campaignUpdateById", async (ctx, input) => save(ctx, tenantOf(ctx), { ...input, id: idOf(input.id, "Campaign") })),
  handle("campaigns", "templateCurrentCampaigns", async (ctx) => ({
    data: rowsOf(
      await ctx.db.execute(sql`${selectCampaigns(sql`c.client_id = ${tenantOf(ctx)} AND c.status IN ('scheduled', 'running', 'paused')`)}
        ORDER BY c.created_at DESC, c.id DESC LIMIT 200`),
    ).map(campaignOf),
  })),
  handle("templates", "templateCampaign", async (ctx, input) => pageCampaigns(ctx.db, tenantOf(ctx), input)),
  handle("templates", "templateCampaignAdmin", async (ctx, input) => pageCampaigns(ctx.db, input.client_id ?? null, input)),
  handle("templates", "templateCreateCampaign", async (ctx, input) => save(ctx, tenantOf(ctx), input)),
  handle("templates", "templateUpdateCampaign", async (ctx, input) => save(ctx, tenantOf(ctx), input)),
  handle("templates", "templateCreateCampaignAdmin", async (ctx, input) => save(ctx, await existingClient(ctx.db, input.client_id), input)),
  handle("templates", "templateUpdateCampaignAdmin", async (ctx, input) => save(ctx, await existingClient(ctx.db, input.client_id), input)),
  handle("templates", "templateDeleteCampaign", async (ctx, input) => remove(ctx.db, tenantOf(ctx), input.id)),
  handle("templates", "templateDeleteCampaignAdmin", async (ctx, input) =>
    remove(ctx.db, await existingClient(ctx.db, input.client_id), input.id),
  ),
  handle("templates", "changeCampaignStatus", async (ctx, input) => changeStatus(ctx.db, tenantOf(ctx), input.id, input.status)),
  handle("templates", "stopTemplateMessage", async (ctx, input) => changeStatus(ctx.db, tenantOf(ctx), input.campaign_id, "stopped")),
  handle("templates", "templateRetryCampaign", async (ctx, input) => retry(ctx.db, tenantOf(ctx), input.id)),
]
