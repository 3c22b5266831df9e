/**
 * Client webhooks (/apps/client-webhook): the tenant's endpoints, the event types they may subscribe to, create and
 * update (re-enabling resets the failure count), the delivery log, and a test event. Delivery: delivery.ts.
 */
import { sql, type SQL } from "drizzle-orm"
import { EVENT_TYPES, publish, TEST_EVENT } from "../../core/events"
import { likeOf, rowsOf } from "../../db/rows"
import { businessOf, tenantOf } from "../../http/context"
import { conflict, idOf } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { iso } from "../../core/date-range"
import { handle } from "../../core/registry"
import { checkEvents, checkUrl, loadWebhook, MAX_WEBHOOKS, newSecret, webhookOf } from "./webhook-rows"

export const handlers = [
  handle("security", "clientWebhooks", async (ctx, input) => {
    const clientId = await businessOf(ctx, input.client_id)
    const { page, limit, offset } = pageOf(input, 10)
    const parts: SQL[] = [sql`client_id = ${clientId}`]
    if (input.search?.trim()) parts.push(sql`url ILIKE ${likeOf(input.search)}`)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT *, count(*) OVER () AS total_rows FROM webhooks WHERE ${sql.join(parts, sql` AND `)} ORDER BY id DESC`,
      { limit, offset },
    )
    return { data: { items: rows.map((r) => webhookOf(r)), totalItems: total, page, limit } }
  }),

  handle("security", "getWebhookEventTypes", async () => ({
    data: Object.entries(EVENT_TYPES).map(([key, description]) => ({ key, description })),
  })),

  handle("security", "createClientWebhook", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const url = checkUrl(input.url, ctx.services.config.dev)
    const events = checkEvents(input.events)
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM webhooks WHERE client_id = ${clientId}`))
    if (Number(count?.n ?? 0) >= MAX_WEBHOOKS) throw conflict(`A tenant may keep at most ${MAX_WEBHOOKS} webhooks`)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO webhooks (client_id, url, events, secret, active)
      VALUES (${clientId}, ${url}, ${sql`ARRAY[${sql.join(
        events.map((e) => sql`${e}`),
        sql`, `,
      )}]::text[]`}, ${input.secret ?? newSecret()}, ${input.active ?? true}) RETURNING *`),
    )
    return { data: webhookOf(row, true) }
  }),

  handle("security", "updateClientWebhook", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Webhook")
    await loadWebhook(ctx.db, clientId, id, true)
    const sets: SQL[] = [sql`updated_at = now()`]
    if (input.url !== undefined) sets.push(sql`url = ${checkUrl(input.url, ctx.services.config.dev)}`)
    if (input.events !== undefined) {
      const events = checkEvents(input.events)
      sets.push(
        sql`events = ARRAY[${sql.join(
          events.map((e) => sql`${e}`),
          sql`, `,
        )}]::text[]`,
      )
    }
    if (input.secret !== undefined) sets.push(sql`secret = ${input.secret}`)
    // Switching on starts afresh (the count, the server's reason); switching off is the admin's choice, no reason.
    if (input.active === true) sets.push(sql`active = true, consecutive_failures = 0, disabled_at = NULL, disabled_reason = NULL`)
    if (input.active === false) sets.push(sql`active = false, disabled_at = NULL, disabled_reason = NULL`)
    const [row] = rowsOf(
      await ctx.db.execute(sql`UPDATE webhooks SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND client_id = ${clientId} RETURNING *`),
    )
    return { data: webhookOf(row, input.secret !== undefined) }
  }),

  handle("webhooks", "webhookDeliveries", async (ctx, input) => {
    const clientId = await businessOf(ctx, input.client_id)
    const webhook = await loadWebhook(ctx.db, clientId, idOf(input.webhook_id, "Webhook"))
    const { page, limit, offset } = pageOf(input, 20, 200)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT *, count(*) OVER () AS total_rows FROM webhook_deliveries WHERE webhook_id = ${Number(webhook.id)} ORDER BY id DESC`,
      { limit, offset },
    )
    const items = rows.map((r) => ({
      id: Number(r.id),
      event_id: String(r.event_id),
      event_type: String(r.event_type),
      attempt: Number(r.attempt),
      ok: Boolean(r.ok),
      status_code: r.status_code === null ? null : Number(r.status_code),
      duration_ms: Number(r.duration_ms),
      error: r.error === null ? null : String(r.error),
      created_at: iso(r.created_at),
    }))
    return { data: { items, totalItems: total, page, limit } }
  }),

  handle("webhooks", "deleteClientWebhook", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Webhook")
    await loadWebhook(ctx.db, clientId, id, true)
    await ctx.db.execute(sql`DELETE FROM webhooks WHERE id = ${id} AND client_id = ${clientId}`)
    return { data: { ok: true } }
  }),

  handle("webhooks", "sendWebhookTestEvent", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const webhook = await loadWebhook(ctx.db, clientId, idOf(input.id, "Webhook"))
    const eventId = await publish(
      ctx.db,
      clientId,
      TEST_EVENT,
      { webhook_id: Number(webhook.id), note: "A test event sent from the console" },
      Number(webhook.id),
    )
    return { data: { event_id: eventId } }
  }),
]
