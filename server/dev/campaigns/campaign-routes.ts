/**
 * The channel's failure report for a campaign message, as WhatsApp's status webhook would send it (development and
 * test servers; login-protected like every /dev hook):
 *   POST /dev/campaigns/fail  { number, reason?, campaign_id? }  the newest campaign message to that number failed
 * It goes through the chat's one status path (the message and the recipient row), then keeps the reason on both.
 */
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { storeStatus } from "../../features/chat"
import type { HttpRoutes } from "../../core/registry"
import { badRequest, notFound } from "../../http/errors"
import { devCallerOf, devTenantOf } from "../access"
import { bodyOf } from "../body"

export const campaignRoutes: HttpRoutes = (app, services) => {
  app.post("/dev/campaigns/fail", async (req) => {
    const body = bodyOf(req.body)
    const clientId = devTenantOf(await devCallerOf(services, req), body.clientId)
    if (typeof body.number !== "string" || !/^\+?[0-9]{5,16}$/.test(body.number)) throw badRequest("number is required", "number")
    const number = body.number.startsWith("+") ? body.number : `+${body.number}`
    const reason =
      typeof body.reason === "string" && body.reason.trim() ? body.reason.trim().slice(0, 500) : "Message undeliverable (131026)"
    const campaign = typeof body.campaign_id === "number" ? sql`AND r.campaign_id = ${body.campaign_id}` : sql``
    await services.database.transaction(async (tx) => {
      const [row] = rowsOf(
        await tx.execute(sql`SELECT r.id, m.external_id, r.message_id FROM campaign_recipients r JOIN messages m ON m.id = r.message_id
            WHERE r.client_id = ${clientId} AND r.number = ${number} AND m.external_id IS NOT NULL AND r.status IN ('sent', 'delivered', 'read')
            ${campaign} ORDER BY r.sent_at DESC, r.id DESC LIMIT 1`),
      )
      if (!row) throw notFound(`A sent campaign message to ${number}`)
      await storeStatus(tx, clientId, String(row.external_id), "failed")
      await tx.execute(sql`UPDATE campaign_recipients SET error = ${reason} WHERE id = ${row.id}`)
      await tx.execute(
        sql`UPDATE messages SET payload = payload || ${JSON.stringify({ error: reason })}::jsonb WHERE id = ${row.message_id}`,
      )
    })
    return { data: { ok: true } }
  })
}
