/**
 * The company page's "configure web hook": one endpoint that receives every event, kept in the one webhook store
 * (server/features/webhooks, delivered by its jobs). Configuring again with the same URL updates that webhook; a new
 * URL becomes the tenant's configured webhook. The verify token is the webhook's signing secret (each delivery carries
 * its HMAC, server/features/webhooks/signature.ts); it is answered back only as a hint.
 */
import { sql } from "drizzle-orm"
import { EVENT_TYPES } from "../../core/events"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { conflict } from "../../http/errors"
import { iso } from "../../core/date-range"
import { handle } from "../../core/registry"
import { checkUrl, MAX_WEBHOOKS } from "../webhooks"

const ALL_EVENTS = sql`ARRAY[${sql.join(
  Object.keys(EVENT_TYPES).map((e) => sql`${e}`),
  sql`, `,
)}]::text[]`

const configOf = (r: Record<string, unknown>) => {
  const secret = String(r.secret)
  return { url: String(r.url), verify_token: `${secret.slice(0, 2)}…${secret.slice(-4)}`, updated_at: iso(r.updated_at) }
}

export const handlers = [
  handle("onboarding", "configureWebhook", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const url = checkUrl(input.url, ctx.services.config.dev)
    const [same] = rowsOf(
      await ctx.db.execute(sql`SELECT id FROM webhooks WHERE client_id = ${clientId} AND url = ${url} ORDER BY id LIMIT 1`),
    )
    if (same) {
      const [row] = rowsOf(
        await ctx.db.execute(sql`UPDATE webhooks SET secret = ${input.verify_token}, events = ${ALL_EVENTS}, active = true,
          consecutive_failures = 0, disabled_at = NULL, disabled_reason = NULL, updated_at = now()
        WHERE id = ${same.id} AND client_id = ${clientId} RETURNING *`),
      )
      return { data: configOf(row) }
    }
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM webhooks WHERE client_id = ${clientId}`))
    if (Number(count?.n ?? 0) >= MAX_WEBHOOKS) throw conflict(`A tenant may keep at most ${MAX_WEBHOOKS} webhooks`)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO webhooks (client_id, url, events, secret, active)
        VALUES (${clientId}, ${url}, ${ALL_EVENTS}, ${input.verify_token}, true) RETURNING *`),
    )
    return { data: configOf(row) }
  }),

  handle("onboarding", "getWebhook", async (ctx) => {
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT * FROM webhooks WHERE client_id = ${tenantOf(ctx)} ORDER BY updated_at DESC, id DESC LIMIT 1`),
    )
    return { data: row ? configOf(row) : null }
  }),
]
