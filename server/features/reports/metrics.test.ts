/**
 * Every metric against a naive reference recomputed from random event logs (fast-check), on both databases, in a
 * tenant whose time zone has a whole-hour offset (Asia/Riyadh, UTC+03:00: its local days read the hour roll-ups) and
 * then one with a 45-minute offset (Asia/Kathmandu, UTC+05:45: the slot roll-ups); neither has DST. Each run writes its
 * log into its own month for tenant one, plus a decoy log for tenant two in the same window that must never count.
 * Then every figure shown on more than one screen, each screen's copy read through the call that screen makes, against
 * a naive count of the raw rows after random activity (metrics-figures.testing.ts).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { demoTenant, expectFigures, logArb, reference, writeLog } from "./metrics.testing"
import { activityArb, naiveFigures, writeActivity } from "./metrics-figures.testing"
import { debit } from "../billing/ledger"
import { adjustment } from "../billing/ledger-reason"

const ZONE = "Asia/Kathmandu"
const OFFSET_MINUTES = 345
/** The zones of the reference test, the last one (ZONE) staying the tenant's for the figures test. */
const ZONES = [
  { zone: "Asia/Riyadh", offset: 180, year: 2038 },
  { zone: ZONE, offset: OFFSET_MINUTES, year: 2031 },
] as const

