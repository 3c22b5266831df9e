/**
 * Setting `auto_assign`: a customer's conversation waiting in the queue goes to the online agent (a user whose role
 * grants BACK:chat, not the tenant's admins: chat/agent-eligibility.ts `agentsWhere`) holding the fewest of its kind
 * (chats or SMS threads) under their cap of that kind (the capacity model: chat/capacity.ts; ties to the longest-serving
 * agent), and when it is routed to an agent group (its skill), only to that group's members.
 * The queue is served in order: the highest priority first (the tenant's `queue_priority_rules`, stamped by migration
 * 0048), then first in, first out (routing/queue.ts `QUEUE_ORDER`). A new conversation takes a free agent at once: a
 * free place while others of its route wait lasts only until the `settings.assign` job that freed it serves them.
 * When nobody is under the cap it waits, and is handed out when an agent frees a place (a close, a release) or comes
 * online: a `settings.assign` job (chat/assignment.ts and session/session.ts enqueue it through `assignWaitingLater`).
 * Race-safe without a tenant-wide lock: the database keeps each user's held conversations per kind in `agent_loads`
 * (migrations 0039 and 0048, triggers on conversations), and a hand-out is one query that takes the least loaded free
 * agent's counter row `FOR UPDATE ... SKIP LOCKED`. Locking re-checks `held < cap` on the row's newest committed
 * version (READ COMMITTED), and the row stays locked until the hand-out's transaction commits its +1, so the cap holds
 * exactly; two hand-outs at once take two different agents instead of waiting for each other. When every agent with a
 * free place is being handed a conversation by another transaction at that moment, the conversation waits and a
 * `settings.assign` job gives it another go after the commit.
 */
import { type SQL, sql } from "drizzle-orm"
import { enqueue, type JobContext, type JobHandler } from "../../core/jobs"
import { DELIVERIES_QUEUED, publishedCtes, wakeForDeliveries } from "../../core/events"
import type { Db } from "../../db/db"
import { executePrepared, preparedByShape } from "../../db/prepared"
import { rowsOf } from "../../db/rows"
import {
  announceConversation,
  type CapacityKind,
  canTakeSql,
  capSql,
  heldOfSql,
  kindOfChannel,
  loadConversation,
  STEP_STATUS,
  agentsWhere,
  tenantCapSql,
} from "../chat"
import { type TenantSettings, tenantSettings } from "./settings-store"
import { botHasSql } from "../chatbots"
import { type HandOutCtx, QUEUE_ORDER, queueMoved, serveWaitingLater, type TakeRefusal, takeNextFor } from "../routing"

export const ASSIGN_JOB = "settings.assign"

/** How many waiting conversations one `settings.assign` job looks at; a job that handed some out and saw this many enqueues the next. */
const SERVE_BATCH = 200

/** What routes a waiting conversation: its kind and the agent group it is routed to. */
interface Route {
  readonly kind: CapacityKind
  readonly groupId: number | null
}

/**
 * Whom a hand-out may pick besides the rule: `only` that agent, online or not ("take next": they asked), or anyone but
 * `except` (the holder a conversation was just taken from: SLA's reassign).
 */
export interface AgentPick {
  readonly only?: number
  readonly except?: number
}

/**
 * The tenant's online agents with a free place of `kind` (in `groupId` when set), the least loaded first (then the
 * longest-serving), as one row, narrowed by `pick`.
 */
const freeAgentSql = (clientId: number, { kind, groupId }: Route, pick: AgentPick = {}): SQL =>
  sql`SELECT l.user_id FROM agent_loads l JOIN users u ON u.id = l.user_id
    WHERE l.client_id = ${clientId} AND ${heldOfSql(kind)} < ${capSql(kind, tenantCapSql(kind, clientId))}
      AND ${pick.only === undefined ? agentsWhere(clientId, { admins: false, online: true }) : sql`u.id = ${pick.only} AND ${agentsWhere(clientId, { admins: false })}`}
      ${pick.except === undefined ? sql`` : sql`AND u.id <> ${pick.except}`}
      ${groupId === null ? sql`` : sql`AND EXISTS (SELECT 1 FROM agent_group_members m WHERE m.group_id = ${groupId} AND m.user_id = u.id)`}
    ORDER BY ${heldOfSql(kind)}, l.user_id LIMIT 1`

