/**
 * Who is rung for a voice call now. An agent of the tenant is rung when they are
 * - permitted and present: a socket of theirs is in the tenant's voice room (only sockets holding the calls permission
 *   join it, on any process: socket.io's adapter answers for all of them);
 * - online: their Online switch is on (`users.online`, what the console sets);
 * - under their voice cap: the capacity model's rule (chat/capacity.ts `canTakeSql(…, "voice")`: the calls they talk
 *   on, not held, and their own calls in progress, below their cap), unless the tenant's "call waiting" setting lets a
 *   call ring an agent at their cap too (accepting it then holds the one they are on);
 * - for a transfer: the agent it is sent to, or a member of the group it is sent to.
 * One statement, in their ring turn: those rung longest ago first (`agent_ring_turns`, kept for a tenant that rings a
 * few at a time: call-widen.ts), then by id. A tenant that rings a few at a time asks for the first few only: the
 * present agents are put in their turn first and each one's voice load is read in that order until enough are free,
 * instead of every present agent's (7–9 ms at 1,000 agents, 15 ms under load).
 */
import { sql } from "drizzle-orm"
import type { Services } from "../../http/context"
import type { AppSocket } from "../../realtime/socket"
import { socketsIn } from "../../realtime/cluster"
import { rowsOf } from "../../db/rows"
import { canTakeSql } from "../chat"
import { tenantSettings } from "../tenant-settings"

export const voiceRoom = (clientId: number) => `voice:${clientId}`

/** Where a transfer goes: one agent, or whoever of a group can take it. */
export type TransferTarget = { readonly kind: "agent" | "group"; readonly id: number }

export interface TakerQuery {
  readonly clientId: number
  /** A transfer: only this agent, or only members of this group. */
  readonly only?: TransferTarget
  /** Never these agents (the one transferring the call). */
  readonly except?: readonly number[]
  /** At most this many, the first in turn (a tenant that rings a few at a time). */
  readonly first?: number
}

/** The agents with a socket in the tenant's voice room, on every process. */
const presentAgents = async (services: Services, clientId: number): Promise<number[]> => {
  const io = services.realtime?.io
  const sockets = io ? await socketsIn(io, voiceRoom(clientId)) : []
  const ids = sockets.map((s) => (s.data as AppSocket["data"]).principal.userId).filter((id): id is number => id !== null)
  return [...new Set(ids)]
}

/** The present agents of the query who are online and permitted, as SQL conditions on `users a`. */
const eligibleSql = (query: TakerQuery, present: readonly number[]) => {
  const only = query.only
  return sql`a.client_id = ${query.clientId} AND a.online AND a.id IN (${sql.join(
    present.map((id) => sql`${id}`),
    sql`, `,
  )})
    ${only?.kind === "agent" ? sql`AND a.id = ${only.id}` : sql``}
    ${
      only?.kind === "group"
        ? sql`AND EXISTS (SELECT 1 FROM agent_group_members m JOIN agent_groups g ON g.id = m.group_id
            WHERE m.group_id = ${only.id} AND m.user_id = a.id AND g.client_id = ${query.clientId})`
        : sql``
    }`
}

const presentFor = async (services: Services, query: TakerQuery) => {
  const except = new Set(query.except ?? [])
  return (await presentAgents(services, query.clientId)).filter((id) => !except.has(id))
}

/**
 * The eligible agents in their ring turn, sorted before anyone's load is looked at (`OFFSET 0` keeps the sort inside:
 * the filter above it then reads the loads in turn order and stops at the limit).
 */
const takersAmong = async (services: Services, query: TakerQuery, present: readonly number[]): Promise<number[]> => {
  const db = services.database.db
  const { call_waiting } = await tenantSettings(db, query.clientId)
  const rows = rowsOf(
    await db.execute(sql`SELECT turn.id FROM (SELECT a.id FROM users a LEFT JOIN agent_ring_turns t ON t.user_id = a.id
        WHERE ${eligibleSql(query, present)} ORDER BY t.rung_at NULLS FIRST, a.id OFFSET 0) turn
      ${call_waiting ? sql`` : sql`WHERE ${canTakeSql(sql`turn.id`, "voice")}`}
      ${query.first === undefined ? sql`` : sql`LIMIT ${query.first}`}`),
  )
  return rows.map((r) => Number(r.id))
}

/** The agents who can take a call of `query.clientId` now, in their ring turn (the first `query.first`, when set). */
export const callTakers = async (services: Services, query: TakerQuery): Promise<number[]> => {
  const present = await presentFor(services, query)
  return present.length === 0 ? [] : takersAmong(services, query, present)
}

/**
 * For a new call: who can take it now (as callTakers), and, when nobody can, whether someone present, online and
 * permitted is merely busy (the call then waits for them: call-waiting.ts).
 */
export const takersOrBusy = async (services: Services, query: TakerQuery): Promise<{ takers: number[]; busy: boolean }> => {
  const present = await presentFor(services, query)
  if (present.length === 0) return { takers: [], busy: false }
  const takers = await takersAmong(services, query, present)
  if (takers.length > 0) return { takers, busy: false }
  const [anyone] = rowsOf(await services.database.db.execute(sql`SELECT 1 FROM users a WHERE ${eligibleSql(query, present)} LIMIT 1`))
  return { takers, busy: anyone !== undefined }
}
