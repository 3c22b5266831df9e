/**
 * The business's health, from what the server can check now: the database answers (and how fast), the job queue
 * keeps up (the oldest of the business's jobs that is due and not yet run), each connected channel account's state,
 * and each webhook's last delivery. `down` when the database fails; `degraded` when any other check fails.
 */
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { handle } from "../../core/registry"

/** Due jobs older than this mean the queue is behind. */
export const QUEUE_LAG_LIMIT_SECONDS = 60

interface Check {
  readonly name: string
  readonly ok: boolean
  readonly detail: string | null
}

export const handlers = [
  handle("onboarding", "clientHealthCheck", async (ctx) => {
    const clientId = tenantOf(ctx)
    const checks: Check[] = []
    const started = performance.now()
    try {
      await ctx.db.execute(sql`SELECT 1`)
      checks.push({ name: "database", ok: true, detail: `answered in ${(performance.now() - started).toFixed(1)} ms` })
    } catch (error) {
      checks.push({ name: "database", ok: false, detail: error instanceof Error ? error.message : String(error) })
      return { data: { status: "down" as const, checks } }
    }
    const [lag] = rowsOf(
      await ctx.db.execute(sql`SELECT count(*)::int AS due, COALESCE(EXTRACT(EPOCH FROM now() - min(run_at)), 0)::float8 AS lag
        FROM jobs WHERE client_id = ${clientId} AND status = 'queued' AND run_at <= now()`),
    )
    const seconds = Math.round(Number(lag?.lag ?? 0))
    checks.push({
      name: "job_queue",
      ok: seconds <= QUEUE_LAG_LIMIT_SECONDS,
      detail: Number(lag?.due ?? 0) === 0 ? "nothing waiting" : `${lag.due} due, the oldest ${seconds} s`,
    })
    for (const channel of rowsOf(
      await ctx.db.execute(sql`SELECT channel, name, status FROM channel_accounts WHERE client_id = ${clientId} ORDER BY channel, id`),
    )) {
      checks.push({ name: `channel:${channel.channel}`, ok: channel.status === "active", detail: `${channel.name}: ${channel.status}` })
    }
    for (const hook of rowsOf(
      await ctx.db.execute(sql`SELECT url, active, last_status, consecutive_failures, disabled_reason FROM webhooks
        WHERE client_id = ${clientId} ORDER BY id`),
    )) {
      const failures = Number(hook.consecutive_failures)
      const detail = !hook.active
        ? `disabled${hook.disabled_reason ? `: ${hook.disabled_reason}` : ""}`
        : hook.last_status === null
          ? failures > 0
            ? `${failures} failed deliveries in a row`
            : "no delivery yet"
          : `last answer HTTP ${hook.last_status}${failures > 0 ? `, ${failures} failed in a row` : ""}`
      checks.push({ name: `webhook:${hook.url}`, ok: Boolean(hook.active) && failures === 0, detail })
    }
    const status = checks.every((c) => c.ok) ? ("ok" as const) : ("degraded" as const)
    return { data: { status, checks } }
  }),
]