/**
 * A conversation waiting in the queue for an agent: unassigned, and no chatbot has it (chatbots/bot-turn.ts; `inTurn`:
 * the message whose bot turn asks).
 */
const waiting = (inTurn: number | null = null) =>
  sql`conversations.status = 'unassigned' AND conversations.assigned_user_id IS NULL AND NOT ${botHasSql(sql`conversations.id`, inTurn)}`

const routeOf = (r: Record<string, unknown>): Route => ({
  kind: kindOfChannel(String(r.channel)),
  groupId: r.route_group_id === null ? null : Number(r.route_group_id),
})

/** What a hand-out's statement is built for: everything in its text but the conversation and the time. */
interface HandOutShape {
  readonly clientId: number
  readonly route: Route
  readonly inTurn: number | null
  readonly pick: AgentPick
}

/**
 * The hand-out's statement: the agent's counter row locked, the conversation handed, its event written, one round trip
 * (not two). Prepared, and kept compiled per shape: it took longer to plan than to run, and to build than to bind. A
 * bot's turn (`inTurn`) is a shape of its own each time, so that one is built for its call only.
 */
const handOutStatement = preparedByShape(
  ({ clientId, route, inTurn, pick }: HandOutShape) =>
    inTurn === null ? `${clientId}:${route.kind}:${route.groupId}:${pick.only}:${pick.except}` : undefined,
  ({ clientId, route, inTurn, pick }: HandOutShape) => {
    const conversationId = sql.placeholder("conversation")
    return sql`WITH agent AS (${freeAgentSql(clientId, route, pick)} FOR UPDATE OF l SKIP LOCKED),
      handed AS (UPDATE conversations SET assigned_user_id = agent.user_id, status = ${STEP_STATUS.handOver} FROM agent
        WHERE conversations.id = ${conversationId} AND conversations.client_id = ${clientId} AND ${waiting(inTurn)}
          AND conversations.route_group_id IS NOT DISTINCT FROM ${route.groupId}
        RETURNING agent.user_id),
      ${publishedCtes(
        clientId,
        "conversation.assigned",
        sql`SELECT jsonb_build_object('conversation_id', ${conversationId}::int, 'agent_id', user_id, 'previous_agent_id', NULL) FROM handed`,
        sql`${sql.placeholder("now")}::timestamptz`,
      )}
      SELECT user_id, ${DELIVERIES_QUEUED} FROM handed`
  },
)

/**
 * Hands one waiting conversation to a free agent in one statement (the agent's counter row locked until the commit):
 * the agent's id, or why not: "gone" (it no longer waits), "full" (nobody is under the cap), "busy" (the only ones
 * under it are being handed a conversation by other transactions right now: a job gives it another go after them).
 */
const assignOne = async (
  db: Db,
  clientId: number,
  conversationId: number,
  route: Route,
  inTurn: number | null = null,
  pick: AgentPick = {},
): Promise<number | "full" | "busy" | "gone"> => {
  const [row] = rowsOf(
    await handOutStatement(db, { clientId, route, inTurn, pick }, { conversation: conversationId, now: new Date().toISOString() }),
  )
  if (row) wakeForDeliveries(db, [row])
  return row ? Number(row.user_id) : whyNot(db, clientId, conversationId, route, inTurn, pick)
}

const whyNot = async (db: Db, clientId: number, conversationId: number, route: Route, inTurn: number | null, pick: AgentPick) => {
  const [still] = rowsOf(await db.execute(sql`SELECT 1 FROM conversations WHERE id = ${conversationId} AND ${waiting(inTurn)}`))
  if (!still) return "gone"
  const [free] = rowsOf(await db.execute(freeAgentSql(clientId, route, pick)))
  if (!free) return "full"
  if (pick.only === undefined) await enqueue(db, { kind: ASSIGN_JOB, clientId, payload: {} })
  return "busy"
}

/**
 * The conversation `conversationId` as it waits (null when it no longer does), and whether it joined the queue in this
 * transaction (a customer's further messages while waiting do not move the queue).
 */
