/**
 * Every metric against a naive reference recomputed from random event logs (fast-check), on both databases, in a
 * tenant whose time zone has a 45-minute offset (Asia/Kathmandu, UTC+05:45, no DST). Each run writes its log into its
 * own month for tenant one, plus a decoy log for tenant two in the same window that must never count.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { logArb, reference, writeLog } from "./metrics.testing"

const ZONE = "Asia/Kathmandu"
const OFFSET_MINUTES = 345
const close = (a: number | null, b: number | null) => (a === null || b === null ? expect(a).toBe(b) : expect(a).toBeCloseTo(b, 6))

describe.each(DB_KINDS)("metrics on %s", (kind) => {
  const ctx = useServer(kind)

  it("agree with the reference over random event logs, and ignore other tenants", async () => {
    const database = ctx.server.services.database
    const [one] = (await database.query("SELECT client_id FROM users WHERE username = 'admin'")).rows
    const [two] = (await database.query("SELECT client_id FROM users WHERE username = 'admin2'")).rows
    const tenantOne = Number(one.client_id)
    const tenantTwo = Number(two.client_id)
    await database.query(
      `INSERT INTO client_settings (client_id, key, value) VALUES ($1, 'time_zone', '"${ZONE}"')
       ON CONFLICT (client_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [tenantOne],
    )
    const agents = (await database.query("SELECT id FROM users WHERE username IN ('agent1', 'agent2') ORDER BY username")).rows.map((r) =>
      Number(r.id),
    )
    const [otherAgent] = (await database.query("SELECT id FROM users WHERE client_id = $1 LIMIT 1", [tenantTwo])).rows
    const token = (await login(ctx.url, "admin")).user_token
    const call = async (group: "dashboard" | "reports", name: string, payload: Record<string, unknown>) => {
      const def = callOf(group as never, name as never)
      const reply = await send(ctx.url, def, payload, as(token))
      expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).toBe(200)
      return shaped(def, reply.body).data
    }
    let run = 0
    await fc.assert(
      fc.asyncProperty(logArb, logArb, async (log, decoy) => {
        run++
        const month = `${2031 + Math.floor(run / 12)}-${String((run % 12) + 1).padStart(2, "0")}`
        // The window starts on the 10th at local midnight; logs span at most 3 days and 2 hours.
        const window = Date.parse(`${month}-10T00:00:00Z`) - OFFSET_MINUTES * 60_000
        const placed = await writeLog(database, tenantOne, agents, window, log, `${kind === "pglite" ? 1 : 2}${run}a`)
        await writeLog(
          database,
          tenantTwo,
          [Number(otherAgent.id), Number(otherAgent.id)],
          window,
          decoy,
          `${kind === "pglite" ? 1 : 2}${run}b`,
        )
        const ref = reference(placed, agents, 60, OFFSET_MINUTES)
        const range = { start_date: `${month}-10`, end_date: `${month}-14` }

        const boxes = await call("dashboard", "infoBoxes", range)
        expect(boxes.time_zone).toBe(ZONE)
        expect({
          c: boxes.conversations,
          closed: boxes.closed,
          ab: boxes.abandoned,
          in: boxes.messages_in,
          out: boxes.messages_out,
        }).toEqual({
          c: ref.conversations,
          closed: ref.closed,
          ab: ref.abandoned,
          in: ref.messages_in,
          out: ref.messages_out,
        })
        for (const metric of ["first_response", "aht", "resolution"] as const) {
          expect(boxes[metric].count, metric).toBe(ref[metric].count)
          close(boxes[metric].avg_seconds, ref[metric].avg_seconds)
        }
        expect(boxes.service_level).toMatchObject({ threshold_seconds: 60, answered_within: ref.within(60), total: ref.answered })
        expect(boxes.csat).toMatchObject({ responses: ref.csat.responses, satisfied: ref.csat.satisfied })
        close(boxes.csat.average, ref.csat.average)
        const survey = await call("reports", "customerSurvey", { ...range, limit: 1 })
        expect(survey.csat).toEqual(boxes.csat)
        expect(survey.ratings).toEqual(ref.csat.perRating)

        const sl = await call("reports", "serviceLevel", { ...range, threshold_seconds: 30 })
        expect({ within: sl.answered_within, total: sl.total }).toEqual({ within: ref.within(30), total: ref.answered })
        expect(sl.series.reduce((n: number, d: { total: number }) => n + d.total, 0)).toBe(ref.answered)

        const stats = await call("dashboard", "messageStats", range)
        expect(stats.delivered).toBe(ref.delivered)
        const days = Object.fromEntries(
          stats.series
            .filter((d: { conversations: number }) => d.conversations > 0)
            .map((d: { date: string; conversations: number }) => [d.date, d.conversations]),
        )
        expect(days).toEqual(Object.fromEntries(ref.days))
        expect(stats.series.map((d: { date: string }) => d.date)).toEqual([
          `${month}-10`,
          `${month}-11`,
          `${month}-12`,
          `${month}-13`,
          `${month}-14`,
        ])

        const heat = await call("dashboard", "chatHourly", range)
        expect(heat.cells).toHaveLength(168)
        for (const cell of heat.cells as { weekday: number; hour: number; conversations: number; messages_in: number }[]) {
          const want = ref.heat.get(`${cell.weekday}:${cell.hour}`) ?? { conversations: 0, messages_in: 0 }
          expect({ conversations: cell.conversations, messages_in: cell.messages_in }, `${cell.weekday}:${cell.hour}`).toEqual(want)
        }

        const perAgent = (await call("reports", "agentAllstats", range)) as {
          agent_id: number
          conversations: number
          closed: number
          messages_sent: number
          first_response: { count: number; avg_seconds: number | null }
          aht: { count: number; avg_seconds: number | null }
        }[]
        for (const want of ref.byAgent) {
          const got = perAgent.find((a) => a.agent_id === want.agent_id)!
          expect({
            c: got.conversations,
            closed: got.closed,
            sent: got.messages_sent,
            frt: got.first_response.count,
            aht: got.aht.count,
          }).toEqual({
            c: want.conversations,
            closed: want.closed,
            sent: want.messages_sent,
            frt: want.first_response.count,
            aht: want.aht.count,
          })
          close(got.first_response.avg_seconds, want.first_response.avg_seconds)
          close(got.aht.avg_seconds, want.aht.avg_seconds)
        }

        const monthly = await call("reports", "getMonthly", { month })
        expect(monthly).toMatchObject({ conversations: ref.conversations, messages_in: ref.messages_in, active_users: ref.mau })
        const year = (await call("reports", "getallMonthly", { year: Number(month.slice(0, 4)) })) as unknown as { month: string }[]
        expect(year).toHaveLength(12)
        expect(year.find((entry) => entry.month === month)).toEqual(monthly)
        const report = await call("reports", "chatReport", { ...range, limit: 100 })
        expect(report.totalItems).toBe(ref.conversations)
      }),
      { numRuns: 6 },
    )
  })
})
