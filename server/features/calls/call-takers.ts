/**
 * Who is rung for a voice call now. An agent of the tenant is rung when they are
 * - permitted and present: a socket of theirs is in the tenant's voice room (only sockets holding the calls permission
 *   join it, on any process: socket.io's adapter answers for all of them);
 * - online: their Online switch is on (`users.online`, what the console sets);
 * - under their voice cap: the capacity model's rule (chat/capacity.ts `canTakeSql(…, "voice")`: the calls they talk
 *   on, not held, and their own calls in progress, below their cap), unless the tenant's "call waiting" setting lets a
 *   call ring an agent at their cap too (accepting it then holds the one they are on);
 * - for a transfer: the agent it is sent to, or a member of the group it is sent to.
 * One statement for every candidate, in their ring turn: those rung longest ago first (`agent_ring_turns`, kept for a
 * tenant that rings a few at a time: call-widen.ts), then by id.
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
}

/** An agent present, online and permitted for the call, and whether they may take it now (under their voice cap). */
export interface Candidate {
  readonly id: number
  readonly free: boolean
}

/** The agents with a socket in the tenant's voice room, on every process. */
const presentAgents = async (services: Services, clientId: number): Promise<number[]> => {
  const io = services.realtime?.io
  const sockets = io ? await socketsIn(io, voiceRoom(clientId)) : []
  const ids = sockets.map((s) => (s.data as AppSocket["data"]).principal.userId).filter((id): id is number => id !== null)
  return [...new Set(ids)]
}

/**
 * Everyone who could take a call of `query.clientId`, at their voice cap or not, each with whether they may now, in
 * their ring turn: whether a call rings or waits for someone (call-waiting.ts) is one look.
 */
export const callCandidates = async (services: Services, query: TakerQuery): Promise<readonly Candidate[]> => {
  const except = new Set(query.except ?? [])
  const present = (await presentAgents(services, query.clientId)).filter((id) => !except.has(id))
  if (present.length === 0) return []
  const db = services.database.db
  const { call_waiting } = await tenantSettings(db, query.clientId)
  const only = query.only
  const rows = rowsOf(
    await db.execute(sql`SELECT a.id, ${call_waiting ? sql`true` : canTakeSql(sql`a.id`, "voice")} AS free
      FROM users a LEFT JOIN agent_ring_turns t ON t.user_id = a.id
      WHERE a.client_id = ${query.clientId} AND a.online AND a.id IN (${sql.join(
        present.map((id) => sql`${id}`),
        sql`, `,
      )})
        ${only?.kind === "agent" ? sql`AND a.id = ${only.id}` : sql``}
        ${
          only?.kind === "group"
            ? sql`AND EXISTS (SELECT 1 FROM agent_group_members m JOIN agent_groups g ON g.id = m.group_id
                WHERE m.group_id = ${only.id} AND m.user_id = a.id AND g.client_id = ${query.clientId})`
            : sql``
        }
      ORDER BY t.rung_at NULLS FIRST, a.id`),
  )
  return rows.map((r) => ({ id: Number(r.id), free: r.free === true }))
}

/** The agents who can take a call of `query.clientId` now, in their ring turn. */
export const callTakers = async (services: Services, query: TakerQuery): Promise<number[]> =>
  (await callCandidates(services, query)).filter((c) => c.free).map((c) => c.id)
