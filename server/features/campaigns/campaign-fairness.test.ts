/**
 * Two tenants' campaigns with the rate off, on both databases: each keeps IN_FLIGHT batches in the one queue, so a
 * campaign started a moment after a large one is served beside it (its batch comes before the large one's next),
 * and every recipient of both gets one message.
 */
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { draft } from "../templates/templates.testing"
import { IN_FLIGHT, MAX_BATCH } from "./campaign-engine"
import { cc, movableClock, numbersFrom, tc } from "./campaigns.testing"

describe.each(DB_KINDS)("campaigns of two tenants side by side on %s", (kind) => {
  const clock = movableClock()
  const ctx = useServer(kind, { jobs: { clock, autoStart: false } })
  const h: Record<string, Record<string, string>> = {}
  const db = () => ctx.server.services.database.db

  beforeAll(async () => {
    for (const name of ["admin", "admin2", "superadmin"]) h[name] = as((await login(ctx.url, name)).user_token)
    for (const [admin, clientId] of [
      ["admin", 1],
      ["admin2", 2],
    ] as const) {
      await send(ctx.url, tc("templateMessageCreate"), draft("side_ready"), h[admin])
      await send(ctx.url, callOf("billing", "billingTopUp"), { client_id: clientId, amount: 1000, reason: "Fairness test" }, h.superadmin)
    }
    await ctx.server.jobs.runDue()
  })

  const start = async (admin: string, numbers: readonly string[]) => {
    const made = await send(
      ctx.url,
      cc("campaignCreate"),
      { name: "Side", template_name: "side_ready", language: "en", numbers, params: ["A", "B"], rate_per_second: null, start: true },
      h[admin],
    )
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return Number(made.body.data.id)
  }

  it("serves a campaign started after a large one before the large one's next batch, and sends every recipient once", async () => {
    const large = numbersFrom(4_100_000, (IN_FLIGHT + 1) * MAX_BATCH)
    const small = numbersFrom(4_200_000, MAX_BATCH)
    const first = await start("admin", large)
    clock.advance(1)
    const second = await start("admin2", small)
    // The queue, in the order it hands out due jobs: the large campaign's first IN_FLIGHT batches, then the small one's.
    const queued = rowsOf(
      await db().execute(sql`SELECT (payload ->> 'campaign_id')::int AS campaign FROM jobs
        WHERE kind = 'campaign.batch' AND status = 'queued' AND (payload ->> 'campaign_id')::int IN (${first}, ${second})
        ORDER BY run_at, id`),
    ).map((r) => Number(r.campaign))
    expect(queued).toEqual([...Array(IN_FLIGHT).fill(first), second])

    await ctx.server.jobs.runDue()
    clock.advance(10_000)
    await ctx.server.jobs.runDue()
    await ctx.server.jobs.runDue()
    const stored = rowsOf(
      await db().execute(sql`SELECT r.campaign_id, count(*)::int AS recipients, count(DISTINCT m.id)::int AS messages
        FROM campaign_recipients r LEFT JOIN messages m ON m.id = r.message_id
        WHERE r.campaign_id IN (${first}, ${second}) GROUP BY r.campaign_id ORDER BY r.campaign_id`),
    ).map((r) => [Number(r.campaign_id), Number(r.recipients), Number(r.messages)])
    expect(stored).toEqual([
      [first, large.length, large.length],
      [second, small.length, small.length],
    ])
    // One template message per number, none twice.
    const doubles = rowsOf(
      await db().execute(sql`SELECT count(*)::int - count(DISTINCT (m.client_id, ct.number))::int AS n FROM messages m
        JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id
        WHERE m.type = 'template' AND (m.payload ->> 'campaign_id')::int IN (${first}, ${second})`),
    )
    expect(Number(doubles[0].n)).toBe(0)
    for (const [id, admin, total] of [
      [first, "admin", large.length],
      [second, "admin2", small.length],
    ] as const) {
      const list = (await send(ctx.url, cc("fetchListCampaigns"), { limit: 1000 }, h[admin])).body.data.items as { id: number }[]
      expect(list.find((c) => c.id === id)).toMatchObject({ status: "completed", sent: total, failed: 0, skipped: 0 })
    }
  })
})
