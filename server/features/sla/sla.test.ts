/**
 * SLA policies against the real server on both databases: the policy calls and their tenant scope; a customer's
 * message starting a first-response clock whose near breach and breach are found by jobs at their due instants (the
 * job runner's clock moved, nothing polled) and fire the policy's actions; the clock stopping on the agent's reply; and
 * the report's figures against a naive count of random target rows, other tenants' and UAT rows never counting.
 */
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, customerWrites, login, send, shaped, useServer } from "../../testing/harness"

class TestClock {
  offset = 0
  now = () => new Date(Date.now() + this.offset)
}

const call = (name: Parameters<typeof callOf<"sla">>[1]) => callOf("sla", name)
const POLICY = {
  name: "Standard",
  priority: null,
  channel: null,
  segment_id: null,
  first_response_seconds: 120,
  next_response_seconds: null,
  resolution_seconds: 3600,
  near_percent: 50,
  near_actions: ["notify"],
  breach_actions: ["webhook", "raise_priority"],
  enabled: true,
}

const TURKISH = {
  by: "Temsilci",
  target: "Hedef",
  metrics: { first_response: "İlk yanıt", next_response: "Sonraki yanıt", resolution: "Çözüm" },
  achieved: "Karşılandı",
  breached: "Aşıldı",
  open: "Açık",
  percent: "Karşılanma %",
  unassigned: "Atanmamış",
}

