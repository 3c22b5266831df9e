/**
 * A campaign's outbox: its recipients with how far each got and why one failed or was skipped (paged), and the same
 * as a CSV report read in batches of 10,000 by id (the console's export streams the paged call to a file instead).
 */
import { sql } from "drizzle-orm"
import type { CampaignRecipient, RecipientStatus } from "../../../src/contract/schemas/templates"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { pageOf, windowPage } from "../paging"
import { handle } from "../registry"
import { loadCampaign } from "./campaign-rows"

const BATCH = 10_000
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v instanceof Date ? v : String(v)).toISOString())

export const recipientOf = (r: Record<string, unknown>): CampaignRecipient => ({
  id: Number(r.id),
  number: String(r.number),
  status: String(r.status) as RecipientStatus,
  error: (r.error as string | null) ?? null,
  params: (typeof r.params === "string" ? JSON.parse(r.params) : (r.params ?? [])) as string[],
  external_id: (r.external_id as string | null) ?? null,
  sent_at: iso(r.sent_at),
  delivered_at: iso(r.delivered_at),
  read_at: iso(r.read_at),
})

/** The channel's id is the message's (set when the chat outbox handed it over). */
const COLUMNS = sql`r.id, r.number, r.status, r.error, r.params, (SELECT m.external_id FROM messages m WHERE m.id = r.message_id) AS external_id,
  r.sent_at, r.delivered_at, r.read_at`

const cell = (v: unknown) => {
  const text = v === null || v === undefined ? "" : String(v)
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && !/^\+[0-9]+$/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const CSV_HEADER = ["number", "status", "reason", "parameters", "sent_at", "delivered_at", "read_at"]

export const csvOf = async (db: Db, clientId: number, campaignId: number): Promise<string> => {
  const lines = [CSV_HEADER.join(",")]
  let after = 0
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`SELECT ${COLUMNS} FROM campaign_recipients r WHERE r.campaign_id = ${campaignId} AND r.client_id = ${clientId}
        AND r.id > ${after} ORDER BY r.id LIMIT ${BATCH}`),
    ).map(recipientOf)
    for (const r of rows)
      lines.push([r.number, r.status, r.error, r.params.join(" | "), r.sent_at, r.delivered_at, r.read_at].map(cell).join(","))
    if (rows.length < BATCH) break
    after = rows[rows.length - 1].id
  }
  return `${lines.join("\n")}\n`
}

export const handlers = [
  handle("templates", "templateRecipientNumbers", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await loadCampaign(ctx.db, clientId, input.campaign_id)
    const { page, limit, offset } = pageOf(input, 10, 1000)
    const search = input.search?.trim()
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT ${COLUMNS}, count(*) OVER () AS total_rows FROM campaign_recipients r
        WHERE r.campaign_id = ${input.campaign_id} AND r.client_id = ${clientId}
        ${input.status ? sql`AND r.status = ${input.status}` : sql``} ${search ? sql`AND r.number LIKE ${likeOf(search)}` : sql``}
        ORDER BY r.id`,
      { limit, offset },
    )
    return { data: { items: rows.map(recipientOf), totalItems: total, page, limit } }
  }),
  handle("templates", "downloadTemplateCampaign", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const campaign = await loadCampaign(ctx.db, clientId, input.id)
    const file = `${campaign.name.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 60) || "campaign"}-${campaign.id}.csv`
    return { data: { file_name: file, csv: await csvOf(ctx.db, clientId, campaign.id) } }
  }),
]
