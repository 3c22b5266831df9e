/**
 * The queue and the capacity model (migration 0048, chat/capacity.ts, tenant-settings/auto-assign.ts), on both
 * databases, under random arrivals (chats and SMS threads, some routed to an agent group, some with a priority label),
 * hand-outs, closes, releases, cap changes and agents going offline and online. After every step and the hand-out that
 * follows it:
 *  - nobody was given a conversation of a kind while at or over their cap of that kind (a lowered cap takes nothing away);
 *  - no waiting conversation could have had the place a later one (in the queue's order) got;
 *  - none is lost or given twice: every open conversation waits or is held by one agent, each agent's counters equal a
 *    plain count, and a conversation handed out left the queue exactly once;
 *  - the standings customers see count 1, 2, 3... per kind in the queue's order.
 * And the agents' queue over the API (queue-view.ts): what an agent and an admin see, "take next" through the one
 * hand-out, and the settings taking effect: a lowered cap refuses the next take, a rule moves a conversation up, a
 * conversation routed to an agent group goes only to a member, a role's capacity replaces the tenant's cap.
 */
import { sql } from "drizzle-orm"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { putSetting, tenantSettings } from "../tenant-settings/settings-store"
import { assignArrival, assignWaitingLater } from "../tenant-settings/auto-assign"
import { queueStandings } from "./queue"

const AGENTS = 3

type Op =
  | { readonly t: "arrive"; readonly sms: boolean; readonly grouped: boolean; readonly urgent: boolean }
  | { readonly t: "close" | "release"; readonly c: number }
  | { readonly t: "cap"; readonly a: number; readonly cap: number | null }
  | { readonly t: "online"; readonly a: number; readonly on: boolean }

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ t: fc.constant("arrive" as const), sms: fc.boolean(), grouped: fc.boolean(), urgent: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constantFrom("close" as const, "release" as const), c: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant("cap" as const), a: fc.nat({ max: AGENTS - 1 }), cap: fc.option(fc.nat({ max: 2 })) }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("online" as const), a: fc.nat({ max: AGENTS - 1 }), on: fc.boolean() }) },
)

interface Row {
  readonly id: number
  readonly kind: string
  readonly group: number | null
  readonly status: string
  readonly agent: number | null
  readonly priority: number
  readonly queuedAt: string | null
}

