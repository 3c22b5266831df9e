/**
 * The agents' queue (src/contract/groups/routing.ts): the waiting conversations with their standing (queue.ts, the one
 * definition of place and estimated wait), the priority rule that raised each (migration 0052
 * `queue_priority_rule_of`, the same rule its priority comes from) and the agent group it is routed to.
 * An agent sees what they may take: kinds their cap of is above zero, routed to nobody or to one of their groups, and
 * their own load per kind; the tenant's admin (a system role) sees every waiting conversation and every agent's load.
 * The customers' calls waiting for a free agent (calls/call-waiting.ts, through calls-port.ts) are listed for the admin
 * and for agents who take calls. Loads and caps are the capacity model's (chat/capacity.ts), so "3 of 5" here is the figure the hand-out obeys.
 */
import { type SQL, sql } from "drizzle-orm"
import type { QueueAgent, QueueEntry, QueueGroup, QueueLoad, QueueRule } from "../../../src/contract/groups/routing"
import type { Channel } from "../../../src/contract/schemas/common"
import { VOICE_CALL_KEY } from "../../../src/contract/routes"
import { handle } from "../../core/registry"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError, forbidden, notFound } from "../../http/errors"
import { userOf } from "../../http/context"
import { agentsWhere, CAPACITY_KINDS, capSql, heldOfSql, tenantCapSql } from "../chat"
import { queueStandings } from "./queue"
import { serveWaitingLater, takeNextFor } from "./hand-out-port"
import { waitingCallsOf } from "./calls-port"

/** Per kind, the held count and the cap of the user `u` (agent_loads `l` joined), as columns held_<kind>, cap_<kind>. */
const loadColumns = (clientId: number): SQL =>
  sql.join(
    CAPACITY_KINDS.map(
      (kind) =>
        sql`coalesce(${heldOfSql(kind)}, 0)::int AS ${sql.raw(`held_${kind}`)}, ${capSql(kind, tenantCapSql(kind, clientId))} AS ${sql.raw(`cap_${kind}`)}`,
    ),
    sql`, `,
  )

const loadsOf = (r: Record<string, unknown>): QueueLoad[] =>
  CAPACITY_KINDS.map((kind) => ({ kind, held: Number(r[`held_${kind}`]), cap: Number(r[`cap_${kind}`]) }))

const isAdmin = async (db: Db, userId: number) => {
  const [row] = rowsOf(await db.execute(sql`SELECT r.system FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ${userId}`))
  return row?.system === true
}

