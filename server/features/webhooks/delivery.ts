/**
 * Delivering one event to one webhook: a job of kind `webhook.deliver` on the one queue (server/core/jobs.ts).
 *
 * - `prepare` (outside any transaction: a receiver may take up to its timeout) POSTs the event, signed (signature.ts).
 *   A 2xx is a success. Anything else is written at once, in its own transaction, as a failed attempt in the log with
 *   the webhook's failure count; the throw then lets the queue retry with its backoff (1 s, 2 s, 4 s ...).
 * - `run` (the job's transaction, committed with its "done" mark) logs the success and resets the count, so a
 *   finished delivery is logged once and never sent again, after a restart too. A process killed after the receiver
 *   answered but before that commit sends it again when its lease expires: receivers de-duplicate by the event id
 *   (`X-Webhook-Id`), as with any at-least-once delivery.
 * - After `disableAfter()` failed attempts in a row the server disables the webhook, tells the tenant's admins
 *   (socket `webhooks:disabled` to each user holding BACK:security) and the screen shows why; queued deliveries of a
 *   disabled webhook are logged as not sent (the test event still goes, so an admin can check a fix).
 */
import { sql } from "drizzle-orm"
import { TEST_EVENT, WEBHOOK_DELIVERY } from "../../core/events"
import type { Job, JobHandler } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Services } from "../../http/context"
import { iso } from "../../core/date-range"
import { ATTEMPT_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader, TIMESTAMP_HEADER } from "./signature"
import { NoAnswer, postJson } from "./post"
import { PrivateTarget } from "./target-rules"
import { deliveryTimeoutMs, disableAfter } from "./webhook-rows"

interface Attempt {
  readonly webhookId: number
  readonly eventId: string
  readonly eventType: string
}
type Prepared =
  | { readonly kind: "gone" }
  | (Attempt & { readonly kind: "skipped"; readonly why: string })
  | (Attempt & { readonly kind: "ok"; readonly status: number; readonly durationMs: number })

class DeliveryFailed extends Error {}

const logAttempt = (db: Db, clientId: number, job: Job, a: Attempt, ok: boolean, status: number | null, ms: number, error: string | null) =>
  db.execute(sql`INSERT INTO webhook_deliveries (client_id, webhook_id, event_id, event_type, attempt, ok, status_code, duration_ms, error)
    VALUES (${clientId}, ${a.webhookId}, ${a.eventId}::uuid, ${a.eventType}, ${job.attempts}, ${ok}, ${status}, ${ms}, ${error})`)

/** A failed attempt, committed on its own: the log row, the count, and the disabling when the count reaches the limit. */
const recordFailure = async (services: Services, job: Job, a: Attempt, status: number | null, ms: number, error: string) => {
  const clientId = Number(job.clientId)
  const limit = disableAfter()
  const disabled = await services.database.transaction(async (tx) => {
    await logAttempt(tx, clientId, job, a, false, status, ms, error)
    const [row] = rowsOf(
      await tx.execute(sql`UPDATE webhooks SET consecutive_failures = consecutive_failures + 1, last_status = ${status},
        last_delivery_at = now(),
        active = CASE WHEN active AND consecutive_failures + 1 >= ${limit} THEN false ELSE active END,
        disabled_at = CASE WHEN active AND consecutive_failures + 1 >= ${limit} THEN now() ELSE disabled_at END,
        disabled_reason = CASE WHEN active AND consecutive_failures + 1 >= ${limit}
          THEN ${`Disabled after ${limit} failed deliveries in a row; the last: ${error}`.slice(0, 500)} ELSE disabled_reason END
      WHERE id = ${a.webhookId} AND client_id = ${clientId} RETURNING id, url, active, disabled_at, disabled_reason, consecutive_failures`),
    )
    if (!row || row.active || row.disabled_at === null || Number(row.consecutive_failures) !== limit) return null
    const admins = rowsOf(
      await tx.execute(sql`SELECT u.id FROM users u JOIN role_permissions rp ON rp.role_id = u.role_id
        JOIN permissions p ON p.id = rp.permission_id
      WHERE u.client_id = ${clientId} AND u.status = 'active' AND p.key = 'BACK:security'`),
    )
    return { row, admins: admins.map((r) => Number(r.id)) }
  })
  if (disabled) {
    const notice = {
      webhook_id: a.webhookId,
      url: String(disabled.row.url),
      reason: String(disabled.row.disabled_reason),
      disabled_at: iso(disabled.row.disabled_at),
    }
    for (const userId of disabled.admins) services.realtime?.toUser(userId, "webhooks:disabled", notice)
  }
}