const waitingAt = async (db: Db, clientId: number, conversationId: number) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT channel, route_group_id, queued_at = now() AS joined FROM conversations
      WHERE id = ${conversationId} AND client_id = ${clientId} AND queued_at IS NOT NULL`),
  )
  return row ? { route: routeOf(row), joined: Boolean(row.joined) } : null
}

const sameRoute = (a: Route, b: Route) => a.kind === b.kind && a.groupId === b.groupId

/**
 * A new conversation (or one a bot let go of, or a waiting one whose customer writes again) takes a free agent of its
 * route; none free: it waits, and when it just joined, the queue moved. `opened`: the route of a conversation this
 * transaction opened, which joined the queue with its insert, so the hand-out goes first without reading it; when it
 * finds no agent, the conversation is read as it waits (a reaction before this one may have routed it elsewhere).
 */
const arrive = async (db: Db, clientId: number, conversationId: number, inTurn: number | null, opened: Route | null = null) => {
  const at = opened ? { route: opened, joined: true } : await waitingAt(db, clientId, conversationId)
  if (!at) return false
  if (typeof (await assignOne(db, clientId, conversationId, at.route, inTurn)) === "number") return true
  if (opened) {
    const read = await waitingAt(db, clientId, conversationId)
    if (read && !sameRoute(read.route, opened)) return arrive(db, clientId, conversationId, inTurn)
    if (read?.joined) await queueMoved(db, clientId)
    return false
  }
  if (at.joined) await queueMoved(db, clientId)
  return false
}

/**
 * In the inbound pipeline (chat-store.ts), the conversation locked: a new customer conversation finds its agent; one that
 * joins the queue (or waits in it without auto-assign) has its place told. `openedOn`: the channel of a conversation
 * this message opened (it waits on that channel's kind, routed to no group).
 */
export const assignArrival = async (db: Db, clientId: number, conversationId: number, settings: TenantSettings, openedOn?: string) => {
  const opened = openedOn === undefined ? null : { kind: kindOfChannel(openedOn), groupId: null }
  if (settings.auto_assign) await arrive(db, clientId, conversationId, null, opened)
  else if ((await waitingAt(db, clientId, conversationId))?.joined) await queueMoved(db, clientId)
}

/**
 * After a chatbot's turn on the customer's message `messageId` (chatbots/bot-runtime.ts), the conversation locked: the
 * bot did not answer, or handed over, so the conversation finds its agent as a new one does (unless the bot still talks);
 * without auto-assign, or with no agent free, it joins the agents' queue.
 */
export const assignAfterBotTurn = async (ctx: JobContext, clientId: number, conversationId: number, messageId: number) => {
  const settings = await tenantSettings(ctx.db, clientId)
  const handed = settings.auto_assign && (await arrive(ctx.db, clientId, conversationId, messageId))
  if (!handed) {
    // Left waiting: the queue leaves out a conversation while its bot's turn is due (routing/queue.ts), so it joins the
    // agents' queue only now. The queue screens read again on its announcement, and the customers behind it are told.
    if (!(await waitsFreeOfBot(ctx.db, clientId, conversationId, messageId))) return
    await queueMoved(ctx.db, clientId)
  }
  await announceConversation(ctx, clientId, await loadConversation(ctx.db, clientId, conversationId))
}

/** Whether the conversation waits for an agent with no bot talking to the customer (`inTurn`: the turn now ending). */
const waitsFreeOfBot = async (db: Db, clientId: number, conversationId: number, inTurn: number) =>
  rowsOf(
    await db.execute(sql`SELECT 1 FROM conversations WHERE id = ${conversationId} AND client_id = ${clientId}
      AND queued_at IS NOT NULL AND ${waiting(inTurn)}`),
  ).length > 0

/** After a place may have freed up (a close, a release, an agent online): the waiting conversations get another go. */
export const assignWaitingLater = async (db: Db, clientId: number) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT 1 FROM client_settings s WHERE s.client_id = ${clientId} AND s.key = 'auto_assign' AND s.value = 'true'::jsonb
      AND EXISTS (SELECT 1 FROM conversations WHERE conversations.client_id = ${clientId} AND ${waiting()})`),
  )
  if (row) await enqueue(db, { kind: ASSIGN_JOB, clientId, payload: {} })
}

/**
 * The first `limit` conversations waiting in the tenant's queue, in its order, locked (those others hold skipped). The
 * limit is in the text: a generic plan that knows it takes one row walks the queue's index instead of sorting.
 */
const queueHead = preparedByShape(
  ({ clientId, limit }: { clientId: number; limit: number }) => `${clientId}:${limit}`,
  ({ clientId, limit }) => sql`SELECT id, channel, route_group_id FROM conversations
    WHERE client_id = ${clientId} AND queued_at IS NOT NULL AND ${waiting()}
    ORDER BY ${QUEUE_ORDER} LIMIT ${sql.raw(String(limit))} FOR UPDATE SKIP LOCKED`,
)

