/**
 * A campaign's outbox: its recipients with how far each got and why one failed or was skipped (paged), and the same
 * as a CSV report read in batches of 10,000 by id, whole (`downloadTemplateCampaign`, the spec's) or streamed as it is read
 * (`templateTools.campaignReportRows`, ours: the console's download button).
 */
import { Readable } from "node:stream"
import { sql } from "drizzle-orm"
import { CAMPAIGN_CSV_HEADER, campaignCsvLine, campaignReportFileName } from "../../../src/contract/campaign-report"
import type { CampaignRecipient, RecipientStatus } from "../../../src/contract/schemas/campaigns"
import type { Database, Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
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

/** One batch of a campaign's recipients after `after` (by id), the CSV's and the stream's read. */
const batchAfter = async (db: Db, clientId: number, campaignId: number, after: number) =>
  rowsOf(
    await db.execute(sql`SELECT ${COLUMNS} FROM campaign_recipients r WHERE r.campaign_id = ${campaignId} AND r.client_id = ${clientId}
      AND r.id > ${after} ORDER BY r.id LIMIT ${BATCH}`),
  ).map(recipientOf)

/** Every recipient, a batch of 10,000 at a time. */
export async function* recipientBatches(db: Db, clientId: number, campaignId: number) {
  let after = 0
  for (;;) {
    const rows = await batchAfter(db, clientId, campaignId, after)
    if (rows.length > 0) yield rows
    if (rows.length < BATCH) return
    after = rows[rows.length - 1].id
  }
}

export const csvOf = async (db: Db, clientId: number, campaignId: number): Promise<string> => {
  const lines = [CAMPAIGN_CSV_HEADER]
  for await (const rows of recipientBatches(db, clientId, campaignId)) for (const r of rows) lines.push(campaignCsvLine(r))
  return `${lines.join("\r\n")}\r\n`
}

/**
 * The streamed report (`templateTools.campaignReportRows`): `{"data":{"items":[...]}}` written batch by batch as it
 * is read, outside the request's transaction (the pool's own reads), so neither side ever holds the whole report.
 */
export const streamRecipients = (database: Database, clientId: number, campaignId: number): Readable =>
  Readable.from(
    (async function* () {
      yield '{"data":{"items":['
      let first = true
      for await (const rows of recipientBatches(database.db, clientId, campaignId)) {
        const json = rows.map((r) => JSON.stringify(r)).join(",")
        yield first ? json : `,${json}`
        first = false
      }
      yield "]}}"
    })(),
    { objectMode: false },
  )

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
    return { data: { file_name: campaignReportFileName(campaign), csv: await csvOf(ctx.db, clientId, campaign.id) } }
  }),
  handle("templateTools", "campaignReportRows", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const campaign = await loadCampaign(ctx.db, clientId, input.id)
    return streamRecipients(ctx.services.database, clientId, campaign.id)
  }),
]
