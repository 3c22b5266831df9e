/**
 * The dashboard and report calls end to end on both databases: every call answers its contract's shape, bad filters
 * are a 400 naming the field, another tenant's agent is refused, and the "now" boxes move live over the socket.
 */
import { describe, expect, it } from "vitest"
import { catalogue } from "../../../src/contract/catalogue"
import { WATCH_EVENT } from "../../../src/contract/realtime-watch"
import { DB_KINDS, as, callOf, customerWrites, login, send, shaped, useServer } from "../../testing/harness"
import { connect, next, pause, record } from "../../testing/calls-peer"

const PAYLOADS: Record<string, Record<string, unknown>> = {
  getMonthly: { month: "2026-01" },
  getallMonthly: { year: 2026 },
  monthlyUsers: { month: "2026-01" },
  agentConversation: { agent_id: 0 },
}

describe.each(DB_KINDS)("dashboard and reports on %s", (kind) => {
  const ctx = useServer(kind)

  it("answer every call in its contract's shape", async () => {
    const admin = await login(ctx.url, "admin")
    const [agent] = (await ctx.server.services.database.query("SELECT id FROM users WHERE username = 'agent1'")).rows
    const groups = { dashboard: catalogue.dashboard.calls, reports: catalogue.reports.calls }
    for (const [group, calls] of Object.entries(groups))
      for (const name of Object.keys(calls)) {
        if (name === "callsList" || name === "campaignRecords") continue
        const payload = name === "agentConversation" ? { agent_id: Number(agent.id) } : (PAYLOADS[name] ?? {})
        const def = callOf(group as "reports", name as "chatStats")
        const reply = await send(ctx.url, def, payload, as(admin.user_token))
        expect(reply.status, `${name} ${JSON.stringify(reply.body)}`).toBe(200)
        shaped(def, reply.body)
      }
    const records = await send(ctx.url, callOf("reports", "campaignRecords"), { campaign_id: 999_999 }, as(admin.user_token))
    expect(records.status).toBe(404)
  })

  it("reads a business a super admin picks as its own admin reads it, and refuses a tenant naming another", async () => {
    const [acme] = (await ctx.server.services.database.query("SELECT client_id FROM users WHERE username = 'admin'")).rows
    const acmeId = Number(acme.client_id)
    const admin = as((await login(ctx.url, "admin")).user_token)
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    const superadmin = as((await login(ctx.url, "superadmin")).user_token)
    // The default range: the last days, where the seeded tenant's traffic is.
    const range = {}
    const cards = ["infoBoxes", "messageStats", "ticketCount", "fetchShellTerritories", "fetchCustomerCampaign", "templateReport"] as const
    const read = async (name: (typeof cards)[number], headers: Record<string, string>, extra: Record<string, unknown> = {}) => {
      const reply = await send(
        ctx.url,
        callOf("dashboard", name),
        name === "fetchShellTerritories" ? extra : { ...range, ...extra },
        headers,
      )
      expect(reply.status, `${name} ${JSON.stringify(reply.body)}`).toBe(200)
      // The live "now" values move with logins; the range figures must match.
      return JSON.stringify({ ...reply.body.data, now: undefined })
    }
    for (const name of cards) {
      const own = await read(name, admin)
      expect(await read(name, superadmin, { client_id: acmeId }), name).toBe(own)
      expect(await read(name, admin, { client_id: acmeId }), name).toBe(own)
      const refused = await send(ctx.url, callOf("dashboard", name), { client_id: acmeId }, admin2)
      expect(refused.status, name).toBe(403)
      expect(JSON.stringify(refused.body)).not.toContain("Acme")
    }
    // The figures differ from the platform's own: the picked business is really read.
    expect(JSON.parse(await read("ticketCount", admin)).total).toBeGreaterThan(0)
    expect(await read("ticketCount", superadmin)).not.toBe(await read("ticketCount", admin))
    expect(Object.keys(JSON.parse(await read("fetchCustomerCampaign", admin))).length).toBeGreaterThan(1)
    expect(await read("fetchCustomerCampaign", superadmin)).not.toBe(await read("fetchCustomerCampaign", admin))
    expect(await read("templateReport", superadmin)).not.toBe(await read("templateReport", admin))
    expect((await send(ctx.url, callOf("dashboard", "infoBoxes"), { client_id: 999_999 }, superadmin)).status).toBe(404)
  })

  it("refuses bad filters with a 400 naming the field", async () => {
    const admin = await login(ctx.url, "admin")
    const chatStats = callOf("reports", "chatStats")
    const bad = async (payload: Record<string, unknown>, field: string, def = chatStats) => {
      const reply = await send(ctx.url, def, payload, as(admin.user_token))
      expect(reply.status, JSON.stringify(reply.body)).toBe(400)
      expect(reply.body.error.field).toBe(field)
    }
    await bad({ start_date: "2026-03-10", end_date: "2026-03-01" }, "end_date")
    await bad({ start_date: "2016-01-01", end_date: "2026-01-01" }, "end_date")
    await bad({ start_date: "2026-02-30" }, "start_date")
    await bad({ start_date: "2026-02-01 25:00" }, "start_date")
    const [foreign] = (await ctx.server.services.database.query("SELECT id FROM users WHERE username = 'admin2'")).rows
    await bad({ agent_id: Number(foreign.id) }, "agent_id", callOf("reports", "agentReport"))
    await bad({ agent_id: Number(foreign.id) }, "agent_id", callOf("reports", "chatReport"))
  })

  it("says how many rows the filter has on a page past the end, so the pager can step back", async () => {
    const admin = await login(ctx.url, "admin")
    const agents = callOf("reports", "agentReport")
    const first = await send(ctx.url, agents, { limit: 1, page: 1 }, as(admin.user_token))
    const total = first.body.data.totalItems as number
    expect(total).toBeGreaterThan(1)
    const past = await send(ctx.url, agents, { limit: 1, page: total + 5 }, as(admin.user_token))
    expect(past.status).toBe(200)
    expect(past.body.data).toMatchObject({ items: [], totalItems: total, page: total + 5 })
  })

  it("moves the now boxes live, coalesced, to the tenant's open dashboards only", async () => {
    const admin = await login(ctx.url, "admin")
    const other = await login(ctx.url, "admin2")
    const mine = await connect(ctx.url, admin.user_token)
    const theirs = await connect(ctx.url, other.user_token)
    // The admin's second console has no dashboard open: it hears none of it.
    const closed = await connect(ctx.url, admin.user_token)
    const watch = async (socket: typeof mine, channels: string[]) =>
      expect(await socket.timeout(5000).emitWithAck(WATCH_EVENT, { channels })).toEqual({ ok: true })
    try {
      const unseen = record(closed, "dashboard:now")
      const joined = next(mine, "dashboard:now")
      await watch(mine, ["dashboard"])
      await joined
      await watch(theirs, ["dashboard"])
      const foreign = record(theirs, "dashboard:now")
      const boxes = async (token: string) => (await send(ctx.url, callOf("dashboard", "infoBoxes"), {}, as(token))).body.data.now
      const before = await boxes(admin.user_token)
      const theirsBefore = await boxes(other.user_token)
      await pause(300)
      const seen = record(mine, "dashboard:now")
      for (const n of [1, 2, 3]) expect((await customerWrites(ctx.server, `90555000${kind.length}${n}`)).status).toBe(200)
      // The last event may come before the last write's answer does: look in what the socket has heard so far.
      const target = (e: { now: { unassigned: number } }) => e.now.unassigned === before.unassigned + 3
      const moved = seen.find(target) ?? (await next(mine, "dashboard:now", target))
      expect(moved.now.open).toBe(before.open + 3)
      expect(moved.now.waiting).toBe(before.waiting + 3)
      await pause(300)
      // Three writes: fewer events than writes (coalesced per 200 ms), each newer than the last.
      expect(seen.length).toBeLessThanOrEqual(3)
      expect(seen.map((e) => e.seq)).toEqual([...seen.map((e) => e.seq)].sort((x, y) => x - y))
      // Tenant two's sockets hear only tenant two's values.
      for (const e of foreign) expect(e.now).toMatchObject({ open: theirsBefore.open, unassigned: theirsBefore.unassigned })
      expect(await boxes(admin.user_token)).toMatchObject({ open: moved.now.open, unassigned: moved.now.unassigned })
      expect(unseen).toEqual([])
      // The dashboard closed: nothing more; a malformed watch is refused.
      await watch(mine, [])
      const after = record(mine, "dashboard:now")
      expect((await customerWrites(ctx.server, `90555000${kind.length}4`)).status).toBe(200)
      expect(await mine.timeout(5000).emitWithAck(WATCH_EVENT, { channels: ["everything"] })).toEqual({ ok: false })
      await pause(500)
      expect(after).toEqual([])
    } finally {
      mine.close()
      theirs.close()
      closed.close()
    }
  })
})