describe.each(DB_KINDS)("the queue and capacity on %s", (kind) => {
  const ctx = useServer(kind, { jobs: { autoStart: false } })
  const db = () => ctx.server.services.database.db
  let numbers = 0
  let run = 0

  afterAll(async () => {
    await db().execute(
      sql`DELETE FROM client_settings WHERE client_id = 1
        AND key IN ('auto_assign', 'queue_priority_rules', 'max_sms_per_agent', 'max_chats_per_agent')`,
    )
  })

  /** AGENTS new agents of tenant one (agent1's role), the only ones online, the first two in a new group; no open conversation left. */
  const fresh = async (tag: string) => {
    await db().execute(sql`UPDATE conversations SET status = 'closed', closed_at = now() WHERE client_id = 1 AND status <> 'closed'`)
    await db().execute(sql`UPDATE users SET online = false WHERE client_id = 1`)
    const agents = rowsOf(
      await db().execute(sql`INSERT INTO users (client_id, role_id, username, email, password_hash, display_name, online)
        SELECT 1, (SELECT role_id FROM users WHERE username = 'agent1'), ${tag} || n, ${tag} || n || '@acme.example', 'x', ${tag} || n, true
        FROM generate_series(1, ${AGENTS}) AS n RETURNING id`),
    )
      .map((r) => Number(r.id))
      .sort((a, b) => a - b)
    const [group] = rowsOf(
      await db().execute(
        sql`INSERT INTO agent_groups (client_id, name, created_by) VALUES (1, ${`${tag} skill`}, ${agents[0]}) RETURNING id`,
      ),
    )
    await db().execute(
      sql`INSERT INTO agent_group_members (group_id, user_id, role) VALUES (${group.id}, ${agents[0]}, 'owner'), (${group.id}, ${agents[1]}, 'member')`,
    )
    return { agents, group: Number(group.id) }
  }

  const conversations = async (ids: readonly number[]): Promise<Row[]> =>
    ids.length === 0
      ? []
      : rowsOf(
          await db().execute(sql`SELECT id, channel_kind(channel) AS kind, route_group_id, status, assigned_user_id, queue_priority, queued_at
            FROM conversations WHERE id = ANY(string_to_array(${ids.join(",")}, ',')::int[]) ORDER BY id`),
        ).map((r) => ({
          id: Number(r.id),
          kind: String(r.kind),
          group: r.route_group_id === null ? null : Number(r.route_group_id),
          status: String(r.status),
          agent: r.assigned_user_id === null ? null : Number(r.assigned_user_id),
          priority: Number(r.queue_priority),
          queuedAt:
            r.queued_at === null
              ? null
              : new Date(String(r.queued_at instanceof Date ? r.queued_at.toISOString() : r.queued_at)).toISOString(),
        }))

  /** Per agent and kind: [held, cap], as the hand-out reads them. */
  const loads = async (agents: readonly number[]) =>
    new Map(
      rowsOf(
        await db().execute(sql`SELECT u.id, l.held_chat, l.held_sms,
            coalesce(CASE WHEN u.attributes ->> 'max_chats' ~ '^[0-9]+$' THEN (u.attributes ->> 'max_chats')::int END, 1) AS cap_chat
          FROM users u JOIN agent_loads l ON l.user_id = u.id WHERE u.id = ANY(string_to_array(${agents.join(",")}, ',')::int[])`),
      ).map((r) => [Number(r.id), { chat: Number(r.held_chat), sms: Number(r.held_sms), capChat: Number(r.cap_chat) }]),
    )

  const drift = async () =>
    rowsOf(
      await db().execute(sql`WITH naive AS (SELECT assigned_user_id AS id,
            count(*) FILTER (WHERE channel <> 'sms')::int AS chat, count(*) FILTER (WHERE channel = 'sms')::int AS sms FROM conversations
          WHERE status IN ('active', 'ongoing') AND assigned_user_id IS NOT NULL GROUP BY 1)
        SELECT l.user_id FROM agent_loads l LEFT JOIN naive ON naive.id = l.user_id
        WHERE (l.held_chat, l.held_sms, l.held) IS DISTINCT FROM (coalesce(naive.chat, 0), coalesce(naive.sms, 0), coalesce(naive.chat + naive.sms, 0))`),
    )

  /** A new customer's conversation on `channel` (routed to `group`, with `label`), through the arrival's hand-out. */
  const arrive = async (channel: string, group: number | null, label: number | null) => {
    numbers += 1
    return ctx.server.services.database.transaction(async (tx: Db) => {
      const [contact] = rowsOf(
        await tx.execute(sql`INSERT INTO contacts (client_id, channel, number, name)
          VALUES (1, ${channel}, ${`+9055588${String(numbers).padStart(5, "0")}`}, '') RETURNING id`),
      )
      const [row] = rowsOf(
        await tx.execute(sql`INSERT INTO conversations (client_id, contact_id, channel, route_group_id)
          VALUES (1, ${contact.id}, ${channel}, ${group}) RETURNING id`),
      )
      if (label !== null) await tx.execute(sql`INSERT INTO conversation_labels (label_id, conversation_id) VALUES (${label}, ${row.id})`)
      await assignArrival(tx, 1, Number(row.id), await tenantSettings(tx, 1), channel)
      return Number(row.id)
    })
  }
  const close = (id: number) => db().execute(sql`UPDATE conversations SET status = 'closed', closed_at = now() WHERE id = ${id}`)
  const serve = async () => {
    await assignWaitingLater(db(), 1)
    await ctx.server.jobs.runDue()
  }
  /** The label the tenant's rule gives priority 10 (tenantRules). */
  let label = 0
  /** Auto-assign on with caps of one chat and one SMS thread, and a new label `label` that puts a conversation first. */
  const tenantRules = async (tag: string) => {
    await putSetting(db(), 1, "auto_assign", true)
    await putSetting(db(), 1, "max_chats_per_agent", 1)
    await putSetting(db(), 1, "max_sms_per_agent", 1)
    const [urgent] = rowsOf(
      await db().execute(sql`INSERT INTO labels (client_id, name) VALUES (1, ${`urgent ${kind} ${tag}`}) RETURNING id`),
    )
    label = Number(urgent.id)
    await putSetting(db(), 1, "queue_priority_rules", [{ kind: "label", id: label, priority: 10 }])
  }

  /** Ahead in the queue's order: a higher priority, or the same and earlier in. */
  const ahead = (a: Row, b: Row) =>
    a.priority > b.priority || (a.priority === b.priority && (a.queuedAt! < b.queuedAt! || (a.queuedAt === b.queuedAt && a.id < b.id)))

  it("keeps every agent within capacity, serves in order, and loses or doubles nothing", async () => {
    await tenantRules("property")
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 12 }), async (ops) => {
        run += 1
        const { agents, group } = await fresh(`q${kind}${run}x`)
        const ids: number[] = []
        for (const o of ops) {
          const before = await loads(agents)
          const waitingBefore = (await conversations(ids)).filter((c) => c.queuedAt !== null)
          if (o.t === "arrive") {
            ids.push(await arrive(o.sms ? "sms" : "whatsapp", o.grouped ? group : null, o.urgent ? label : null))
          } else if (o.t === "close" || o.t === "release") {
            const open = (await conversations(ids)).filter((c) => c.status !== "closed")
            const c = open[o.c % Math.max(1, open.length)]
            if (c && o.t === "close") await close(c.id)
            if (c && o.t === "release")
              await db().execute(sql`UPDATE conversations SET status = 'unassigned', assigned_user_id = NULL WHERE id = ${c.id}`)
          } else if (o.t === "cap") {
            await db().execute(sql`UPDATE users SET attributes = CASE WHEN ${o.cap}::int IS NULL THEN attributes - 'max_chats'
              ELSE jsonb_set(attributes, '{max_chats}', to_jsonb(${o.cap}::int)) END WHERE id = ${agents[o.a]}`)
          } else if (o.t === "online") {
            await db().execute(sql`UPDATE users SET online = ${o.on} WHERE id = ${agents[o.a]}`)
          }
          await serve()

          const after = await loads(agents)
          const rows = await conversations(ids)
          // Within capacity: a load of a kind grew only from under the cap.
          for (const a of agents) {
            const b = before.get(a)!
            const n = after.get(a)!
            if (n.chat > b.chat) expect(n.chat).toBeLessThanOrEqual(n.capChat)
            if (n.sms > b.sms) expect(n.sms).toBeLessThanOrEqual(1)
          }
          // In order: nobody still waiting was ahead of one handed out on a route it could have used.
          const handed = waitingBefore.map((w) => rows.find((r) => r.id === w.id)!).filter((r) => r.agent !== null)
          const still = rows.filter((r) => r.queuedAt !== null)
          for (const h of handed) {
            const was = waitingBefore.find((w) => w.id === h.id)!
            for (const w of still)
              if (w.kind === h.kind && (w.group === null || w.group === h.group) && ahead(w, was))
                expect({ waiting: w, handed: was }).toBeNull()
          }
          // Routed: a conversation routed to the group is held by one of its members (the first two agents) or waits.
          for (const r of rows) if (r.group !== null && r.agent !== null) expect(agents.slice(0, 2)).toContain(r.agent)
          // Nothing lost or doubled: each open conversation waits (no holder) or has one; the counters agree.
          for (const r of rows)
            if (r.status !== "closed")
              expect(r.queuedAt === null ? r.agent !== null : r.agent === null && r.status === "unassigned").toBe(true)
          expect(await drift()).toEqual([])
          // The standings customers are told.
          const standings = (await queueStandings(db(), 1)).filter((s) => ids.includes(s.conversationId))
          for (const k of ["chat", "sms"]) {
            const mine = standings.filter((s) => s.kind === k)
            const all = (await queueStandings(db(), 1)).filter((s) => s.kind === k)
            expect(all.map((s) => s.position)).toEqual(all.map((_, i) => i + 1))
            expect(mine.every((s) => s.position >= 1)).toBe(true)
          }
        }
        // Given once: one hand-out event per stay in the queue, never two for the same stay.
        const given = rowsOf(
          await db().execute(sql`SELECT (data ->> 'conversation_id')::int AS id, count(*)::int AS n FROM domain_events
            WHERE client_id = 1 AND type = 'conversation.assigned' AND data ->> 'previous_agent_id' IS NULL
              AND (data ->> 'conversation_id')::int = ANY(string_to_array(${ids.join(",") || "0"}, ',')::int[]) GROUP BY 1`),
        )
        const stays = ids.length + ops.filter((o) => o.t === "release").length
        expect(given.reduce((n, g) => n + Number(g.n), 0)).toBeLessThanOrEqual(stays)
      }),
      { numRuns: 8 },
    )
  }, 60_000)

  it("serves the highest priority first, then first in first out, to one agent under a cap of one; new rules re-rank at once", async () => {
    await tenantRules("order")
    const { agents } = await fresh(`q${kind}order`)
    await db().execute(sql`UPDATE users SET online = (id = ${agents[2]}) WHERE id = ANY(string_to_array(${agents.join(",")}, ',')::int[])`)
    const first = await arrive("whatsapp", null, null)
    const second = await arrive("whatsapp", null, null)
    const third = await arrive("whatsapp", null, null)
    const vip = await arrive("whatsapp", null, label)
    await serve()
    const holder = async (id: number) => (await conversations([id]))[0].agent
    expect(await holder(first)).toBe(agents[2])
    const places = (await queueStandings(db(), 1)).map((s) => s.conversationId)
    expect(places.filter((id) => [second, third, vip].includes(id))).toEqual([vip, second, third])
    await close(first)
    await serve()
    expect([await holder(vip), await holder(second)]).toEqual([agents[2], null])
    await close(vip)
    await serve()
    expect([await holder(second), await holder(third)]).toEqual([agents[2], null])
    // A label given while waiting moves it up; the rule gone, the database re-ranks the waiting ones at once.
    await db().execute(sql`INSERT INTO conversation_labels (label_id, conversation_id) VALUES (${label}, ${third})`)
    expect((await conversations([third]))[0].priority).toBe(10)
    await putSetting(db(), 1, "queue_priority_rules", [])
    expect((await conversations([third]))[0].priority).toBe(0)
  })

  it("shows agents and admins the queue, takes next within the cap, and applies caps, rules and group routes", async () => {
    const call = (name: Parameters<typeof callOf<"routing">>[1]) => callOf("routing", name)
    const admin = as((await login(ctx.url, "admin")).user_token)
    const agent = as((await login(ctx.url, "agent1")).user_token)
    const [me] = rowsOf(await db().execute(sql`SELECT id FROM users WHERE username = 'agent1'`))
    const { agents } = await fresh(`q${kind}view`)
    await db().execute(sql`UPDATE users SET online = false WHERE client_id = 1`)
    await putSetting(db(), 1, "auto_assign", false)
    await putSetting(db(), 1, "max_chats_per_agent", 2)
    await putSetting(db(), 1, "queue_priority_rules", [])
    const [other] = rowsOf(
      await db().execute(
        sql`INSERT INTO agent_groups (client_id, name, created_by) VALUES (1, ${`${kind} night shift`}, ${agents[2]}) RETURNING id`,
      ),
    )
    await db().execute(sql`INSERT INTO agent_group_members (group_id, user_id, role) VALUES (${other.id}, ${agents[2]}, 'owner')`)
    const a = await arrive("whatsapp", null, null)
    const b = await arrive("whatsapp", null, null)
    const c = await arrive("whatsapp", null, null)
    const elsewhere = await arrive("whatsapp", Number(other.id), null)
    const queueOf = async (who: Record<string, string>) => {
      const reply = await send(ctx.url, call("routingQueue"), {}, who)
      expect(reply.status).toBe(200)
      return reply.body.data as {
        admin: boolean
        mine: { kind: string; held: number; cap: number }[]
        entries: { conversation_id: number; position: number; rule: { name: string } | null; group: { id: number } | null }[]
        agents: { user_id: number; loads: { kind: string; held: number; cap: number }[] }[]
      }
    }
    const chatLoad = (loads: readonly { kind: string; held: number; cap: number }[]) => loads.find((l) => l.kind === "chat")

    // An agent sees what they may take, in place order; the conversation routed to a group they are not in is not theirs.
    const mine = await queueOf(agent)
    expect(mine.admin).toBe(false)
    expect(mine.entries.map((e) => [e.conversation_id, e.position])).toEqual([
      [a, 1],
      [b, 2],
      [c, 3],
    ])
    expect(chatLoad(mine.mine)).toEqual({ kind: "chat", held: 0, cap: 2 })
    const all = await queueOf(admin)
    expect(all.entries.find((e) => e.conversation_id === elsewhere)?.group?.id).toBe(Number(other.id))
    expect(all.agents.some((x) => x.user_id === Number(me.id))).toBe(true)
    expect((await send(ctx.url, call("routingTakeNext"), {}, admin)).status).toBe(403)
    expect((await send(ctx.url, call("routingRoute"), { conversation_id: b, group_id: null }, agent)).status).toBe(403)

    // Take next serves the head through the hand-out; it leaves the queue.
    const took = await send(ctx.url, call("routingTakeNext"), {}, agent)
    expect(took.body.data.conversation_id).toBe(a)
    expect((await conversations([a]))[0].agent).toBe(Number(me.id))
    expect((await queueOf(agent)).entries.map((e) => e.conversation_id)).toEqual([b, c])

    // The admin lowers the tenant's chat cap to the one held: the next take is refused, and the load reads "1 of 1".
    const update = callOf("onboarding", "updateAllsettings")
    expect((await send(ctx.url, update, { max_chats_per_agent: 1 }, admin)).status).toBe(200)
    const refused = await send(ctx.url, call("routingTakeNext"), {}, agent)
    expect([refused.status, refused.body.error.code]).toEqual([409, "AT_CAPACITY"])
    expect(chatLoad((await queueOf(admin)).agents.find((x) => x.user_id === Number(me.id))!.loads)).toEqual({
      kind: "chat",
      held: 1,
      cap: 1,
    })

    // A label rule moves the later conversation to the front, with the rule named as the reason.
    const [vip] = rowsOf(await db().execute(sql`INSERT INTO labels (client_id, name) VALUES (1, ${`vip ${kind}`}) RETURNING id`))
    const rules = [{ kind: "label", id: Number(vip.id), priority: 5 }]
    expect((await send(ctx.url, update, { queue_priority_rules: rules }, admin)).status).toBe(200)
    await db().execute(sql`INSERT INTO conversation_labels (label_id, conversation_id) VALUES (${vip.id}, ${c})`)
    const ranked = (await queueOf(agent)).entries
    expect(ranked.map((e) => [e.conversation_id, e.position, e.rule?.name ?? null])).toEqual([
      [c, 1, `vip ${kind}`],
      [b, 2, null],
    ])

    // Routed to a group, it goes only to its member, though an equally free agent who is not one comes first otherwise.
    await close(c)
    await close(elsewhere)
    await putSetting(db(), 1, "auto_assign", true)
    await db().execute(sql`UPDATE users SET online = true WHERE id IN (${agents[0]}, ${agents[2]})`)
    expect((await send(ctx.url, call("routingRoute"), { conversation_id: b, group_id: Number(other.id) }, admin)).status).toBe(200)
    await ctx.server.jobs.runDue()
    expect((await conversations([b]))[0].agent).toBe(agents[2])

    // A role's capacity replaces the tenant's cap: raised on the role editor's call, the refused take goes through.
    await db().execute(sql`UPDATE users SET online = false WHERE client_id = 1`)
    const d = await arrive("whatsapp", null, null)
    const refusedAgain = await send(ctx.url, call("routingTakeNext"), {}, agent)
    expect(refusedAgain.body.error?.code).toBe("AT_CAPACITY")
    const [role] = rowsOf(await db().execute(sql`SELECT role_id FROM users WHERE id = ${me.id}`))
    const roleCall = callOf("roles", "rolesUpdateById")
    expect((await send(ctx.url, roleCall, { id: Number(role.role_id), capacity: { chat: 2 } }, admin)).status).toBe(200)
    try {
      expect((await send(ctx.url, call("routingTakeNext"), {}, agent)).body.data?.conversation_id).toBe(d)
    } finally {
      await send(ctx.url, roleCall, { id: Number(role.role_id), capacity: {} }, admin)
    }

    // The agent's own cap replaces the role's (set on the user editor's call, shown with the user); cleared, it follows again.
    const e = await arrive("whatsapp", null, null)
    expect((await send(ctx.url, call("routingTakeNext"), {}, agent)).body.error?.code).toBe("AT_CAPACITY")
    const userCall = callOf("users", "usersUpdatePartialById")
    const own = await send(ctx.url, userCall, { id: Number(me.id), capacity: { chat: 3 } }, admin)
    expect(own.body.data.user.capacity).toEqual({ chat: 3 })
    try {
      expect((await send(ctx.url, call("routingTakeNext"), {}, agent)).body.data?.conversation_id).toBe(e)
      expect(chatLoad((await queueOf(agent)).mine)).toEqual({ kind: "chat", held: 3, cap: 3 })
    } finally {
      expect((await send(ctx.url, userCall, { id: Number(me.id), capacity: {} }, admin)).body.data.user.capacity).toEqual({})
    }
    expect(chatLoad((await queueOf(agent)).mine)).toEqual({ kind: "chat", held: 3, cap: 1 })
  })
})