const errorText = (error: unknown): string => {
  if (error instanceof NoAnswer || error instanceof PrivateTarget) return error.message
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error)
}

const prepare = async (job: Job, { services }: { services: Services }): Promise<Prepared> => {
  const webhookId = Number(job.payload.webhook_id)
  const eventId = String(job.payload.event_id)
  const [row] = rowsOf(
    await services.database.db.execute(sql`SELECT w.url, w.secret, w.active, e.type, e.data, e.created_at, c.status AS client_status
      FROM webhooks w JOIN domain_events e ON e.id = ${eventId}::uuid AND e.client_id = w.client_id JOIN clients c ON c.id = w.client_id
    WHERE w.id = ${webhookId} AND w.client_id = ${job.clientId}`),
  )
  if (!row) return { kind: "gone" }
  const attempt: Attempt = { webhookId, eventId, eventType: String(row.type) }
  // A business that is disabled or deleted sends nothing, not even a test event (server/features/businesses/lifecycle.ts).
  if (row.client_status !== "active") return { ...attempt, kind: "skipped", why: "Not sent: the business is disabled" }
  if (!row.active && attempt.eventType !== TEST_EVENT) return { ...attempt, kind: "skipped", why: "Not sent: the webhook is disabled" }
  const data = typeof row.data === "string" ? JSON.parse(row.data) : row.data
  const body = JSON.stringify({ id: eventId, type: attempt.eventType, created_at: iso(row.created_at), data })
  const timestamp = Math.floor(Date.now() / 1000)
  const started = performance.now()
  let status: number | null = null
  let failure: string
  try {
    status = await postJson(
      String(row.url),
      body,
      {
        "content-type": "application/json",
        "user-agent": "MessagingConsole-Webhooks/1",
        [SIGNATURE_HEADER]: signatureHeader(String(row.secret), timestamp, body),
        [TIMESTAMP_HEADER]: String(timestamp),
        [EVENT_ID_HEADER]: eventId,
        [EVENT_TYPE_HEADER]: attempt.eventType,
        [ATTEMPT_HEADER]: String(job.attempts),
      },
      deliveryTimeoutMs(),
      services.config.dev,
    )
    const durationMs = Math.round(performance.now() - started)
    if (status >= 200 && status < 300) return { ...attempt, kind: "ok", status, durationMs }
    failure = `HTTP ${status}`
  } catch (error) {
    failure = errorText(error)
  }
  const durationMs = Math.round(performance.now() - started)
  await recordFailure(services, job, attempt, status, durationMs, failure)
  throw new DeliveryFailed(failure)
}

export const jobHandlers: JobHandler[] = [
  {
    kind: WEBHOOK_DELIVERY,
    // The POST happens in `prepare`; `run` only writes the log: completions may share a commit.
    sharesCommit: true,
    prepare: (job, ctx) => prepare(job, ctx),
    run: async (job, ctx, prepared) => {
      const outcome = prepared as Prepared
      const clientId = Number(job.clientId)
      if (outcome.kind === "gone") return
      if (outcome.kind === "skipped") {
        await logAttempt(ctx.db, clientId, job, outcome, false, null, 0, outcome.why)
        return
      }
      await logAttempt(ctx.db, clientId, job, outcome, true, outcome.status, outcome.durationMs, null)
      // Only when something shows a change (to the second): a busy webhook's row is not rewritten by every delivery.
      await ctx.db.execute(sql`UPDATE webhooks SET consecutive_failures = 0, last_status = ${outcome.status}, last_delivery_at = now()
        WHERE id = ${outcome.webhookId} AND (consecutive_failures <> 0 OR last_status IS DISTINCT FROM ${outcome.status}
          OR last_delivery_at IS NULL OR last_delivery_at < now() - interval '1 second')`)
    },
  },
]
