/**
 * Domain events: what happened in a tenant, told to the tenant's own servers (client webhooks).
 *
 * `publish(tx, clientId, type, data)` runs inside the writer's own transaction: the event row and one delivery job per
 * subscribed, active webhook of the tenant are written with the change, so the event exists if and only if the write
 * commits (the transactional outbox of DESIGN.md). Deliveries are jobs of kind `webhook.deliver` on the one queue
 * (server/core/jobs.ts), keyed `webhook:<webhook id>:<event id>` so a repeated fan-out adds nothing;
 * server/features/webhooks delivers them. Events are for the tenant's servers; the server's own features react to each
 * other through hook points (core/hooks.ts), not through these.
 */
import { randomUUID } from "node:crypto"
import { type SQL, sql } from "drizzle-orm"
import type { Db } from "../db/db"
import { rowsOf } from "../db/rows"
import { wakeAfterCommit } from "./jobs"

/** Every event type the server publishes, with what it means (the `/get/webhook/event/types` answer). */
export const EVENT_TYPES = {
  "message.received": "A customer's message arrived",
  "message.sent": "An agent, bot or reminder sent a message to a customer",
  "message.status": "A sent message was delivered, read or failed",
  "conversation.opened": "A customer's conversation opened",
  "conversation.assigned": "A conversation was taken, assigned, forwarded or released",
  "conversation.closed": "A conversation was closed",
  "call.ended": "A WhatsApp voice call ended",
  "ticket.created": "A ticket was opened",
  "ticket.updated": "A ticket changed status, assignee or details",
  "complaint.created": "A complaint was filed",
  "complaint.updated": "A complaint changed status or details",
  "campaign.finished": "A campaign finished sending",
  "conversation.sla_near_breach": "A conversation's SLA target is about to be breached",
  "conversation.sla_breached": "A conversation's SLA target was breached",
} as const

export type EventType = keyof typeof EVENT_TYPES
/** The event a webhook's "send test event" publishes to that webhook alone. */
export const TEST_EVENT = "webhook.test"

export const isEventType = (type: string): type is EventType => Object.hasOwn(EVENT_TYPES, type)

/** The job kind of one webhook delivery. */
export const WEBHOOK_DELIVERY = "webhook.deliver"
/** Attempts per delivery: 1 s, 2 s ... 4 min 16 s apart (the queue's backoff), about 8½ minutes in all. */
export const DELIVERY_ATTEMPTS = 10

/**
 * Records the event and enqueues its deliveries in `tx`; answers the event id. `onlyWebhook` aims it at one webhook
 * whatever it subscribed to (the test event).
 */
export const publish = async (
  tx: Db,
  clientId: number,
  type: EventType | typeof TEST_EVENT,
  data: Record<string, unknown>,
  onlyWebhook?: number,
): Promise<string> => {
  const id = randomUUID()
  const now = new Date().toISOString()
  const target = onlyWebhook === undefined ? sql`w.active AND ${type}::text = ANY (w.events)` : sql`w.id = ${onlyWebhook}`
  const queued = await tx.execute(sql`WITH e AS (INSERT INTO domain_events (id, client_id, type, data, created_at)
      VALUES (${id}::uuid, ${clientId}, ${type}, ${JSON.stringify(data)}::jsonb, ${now}::timestamptz) RETURNING id)
    INSERT INTO jobs (kind, client_id, payload, run_at, max_attempts, idempotency_key)
    SELECT ${WEBHOOK_DELIVERY}, w.client_id, jsonb_build_object('webhook_id', w.id, 'event_id', (SELECT id FROM e)),
      ${now}::timestamptz, ${DELIVERY_ATTEMPTS}, 'webhook:' || w.id || ':' || ${id}
    FROM webhooks w WHERE w.client_id = ${clientId} AND ${target}
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING 1`)
  if (rowsOf(queued).length > 0) wakeAfterCommit(tx)
  return id
}

/**
 * The CTEs that record one event of `type` per row of `data` (a query answering one jsonb column) and enqueue their
 * deliveries, for a writer that computes the events' data in its own statement (from a data-modifying CTE's RETURNING):
 * `WITH ..., ${publishedCtes(...)} SELECT ..., ${DELIVERIES_QUEUED}`, then `wakeForDeliveries(db, rows)`. PostgreSQL
 * runs each data-modifying CTE once, read or not. `now`: the events' time, this process's clock unless given (a
 * statement kept compiled gives a placeholder).
 */
export const publishedCtes = (clientId: number, type: EventType, data: SQL, now?: SQL): SQL =>
  publishedEventsCtes(clientId, [{ type, data }], now)

/** Events of one type to record in a statement: `data` answers one jsonb column, a row per event. */
export interface PublishedEvent {
  readonly type: EventType
  readonly data: SQL
}

/** `publishedCtes` for events of several types in one statement (a message that opened its conversation). */
export const publishedEventsCtes = (
  clientId: number,
  events: readonly PublishedEvent[],
  now: SQL = sql`${new Date().toISOString()}::timestamptz`,
): SQL =>
  sql`published_events AS (INSERT INTO domain_events (id, client_id, type, data, created_at)
      SELECT gen_random_uuid(), ${clientId}, d.type, d.data, ${now}
      FROM (${sql.join(
        events.map((e) => sql`SELECT ${e.type}::text, x.data FROM (${e.data}) AS x(data)`),
        sql` UNION ALL `,
      )}) AS d(type, data) RETURNING id, type),
    published_deliveries AS (INSERT INTO jobs (kind, client_id, payload, run_at, max_attempts, idempotency_key)
      SELECT ${WEBHOOK_DELIVERY}, w.client_id, jsonb_build_object('webhook_id', w.id, 'event_id', e.id),
        ${now}, ${DELIVERY_ATTEMPTS}, 'webhook:' || w.id || ':' || e.id
      FROM webhooks w JOIN published_events e ON e.type = ANY (w.events) WHERE w.client_id = ${clientId} AND w.active
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING 1)`

/** The column a statement with `publishedCtes` answers beside its own: whether it queued a delivery. */
export const DELIVERIES_QUEUED = sql`EXISTS (SELECT 1 FROM published_deliveries) AS deliveries_queued`

/** Wakes the delivery workers after the commit when the statement's rows say it queued a delivery (`DELIVERIES_QUEUED`). */
export const wakeForDeliveries = (db: Db, rows: readonly Record<string, unknown>[]) => {
  if (rows.some((row) => row.deliveries_queued === true)) wakeAfterCommit(db)
}

/**
 * `publish` for many events of one type at once (a campaign's batch): one statement records them all and enqueues
 * their deliveries, each event with its own id, in `tx`.
 */
export const publishEach = async (tx: Db, clientId: number, type: EventType, data: readonly Record<string, unknown>[]) => {
  if (data.length === 0) return
  const rows = rowsOf(
    await tx.execute(
      sql`WITH ${publishedCtes(clientId, type, sql`SELECT jsonb_array_elements(${JSON.stringify(data)}::jsonb)`)} SELECT ${DELIVERIES_QUEUED}`,
    ),
  )
  wakeForDeliveries(tx, rows)
}