/**
 * Serves the queue from its head: each waiting conversation in order goes to a free agent of its kind (and group). A
 * route found full is not asked again in this pass (nobody behind on it could be served either), so a conversation
 * served later never took a place an earlier one could have had.
 */
export const serveQueue = async (ctx: JobContext, clientId: number, pick: Pick<AgentPick, "except"> = {}) => {
  const queued = rowsOf(await queueHead(ctx.db, { clientId, limit: SERVE_BATCH }, {}))
  const full = new Set<string>()
  const handed: number[] = []
  for (const w of queued) {
    const route = routeOf(w)
    if (full.has(`${route.kind}:`) || full.has(`${route.kind}:${route.groupId ?? ""}`)) continue
    const id = Number(w.id)
    const result = await assignOne(ctx.db, clientId, id, route, null, pick)
    if (result === "full" || result === "busy") full.add(`${route.kind}:${route.groupId ?? ""}`)
    if (typeof result !== "number") continue
    handed.push(id)
    await announceConversation(ctx, clientId, await loadConversation(ctx.db, clientId, id))
  }
  if (handed.length > 0) await queueMoved(ctx.db, clientId, handed)
  if (handed.length > 0 && queued.length === SERVE_BATCH) await enqueue(ctx.db, { kind: ASSIGN_JOB, clientId, payload: {} })
}

/** One hand-out decision, as the benchmark (scripts/bench/bench-handout.ts) times it: the queue's head to its agent. */
export const handOutHead = async (db: Db, clientId: number) => {
  const [w] = rowsOf(await queueHead(db, { clientId, limit: 1 }, {}))
  return w ? assignOne(db, clientId, Number(w.id), routeOf(w)) : null
}

/** The waiting conversations `agentId` may take: of a kind they are under their cap of (`free`), and of their groups. */
const takeableSql = (clientId: number, agentId: number, free: boolean) =>
  sql`conversations.client_id = ${clientId} AND conversations.queued_at IS NOT NULL AND ${waiting()}
    AND (conversations.route_group_id IS NULL OR EXISTS (SELECT 1 FROM agent_group_members m
      WHERE m.group_id = conversations.route_group_id AND m.user_id = ${agentId}))
    ${free ? sql`AND CASE channel_kind(conversations.channel) WHEN 'sms' THEN ${canTakeSql(agentId, "sms")} ELSE ${canTakeSql(agentId, "chat")} END` : sql``}`

/**
 * "Take next" (routing's agents' queue): the first waiting conversation, in the queue's order, of a kind `agentId` is
 * under their cap of and routed to nobody or to one of their groups, handed to them by the same statement as every
 * hand-out. "full": something waits for them, but they are at their cap of its kind; "busy": another hand-out to them
 * is committing right now.
 */
const takeNext = async (ctx: HandOutCtx, clientId: number, agentId: number): Promise<number | TakeRefusal> => {
  const [w] = rowsOf(
    await executePrepared(
      ctx.db,
      sql`SELECT id, channel, route_group_id FROM conversations WHERE ${takeableSql(clientId, agentId, true)}
      ORDER BY ${QUEUE_ORDER} LIMIT 1 FOR UPDATE SKIP LOCKED`,
    ),
  )
  if (!w) {
    const [any] = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM conversations WHERE ${takeableSql(clientId, agentId, false)} LIMIT 1`))
    return any ? "full" : "empty"
  }
  const id = Number(w.id)
  const result = await assignOne(ctx.db, clientId, id, routeOf(w), null, { only: agentId })
  if (typeof result !== "number") return result === "gone" ? "busy" : result
  await announceConversation(ctx, clientId, await loadConversation(ctx.db, clientId, id))
  await queueMoved(ctx.db, clientId, [id])
  return id
}

export const hooks = [takeNextFor.provide("tenant-settings", takeNext), serveWaitingLater.provide("tenant-settings", assignWaitingLater)]

export const jobHandlers: JobHandler[] = [
  {
    kind: ASSIGN_JOB,
    run: async (job, ctx) => {
      const clientId = job.clientId!
      const settings = await tenantSettings(ctx.db, clientId)
      if (settings.auto_assign) await serveQueue(ctx, clientId)
    },
  },
]
