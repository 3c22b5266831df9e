/**
 * OTP providers of a tenant: where codes go out (SMS through the tenant's approved sender name on the SMS gateway,
 * WhatsApp's authentication template, e-mail). An API key is sealed at rest and answered only as a hint.
 */
import { type SQL, sql } from "drizzle-orm"
import type { OtpChannel } from "../../../src/contract/schemas/otp"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { type Ctx, tenantOf } from "../../http/context"
import { badRequest } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
import { hintOf, seal } from "../sms"
import { loadProvider, type ProviderConfig, providerOf, providerRowOf } from "./provider-rows"

/** An SMS provider sends under one of the tenant's approved sender names (masks). */
export const approvedMaskId = async (db: Db, clientId: number, sender: string): Promise<number | null> => {
  const [mask] = rowsOf(
    await db.execute(sql`SELECT id FROM sms_maskings WHERE client_id = ${clientId} AND mask = ${sender} AND status = 'approved' AND active
      ORDER BY id LIMIT 1`),
  )
  return mask ? Number(mask.id) : null
}

const checkSender = async (db: Db, clientId: number, channel: OtpChannel, sender: string) => {
  if (channel === "sms" && (await approvedMaskId(db, clientId, sender)) === null)
    throw badRequest(`${sender} is not an approved SMS sender name of this account`, "sender")
}

const configOf = (
  ctx: Ctx,
  before: ProviderConfig,
  input: { sender?: string; api_key?: string; code_length?: number; ttl_seconds?: number },
) => ({
  ...before,
  ...(input.sender !== undefined ? { sender: input.sender } : {}),
  ...(input.code_length !== undefined ? { code_length: input.code_length } : {}),
  ...(input.ttl_seconds !== undefined ? { ttl_seconds: input.ttl_seconds } : {}),
  ...(input.api_key ? { secret: seal(ctx.services.config.jwtSecret, input.api_key), hint: hintOf(input.api_key) } : {}),
})

export const handlers = [
  handle("otp", "fetchOtpProviders", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const paging = pageOf(input)
    const where: SQL[] = [sql`client_id = ${clientId}`]
    const search = input.search?.trim()
    if (search) where.push(sql`(name ILIKE ${likeOf(search)} OR email ILIKE ${likeOf(search)})`)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT *, count(*) OVER () AS total_rows FROM otp_providers WHERE ${sql.join(where, sql` AND `)} ORDER BY name, id`,
      paging,
    )
    return { data: { items: rows.map((r) => providerOf(providerRowOf(r))), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("otp", "addOtpProvider", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await checkSender(ctx.db, clientId, input.channel, input.sender)
    const config = configOf(ctx, {}, input)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO otp_providers (client_id, name, email, type, config, active)
        VALUES (${clientId}, ${input.name}, ${input.email}, ${input.channel}, ${JSON.stringify(config)}::jsonb, ${input.enabled ?? true})
        RETURNING *`),
    )
    return { data: providerOf(providerRowOf(row)) }
  }),

  handle("otp", "updateOtpProvider", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = await loadProvider(ctx.db, clientId, input.id)
    const channel = input.channel ?? before.channel
    const sender = input.sender ?? before.sender
    if (input.channel !== undefined || input.sender !== undefined) await checkSender(ctx.db, clientId, channel, sender)
    const config = configOf(ctx, before.config, input)
    const [row] = rowsOf(
      await ctx.db.execute(sql`UPDATE otp_providers SET name = ${input.name ?? before.name}, email = ${input.email ?? before.email},
        type = ${channel}, config = ${JSON.stringify(config)}::jsonb, active = ${input.enabled ?? before.enabled}
        WHERE id = ${before.id} AND client_id = ${clientId} RETURNING *`),
    )
    return { data: providerOf(providerRowOf(row)) }
  }),
]
