/**
 * Every metric against a naive reference recomputed from random event logs (fast-check), on both databases, in a
 * tenant whose time zone has a 45-minute offset (Asia/Kathmandu, UTC+05:45, no DST). Each run writes its log into its
 * own month for tenant one, plus a decoy log for tenant two in the same window that must never count.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { expectFigures, logArb, reference, writeLog } from "./metrics.testing"

const ZONE = "Asia/Kathmandu"
const OFFSET_MINUTES = 345

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

        await expectFigures(call, ref, month, ZONE)
      }),
      { numRuns: 6 },
    )
  })
})