describe.each(DB_KINDS)("metrics on %s", (kind) => {
  const ctx = useServer(kind)

  it.each(ZONES)("agree with the reference over random event logs in $zone, and ignore other tenants", async ({ zone, offset, year }) => {
    const database = ctx.server.services.database
    const [one] = (await database.query("SELECT client_id FROM users WHERE username = 'admin'")).rows
    const [two] = (await database.query("SELECT client_id FROM users WHERE username = 'admin2'")).rows
    const tenantOne = Number(one.client_id)
    const tenantTwo = Number(two.client_id)
    await database.query(
      `INSERT INTO client_settings (client_id, key, value) VALUES ($1, 'time_zone', '"${zone}"')
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
        const month = `${year + Math.floor(run / 12)}-${String((run % 12) + 1).padStart(2, "0")}`
        // The window starts on the 10th at local midnight; logs span at most 3 days and 2 hours.
        const window = Date.parse(`${month}-10T00:00:00Z`) - offset * 60_000
        // Each zone's numbers are its own: a customer named a UAT number in one zone's run must not be another's.
        const tag = `${kind === "pglite" ? 1 : 2}${year % 100}${run}`
        const placed = await writeLog(database, tenantOne, agents, window, log, `${tag}a`)
        await writeLog(database, tenantTwo, [Number(otherAgent.id), Number(otherAgent.id)], window, decoy, `${tag}b`)
        const ref = reference(placed, agents, 60, offset)

        await expectFigures(call, ref, month, zone)
      }),
      { numRuns: 6 },
    )
  })

  it("shows each figure the same on every screen, equal to a naive count of the raw rows, after random activity", async () => {
    const database = ctx.server.services.database
    const { clientId, agents } = await demoTenant(database)
    const tokens = {
      admin: as((await login(ctx.url, "admin")).user_token),
      agent1: as((await login(ctx.url, "agent1")).user_token),
      superadmin: as((await login(ctx.url, "superadmin")).user_token),
    }
    const call = async (group: string, name: string, payload: Record<string, unknown>, who: keyof typeof tokens = "admin") => {
      const def = callOf(group as never, name as never)
      const reply = await send(ctx.url, def, payload, tokens[who])
      expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).toBe(200)
      return shaped(def, reply.body)
    }
    let run = 0
    await fc.assert(
      fc.asyncProperty(activityArb, async (activity) => {
        run++
        const month = `${2045 + Math.floor(run / 12)}-${String((run % 12) + 1).padStart(2, "0")}`
        // Local 06:00 of the 10th and at most two days on: inside the 10th..14th in the tenant's zone and in UTC alike.
        const window = Date.parse(`${month}-10T06:00:00Z`) - OFFSET_MINUTES * 60_000
        const tag = `${kind === "pglite" ? 1 : 2}${run}`
        const numbers = await writeActivity(database, clientId, agents, window, activity, tag)
        const groups: number[] = []
        for (const [i, g] of activity.groups.entries()) {
          const members = g.members.map((k) => numbers[k % numbers.length]!)
          const made = await call("contacts", "groupContactCreate", { name: `Figures ${tag} ${i}`, numbers: members })
          const drop = [...new Set(members)].slice(0, g.drop)
          if (drop.length > 0) await call("contacts", "groupContactById", { id: made.data.id, remove: { numbers: drop } })
          groups.push(made.data.id)
        }
        for (const cents of activity.money)
          if (cents > 0) await call("billing", "billingTopUp", { client_id: clientId, amount: cents / 100 }, "superadmin")
          else await database.db.transaction((tx) => debit(tx as never, clientId, -cents / 100, adjustment("Figures")).catch(() => null))

        const range = { start_date: `${month}-10`, end_date: `${month}-14` }
        const from = new Date(Date.parse(`${month}-10T00:00:00Z`) - OFFSET_MINUTES * 60_000)
        const naive = await naiveFigures(database, clientId, agents, from, new Date(from.getTime() + 5 * 86_400_000))

        // Calls: the dashboard's Calls panel and boxes, and Call History's rows.
        const summary = (await call("dashboard", "callsSummary", range)).data
        expect({ ...summary, avg_duration: undefined }).toEqual({ ...naive.calls, avg_duration: undefined })
        const boxes = (await call("dashboard", "infoBoxes", range)).data
        expect({ answered: boxes.calls_answered, missed: boxes.calls_missed }).toEqual({
          answered: naive.calls.answered,
          missed: naive.calls.missed,
        })
        const history = (await call("reports", "callsList", { ...range, page: 1, limit: 1000 })).whatsappCalls
        expect(history.totalItems).toBe(naive.calls.total)
        const listed = (status: string) =>
          history.whatsappCalls.filter((c: { call_status: string }) => c.call_status.toUpperCase() === status).length
        expect([listed("COMPLETED"), listed("MISSED"), listed("REJECTED")]).toEqual([
          naive.calls.answered,
          naive.calls.missed,
          naive.calls.rejected,
        ])

        // Open, waiting and the queue: the dashboard's now boxes, the inbox's boxes, Ongoing Chats and its agents' loads.
        expect({ open: boxes.now.open, waiting: boxes.now.waiting, unassigned: boxes.now.unassigned }).toEqual({
          open: naive.open,
          waiting: naive.waiting,
          unassigned: naive.unassigned,
        })
        const total = async (name: string, payload: Record<string, unknown> = {}, who: keyof typeof tokens = "admin") =>
          (await call("chat", name, { page: 1, limit: 1, ...payload }, who)).data.totalItems
        expect(await total("agentUnassignedConversations")).toBe(naive.unassigned)
        expect(await total("agentConversationsOngoing", { queue: true })).toBe(naive.open)
        expect(await total("agentConversationsOngoing")).toBe(naive.held)
        expect(await total("agentConversations", {}, "agent1")).toBe(naive.heldBy[0])
        const loads = (await call("chat", "listOngoingagentlist", { page: 1, limit: 1000 })).data.items as {
          id: number
          active_chats: number
        }[]
        expect(agents.map((id) => loads.find((a) => a.id === id)?.active_chats ?? 0)).toEqual(naive.heldBy)

        // Tickets: the dashboard's donut, the tickets report's cards and the lists, one status set.
        const donut = (await call("dashboard", "ticketCount", range)).data
        const byStatus = (rows: { status: string; count: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.count]))
        expect(byStatus(donut.status_count)).toEqual(naive.tickets)
        const ticketRange = { start_date: `${month}-09`, end_date: `${month}-15` }
        const report = (await call("tickets", "ticketReport", { ...ticketRange, limit: 1 })).data
        expect(byStatus(report.status_count)).toEqual(naive.tickets)
        const listTotal = async (name: string) => (await call("tickets", name, { ...ticketRange, limit: 1 })).data.totalItems
        expect({
          Pending: await listTotal("unassignedTicket"),
          Ongoing: await listTotal("ongoingTickets"),
          Resolved: await listTotal("resolvedTickets"),
        }).toEqual({ Pending: naive.tickets.Pending ?? 0, Ongoing: naive.tickets.Ongoing ?? 0, Resolved: naive.tickets.Resolved ?? 0 })

        // Contact groups: the list's member count, the group's members, the raw rows.
        const list = (await call("contacts", "groupsList", { page: 1, limit: 1000 })).data.items as { id: number; contact_count: number }[]
        for (const id of groups) {
          const [raw] = (await database.query("SELECT count(*)::int AS n FROM contact_group_members WHERE group_id = $1", [id])).rows
          const members = (await call("contacts", "groupsContactById", { id })).data.numbers as string[]
          expect([list.find((g) => g.id === id)?.contact_count, members.length]).toEqual([Number(raw.n), Number(raw.n)])
        }

        // The balance: the header's, the billing page's, the ledger's last line, the sum of the ledger lines.
        const balance = (await call("auth", "getClientBalance", {})).data.balance
        const ledger = (await call("billing", "getBillingLedger", { page: 1, limit: 1 })).data
        expect(Math.round(balance * 100)).toBe(naive.balanceCents)
        expect(Math.round(ledger.account.balance * 100)).toBe(naive.balanceCents)
        expect(Math.round((ledger.items[0]?.balance_after ?? 0) * 100)).toBe(naive.balanceCents)
      }),
      { numRuns: 4 },
    )
  })
})