describe.each(DB_KINDS)("SLA policies on %s", (kind) => {
  const clock = new TestClock()
  const ctx = useServer(kind, { jobs: { clock, autoStart: false } })
  let admin: Record<string, string>
  let admin2: Record<string, string>
  let agent: Record<string, string>
  const ok = async (name: Parameters<typeof callOf<"sla">>[1], payload: Record<string, unknown>, who = admin) => {
    const reply = await send(ctx.url, call(name), payload, who)
    expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).toBe(200)
    return shaped(call(name), reply.body).data
  }
  const query = async (text: string, params: unknown[] = []) => (await ctx.server.services.database.query(text, params)).rows
  beforeAll(async () => {
    admin = as((await login(ctx.url, "admin")).user_token)
    admin2 = as((await login(ctx.url, "admin2")).user_token)
    agent = as((await login(ctx.url, "agent1")).user_token)
  }, 120_000)

  it("keeps policies per tenant and refuses a policy without a target", async () => {
    const created = await ok("slaPolicyCreate", { ...POLICY, name: "Scratch" })
    expect(created).toMatchObject({ name: "Scratch", first_response_seconds: 120 })
    expect((await send(ctx.url, call("slaPolicyUpdate"), { ...POLICY, id: created.id, name: "Theirs" }, admin2)).status).toBe(404)
    expect((await ok("slaPolicies", {}, admin2)).map((p: { id: number }) => p.id)).not.toContain(created.id)
    const none = { ...POLICY, first_response_seconds: null, resolution_seconds: null }
    expect((await send(ctx.url, call("slaPolicyCreate"), none, admin)).status).toBe(400)
    expect((await send(ctx.url, call("slaPolicyCreate"), POLICY, agent)).status).toBe(403)
    await ok("slaPolicyDelete", { id: created.id })
    expect((await ok("slaPolicies", {})).map((p: { id: number }) => p.id)).not.toContain(created.id)
  })

  it("breaches a first response at its due instant through the job queue, fires its actions", async () => {
    const policy = await ok("slaPolicyCreate", POLICY)
    const webhook = await query(
      `INSERT INTO webhooks (client_id, url, secret, events, active) SELECT client_id, 'http://127.0.0.1:9/none', 'secret-secret-secret',
        ARRAY['conversation.sla_breached'], true FROM users WHERE username = 'admin' RETURNING id`,
    )
    const number = `+90555${kind === "pglite" ? 1 : 2}007001`
    expect((await customerWrites(ctx.server, number, { text: "help" })).status).toBe(200)
    const [conversation] = await query(
      "SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id WHERE ct.number IN ($1, $2) AND c.status <> 'closed'",
      [number, number.replace(/^\+/, "")],
    )
    const conversationId = Number(conversation.id)
    await ctx.server.jobs.runDue()
    const clocks = await ok("slaClocks", { conversation_ids: [conversationId] }, agent)
    expect(clocks).toEqual([expect.objectContaining({ conversation_id: conversationId, metric: "first_response", state: "running" })])
    expect(clocks[0].remaining_ms).toBeGreaterThan(100_000)
    const targets = () =>
      query("SELECT metric, near_at, breached_at, met_at FROM sla_targets WHERE conversation_id = $1 ORDER BY metric", [conversationId])
    expect((await targets()).every((t) => t.breached_at === null && t.near_at === null)).toBe(true)

    clock.offset = 61_000
    await ctx.server.jobs.runDue()
    const near = (await targets()).find((t) => t.metric === "first_response")
    expect(near?.near_at).not.toBeNull()
    expect(near?.breached_at).toBeNull()

    clock.offset = 121_000
    await ctx.server.jobs.runDue()
    const breached = (await targets()).find((t) => t.metric === "first_response")
    expect(breached?.breached_at).not.toBeNull()
    const events = await query("SELECT data FROM domain_events WHERE type = 'conversation.sla_breached'")
    expect(events.map((e) => (typeof e.data === "string" ? JSON.parse(e.data) : e.data).conversation_id)).toContain(conversationId)
    const deliveries = await query("SELECT count(*)::int AS n FROM jobs WHERE kind = 'webhook.deliver' AND payload->>'webhook_id' = $1", [
      String(webhook[0].id),
    ])
    expect(Number(deliveries[0].n)).toBeGreaterThan(0)
    const [priority] = await query("SELECT priority FROM sla_priorities WHERE conversation_id = $1", [conversationId])
    expect(priority?.priority).toBe("high")
    // The resolution target (an hour) is still open and not near.
    expect((await targets()).find((t) => t.metric === "resolution")?.breached_at).toBeNull()

    await query("UPDATE webhooks SET active = false WHERE id = $1", [webhook[0].id])
    await ok("slaPolicyDelete", { id: policy.id })
    expect(await ok("slaClocks", { conversation_ids: [conversationId] }, agent)).toEqual([])
    clock.offset = 0
  })

  it("reports achieved, breached and open targets per policy, agent and channel as a naive count does", async () => {
    const [one] = await query("SELECT client_id FROM users WHERE username = 'admin'")
    const [two] = await query("SELECT client_id FROM users WHERE username = 'admin2'")
    const tenant = Number(one.client_id)
    const other = Number(two.client_id)
    const agents = (await query("SELECT id, display_name FROM users WHERE username IN ('agent1', 'agent2') ORDER BY username")).map(
      (r) => ({
        id: Number(r.id),
        name: String(r.display_name),
      }),
    )
    const policies = [await ok("slaPolicyCreate", { ...POLICY, name: "Gold" }), await ok("slaPolicyCreate", { ...POLICY, name: "Basic" })]
    const channels = ["whatsapp", "sms"] as const
    const contact = async (clientId: number, n: number) =>
      Number(
        (
          await query(
            `INSERT INTO contacts (client_id, name, number, channel) VALUES ($1, 'R', $2, 'whatsapp')
             ON CONFLICT (client_id, channel, number) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
            [clientId, `9055589${kind === "pglite" ? 1 : 2}${String(n).padStart(4, "0")}`],
          )
        )[0].id,
      )
    const rowArb = fc.record({
      policy: fc.integer({ min: 0, max: 1 }),
      agent: fc.integer({ min: -1, max: 1 }),
      channel: fc.integer({ min: 0, max: 1 }),
      metric: fc.constantFrom("first_response", "next_response", "resolution"),
      /** Minutes from the range's start; some fall outside it. */
      minute: fc.integer({ min: -600, max: 2 * 1440 + 600 }),
      outcome: fc.constantFrom("met", "late", "breached", "open"),
      test: fc.boolean(),
      otherTenant: fc.boolean(),
    })
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 25 }), async (rows) => {
        run++
        const day = `${2032 + run}-0${kind === "pglite" ? 3 : 5}-10`
        const start = Date.parse(`${day}T00:00:00Z`)
        let n = 0
        for (const r of rows) {
          const clientId = r.otherTenant ? other : tenant
          const contactId = await contact(clientId, run * 100 + n++)
          const [c] = await query(
            "INSERT INTO conversations (client_id, contact_id, channel, status, closed_at) VALUES ($1, $2, $3, 'closed', now()) RETURNING id",
            [clientId, contactId, channels[r.channel]],
          )
          // A UAT customer's conversation (stamped at insert from the UAT list): counted nowhere.
          if (r.test) await query("UPDATE conversations SET is_test = true WHERE id = $1", [c.id])
          const at = new Date(start + r.minute * 60_000)
          const due = new Date(at.getTime() + 60_000)
          const met = r.outcome === "met" ? due : r.outcome === "late" ? new Date(due.getTime() + 60_000) : null
          const breached = r.outcome === "late" || r.outcome === "breached" ? due : null
          await query(
            `INSERT INTO sla_targets (client_id, conversation_id, policy_id, policy_name, metric, started_at, target_seconds, due_at, met_at,
              breached_at, agent_id, channel) VALUES ($1, $2, $3, $4, $5, $6, 60, $7, $8, $9, $10, $11)`,
            [
              clientId,
              Number(c.id),
              clientId === tenant ? policies[r.policy].id : null,
              policies[r.policy].name,
              r.metric,
              at.toISOString(),
              due.toISOString(),
              met?.toISOString() ?? null,
              breached?.toISOString() ?? null,
              r.agent < 0 || clientId !== tenant ? null : agents[r.agent].id,
              channels[r.channel],
            ],
          )
        }
        const counted = rows.filter((r) => !r.test && !r.otherTenant && r.minute >= 0 && r.minute < 2 * 1440)
        for (const by of ["policy", "agent", "channel"] as const) {
          const label = (r: (typeof rows)[number]) =>
            by === "policy" ? policies[r.policy].name : by === "agent" ? (r.agent < 0 ? "" : agents[r.agent].name) : channels[r.channel]
          const naive = new Map<string, { achieved: number; breached: number; open: number }>()
          for (const r of counted) {
            const key = `${label(r)}|${r.metric}`
            const figure = naive.get(key) ?? { achieved: 0, breached: 0, open: 0 }
            if (r.outcome === "met") figure.achieved++
            else if (r.outcome === "open") figure.open++
            else figure.breached++
            naive.set(key, figure)
          }
          const report = await ok("slaReport", { start_date: day, end_date: new Date(start + 86_400_000).toISOString().slice(0, 10), by })
          const got = new Map<string, { achieved: number; breached: number; open: number }>(
            report.map(
              (r: { label: string; metric: string; achieved: number; breached: number; open: number; achieved_percent: number | null }) => {
                const decided = r.achieved + r.breached
                expect(r.achieved_percent).toBe(decided === 0 ? null : Math.round((r.achieved * 1000) / decided) / 10)
                return [`${r.label}|${r.metric}`, { achieved: r.achieved, breached: r.breached, open: r.open }]
              },
            ),
          )
          expect(got).toEqual(naive)
        }
        await query("DELETE FROM sla_targets WHERE started_at >= $1 AND started_at < $2", [
          new Date(start - 86_400_000).toISOString(),
          new Date(start + 4 * 86_400_000).toISOString(),
        ])
      }),
      { numRuns: 5 },
    )
    // The file's words are the ones the console sends (its strings in the user's language).
    const csv = await ok("slaReportCsv", { by: "agent", headings: TURKISH })
    expect(csv.csv.split("\r\n")[0]).toBe("Temsilci,Hedef,Karşılandı,Aşıldı,Açık,Karşılanma %")
    for (const p of policies) await ok("slaPolicyDelete", { id: p.id })
  })

  describe("reassign on breach", () => {
    /** First response and resolution breach in the same check: the conversation moves once. */
    const REASSIGN = { ...POLICY, name: "Reassign", resolution_seconds: 120, near_actions: [], breach_actions: ["reassign"] }
    let tag = 0
    const settings = (payload: Record<string, unknown>) =>
      send(ctx.url, callOf("onboarding", "updateAllsettings"), payload, admin).then((r) => expect(r.status).toBe(200))
    /** Tenant one with nothing open and only `n` new agents (agent1's role) online, lowest id first. */
    const onlyAgents = async (n: number) => {
      tag++
      await query("UPDATE conversations SET status = 'closed', closed_at = now() WHERE client_id = 1 AND status <> 'closed'")
      await query("UPDATE users SET online = false WHERE client_id = 1")
      const rows = await query(
        `INSERT INTO users (client_id, role_id, username, email, password_hash, display_name, online)
         SELECT 1, (SELECT role_id FROM users WHERE username = 'agent1'), $1 || n, $1 || n || '@acme.example', 'x', $1 || n, true
         FROM generate_series(1, $2::int) AS n RETURNING id`,
        [`sla${kind}${tag}x`, n],
      )
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b)
    }
    const writes = async (n: number) => {
      const number = `+90555${kind === "pglite" ? 3 : 4}${String(tag).padStart(2, "0")}${String(n).padStart(4, "0")}`
      expect((await customerWrites(ctx.server, number, { text: "help" })).status).toBe(200)
      const [c] = await query(
        "SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id WHERE ct.number IN ($1, $2) AND c.status <> 'closed'",
        [number, number.slice(1)],
      )
      return Number(c.id)
    }
    const holderOf = async (id: number) => {
      const [c] = await query("SELECT assigned_user_id FROM conversations WHERE id = $1", [id])
      return c.assigned_user_id === null ? null : Number(c.assigned_user_id)
    }
    const assignedEvents = async (id: number) =>
      (await query("SELECT data FROM domain_events WHERE type = 'conversation.assigned' ORDER BY created_at"))
        .map((e) => (typeof e.data === "string" ? JSON.parse(e.data) : e.data))
        .filter((d) => d.conversation_id === id)
        .map((d) => [d.previous_agent_id, d.agent_id])
    const held = async (agents: readonly number[]) =>
      (await query("SELECT user_id, held FROM agent_loads WHERE user_id = ANY($1::int[]) ORDER BY user_id", [agents])).map((r) =>
        Number(r.held),
      )
    let policyId = 0
    beforeAll(async () => {
      await settings({ auto_assign: true })
      policyId = (await ok("slaPolicyCreate", REASSIGN)).id
    })

    it("takes a breached conversation from its holder and gives it to another free agent, once", async () => {
      const [first, second] = await onlyAgents(2)
      const id = await writes(1)
      await ctx.server.jobs.runDue()
      expect(await holderOf(id)).toBe(first)
      clock.offset = 121_000
      await ctx.server.jobs.runDue()
      // The holder had the fewest (none, once released) and still never gets it back.
      expect(await holderOf(id)).toBe(second)
      expect(await held([first, second])).toEqual([0, 1])
      // The release and the new hand-out are written in one transaction (possibly within the same millisecond).
      const lines = await assignedEvents(id)
      expect(lines[0]).toEqual([null, first])
      expect(lines.slice(1)).toEqual(
        expect.arrayContaining([
          [first, null],
          [null, second],
        ]),
      )
      expect(lines).toHaveLength(3)
      const told = await query("SELECT payload FROM chat_events WHERE event = 'chat:conversation' ORDER BY id DESC LIMIT 1")
      expect((told[0].payload as { conversation: unknown }).conversation).toMatchObject({ id, agent_id: second })
      const [online] = await query("SELECT online FROM users WHERE id = $1", [first])
      expect(online.online).toBe(true)

      // A later check of the same breached target does not move it again.
      await writes(1)
      clock.offset = 200_000
      await ctx.server.jobs.runDue()
      expect(await holderOf(id)).toBe(second)
      expect(await assignedEvents(id)).toHaveLength(3)
      clock.offset = 0
    })

    it("puts it back at the head of the queue when nobody else is free", async () => {
      const [only] = await onlyAgents(1)
      const cap = (n: number) =>
        query(`UPDATE users SET attributes = attributes || jsonb_build_object('max_chats', $1::int) WHERE id = $2`, [n, only])
      await cap(2)
      const id = await writes(1)
      await ctx.server.jobs.runDue()
      expect(await holderOf(id)).toBe(only)
      // A second conversation (no customer message: no target) fills the agent; a third waits in the queue.
      const other = async (n: number, status: string, agent: number | null) => {
        const [ct] = await query("INSERT INTO contacts (client_id, channel, number, name) VALUES (1, 'whatsapp', $1, '') RETURNING id", [
          `+90555${kind === "pglite" ? 5 : 6}${String(tag).padStart(2, "0")}${String(n).padStart(4, "0")}`,
        ])
        const [c] = await query(
          "INSERT INTO conversations (client_id, contact_id, channel, status, assigned_user_id) VALUES (1, $1, 'whatsapp', $2, $3) RETURNING id",
          [ct.id, status, agent],
        )
        return Number(c.id)
      }
      await other(1, "active", only)
      const waiting = await other(2, "unassigned", null)
      // The admin lowers the cap: the agent keeps both (2 of 1) and, once one is taken away, has no free place.
      await cap(1)
      clock.offset = 121_000
      await ctx.server.jobs.runDue()
      expect(await holderOf(id)).toBeNull()
      expect(await held([only])).toEqual([1])
      const queue = await query(
        "SELECT id FROM conversations WHERE client_id = 1 AND queued_at IS NOT NULL ORDER BY queue_priority DESC, queued_at, id",
      )
      expect(queue.map((r) => Number(r.id))).toEqual([id, waiting])
      clock.offset = 0
    })

    it("checks the open conversations a saved policy matches at once", async () => {
      await ok("slaPolicyDelete", { id: policyId })
      await onlyAgents(1)
      const id = await writes(1)
      await ctx.server.jobs.runDue()
      const targets = () => query("SELECT metric, policy_name FROM sla_targets WHERE conversation_id = $1", [id])
      expect(await targets()).toEqual([])
      const policy = await ok("slaPolicyCreate", { ...POLICY, name: "Late comer", channel: "whatsapp" })
      await ctx.server.jobs.runDue()
      expect((await targets()).map((t) => `${t.policy_name}:${t.metric}`).sort()).toEqual([
        "Late comer:first_response",
        "Late comer:resolution",
      ])
      // Editing it asks again: the targets take the edited policy.
      await ok("slaPolicyUpdate", { ...POLICY, id: policy.id, name: "Renamed", channel: "whatsapp" })
      await ctx.server.jobs.runDue()
      expect((await targets()).map((t) => t.policy_name)).toEqual(["Renamed", "Renamed"])
      await ok("slaPolicyDelete", { id: policy.id })
    })

    afterAll(async () => {
      await settings({ auto_assign: false })
      await query("UPDATE conversations SET status = 'closed', closed_at = now() WHERE client_id = 1 AND status <> 'closed'")
      await query("UPDATE users SET online = false WHERE client_id = 1 AND username LIKE 'sla%'")
    })
  })
})