const myLoads = async (db: Db, clientId: number, userId: number): Promise<QueueLoad[]> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${loadColumns(clientId)} FROM users u LEFT JOIN agent_loads l ON l.user_id = u.id WHERE u.id = ${userId}`),
  )
  return row ? loadsOf(row) : []
}

const agentLoads = async (db: Db, clientId: number): Promise<QueueAgent[]> =>
  rowsOf(
    await db.execute(sql`SELECT u.id, coalesce(nullif(u.display_name, ''), u.username) AS name, u.online, ${loadColumns(clientId)}
      FROM users u LEFT JOIN agent_loads l ON l.user_id = u.id WHERE ${agentsWhere(clientId, { admins: false })}
      ORDER BY u.online DESC, name, u.id`),
  ).map((r) => ({ user_id: Number(r.id), name: String(r.name), online: r.online === true, loads: loadsOf(r) }))

const groupsOf = async (db: Db, clientId: number): Promise<QueueGroup[]> =>
  rowsOf(await db.execute(sql`SELECT id, name FROM agent_groups WHERE client_id = ${clientId} ORDER BY name, id`)).map((r) => ({
    id: Number(r.id),
    name: String(r.name),
  }))

/** Each waiting conversation's customer, the rule behind its priority (with the label's, segment's or flag's name) and its group. */
const detailsOf = async (db: Db, clientId: number) =>
  new Map(
    rowsOf(
      await db.execute(sql`SELECT c.id, coalesce(ct.name, '') AS customer, c.route_group_id, g.name AS group_name, pr.rule,
          CASE pr.rule ->> 'kind'
            WHEN 'label' THEN (SELECT name FROM labels WHERE id = (pr.rule ->> 'id')::int AND client_id = c.client_id)
            WHEN 'segment' THEN (SELECT name FROM segments WHERE id = (pr.rule ->> 'id')::int AND client_id = c.client_id)
            WHEN 'flag' THEN (SELECT name FROM flags WHERE id = (pr.rule ->> 'id')::int AND client_id = c.client_id) END AS rule_name
        FROM conversations c JOIN contacts ct ON ct.id = c.contact_id LEFT JOIN agent_groups g ON g.id = c.route_group_id
          CROSS JOIN LATERAL (SELECT queue_priority_rule_of(c.id, c.client_id, c.contact_id) AS rule) pr
        WHERE c.client_id = ${clientId} AND c.queued_at IS NOT NULL`),
    ).map((r) => {
      const rule = (typeof r.rule === "string" ? JSON.parse(r.rule) : r.rule) as Omit<QueueRule, "name"> | null
      return [
        Number(r.id),
        {
          customer: String(r.customer),
          group: r.route_group_id === null ? null : { id: Number(r.route_group_id), name: String(r.group_name) },
          rule:
            rule === null
              ? null
              : { kind: rule.kind, id: Number(rule.id), priority: Number(rule.priority), name: String(r.rule_name ?? "") },
        },
      ] as const
    }),
  )

const myGroups = async (db: Db, userId: number) =>
  new Set(rowsOf(await db.execute(sql`SELECT group_id FROM agent_group_members WHERE user_id = ${userId}`)).map((r) => Number(r.group_id)))

const entriesOf = async (db: Db, clientId: number, seen: (e: QueueEntry) => boolean): Promise<QueueEntry[]> => {
  const details = await detailsOf(db, clientId)
  return (await queueStandings(db, clientId)).flatMap((s) => {
    const d = details.get(s.conversationId)
    if (!d) return []
    const entry: QueueEntry = {
      conversation_id: s.conversationId,
      kind: s.kind,
      channel: s.channel as Channel,
      customer: d.customer,
      number: s.number,
      position: s.position,
      wait_minutes: s.waitMinutes,
      queued_at: s.queuedAt,
      priority: s.priority,
      rule: d.rule,
      group: d.group,
    }
    return seen(entry) ? [entry] : []
  })
}

export const handlers = [
  handle("routing", "routingQueue", async (ctx) => {
    const { userId, clientId } = userOf(ctx)
    const at = new Date().toISOString()
    if (await isAdmin(ctx.db, userId)) {
      const entries = await entriesOf(ctx.db, clientId, () => true)
      const calls = await waitingCallsOf.ask(ctx.db, clientId)
      return {
        data: {
          admin: true,
          mine: [],
          entries,
          calls,
          agents: await agentLoads(ctx.db, clientId),
          groups: await groupsOf(ctx.db, clientId),
          at,
        },
      }
    }
    const mine = await myLoads(ctx.db, clientId, userId)
    const groups = await myGroups(ctx.db, userId)
    const mayTake = new Set(mine.filter((l) => l.cap > 0).map((l) => l.kind))
    const entries = await entriesOf(ctx.db, clientId, (e) => mayTake.has(e.kind) && (e.group === null || groups.has(e.group.id)))
    const calls = ctx.principal.grants.has(VOICE_CALL_KEY) ? await waitingCallsOf.ask(ctx.db, clientId) : []
    return { data: { admin: false, mine, entries, calls, agents: [], groups: [], at } }
  }),

  handle("routing", "routingTakeNext", async (ctx) => {
    const { userId, clientId } = userOf(ctx)
    if (await isAdmin(ctx.db, userId)) throw forbidden("The tenant's admins take no conversations from the queue")
    const taken = await takeNextFor.ask(ctx, clientId, userId)
    if (taken === "full") throw new ApiError(409, "AT_CAPACITY", "You hold as many as your cap allows of every kind that waits for you")
    if (taken === "empty") throw new ApiError(409, "QUEUE_EMPTY", "Nothing waits for you in the queue")
    if (taken === "busy") throw new ApiError(409, "BUSY", "Another hand-out to you is finishing: try again")
    return { data: { conversation_id: taken } }
  }),

  handle("routing", "routingRoute", async (ctx, input) => {
    const { clientId } = userOf(ctx)
    if (input.group_id !== null) {
      const [group] = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM agent_groups WHERE id = ${input.group_id} AND client_id = ${clientId}`))
      if (!group) throw new ApiError(404, "NOT_FOUND", "Agent group not found", "group_id")
    }
    const [row] = rowsOf(
      await ctx.db.execute(sql`UPDATE conversations SET route_group_id = ${input.group_id}
        WHERE id = ${input.conversation_id} AND client_id = ${clientId} AND status <> 'closed' RETURNING queued_at`),
    )
    if (!row) throw notFound("Open conversation")
    if (row.queued_at !== null) await serveWaitingLater.ask(ctx.db, clientId)
    return { data: { ok: true } }
  }),

  handle("routing", "routingRuleChoices", async (ctx) => {
    const { clientId } = userOf(ctx)
    const named = async (table: "labels" | "segments" | "flags") =>
      rowsOf(await ctx.db.execute(sql`SELECT id, name FROM ${sql.raw(table)} WHERE client_id = ${clientId} ORDER BY name, id`)).map(
        (r) => ({
          id: Number(r.id),
          name: String(r.name),
        }),
      )
    return { data: { label: await named("labels"), segment: await named("segments"), flag: await named("flags") } }
  }),
]
