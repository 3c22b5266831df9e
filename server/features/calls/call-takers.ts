/**
 * Who can take a voice call now: THE rule of voice capacity, in one place so the routing feature's capacity model can
 * later be read from here. An agent of the tenant can take a call when they are
 * - permitted and present: a socket of theirs is in the tenant's voice room (only sockets holding the calls permission
 *   join it, on any process: socket.io's adapter answers for all of them);
 * - online: their Online switch is on (`users.online`, what the console sets);
 * - not busy: no active call of theirs (an answered call not on hold, or their own call to a customer), unless the
 *   tenant's "call waiting" setting lets a busy agent be rung as well;
 * - for a transfer: the agent it is sent to, or a member of the group it is sent to.
 */
import { sql } from "drizzle-orm"
import { CallStatus } from "../../../src/contract/voice-calls"
import type { Services } from "../../http/context"
import type { AppSocket } from "../../realtime/socket"
import { rowsOf } from "../../db/rows"
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

/** The agents with a socket in the tenant's voice room, on every process. */
const presentAgents = async (services: Services, clientId: number): Promise<number[]> => {
  const sockets = (await services.realtime?.io.in(voiceRoom(clientId)).fetchSockets()) ?? []
  const ids = sockets.map((s) => (s.data as AppSocket["data"]).principal.userId).filter((id): id is number => id !== null)
  return [...new Set(ids)]
}

/** The agents who can take a call of `query.clientId` now (ids, ascending). */
export const callTakers = async (services: Services, query: TakerQuery): Promise<number[]> => {
  const except = new Set(query.except ?? [])
  const present = (await presentAgents(services, query.clientId)).filter((id) => !except.has(id))
  if (present.length === 0) return []
  const db = services.database.db
  const { call_waiting } = await tenantSettings(db, query.clientId)
  const only = query.only
  const rows = rowsOf(
    await db.execute(sql`SELECT u.id FROM users u
      WHERE u.client_id = ${query.clientId} AND u.online AND u.id IN (${sql.join(
        present.map((id) => sql`${id}`),
        sql`, `,
      )})
        ${only?.kind === "agent" ? sql`AND u.id = ${only.id}` : sql``}
        ${
          only?.kind === "group"
            ? sql`AND EXISTS (SELECT 1 FROM agent_group_members m JOIN agent_groups g ON g.id = m.group_id
                WHERE m.group_id = ${only.id} AND m.user_id = u.id AND g.client_id = ${query.clientId})`
            : sql``
        }
        ${
          call_waiting
            ? sql``
            : sql`AND NOT EXISTS (SELECT 1 FROM live_calls l JOIN call_records r ON r.call_id = l.call_id
                WHERE l.client_id = ${query.clientId} AND r.accepted_by = u.id AND r.end_time IS NULL AND l.held_since IS NULL
                  AND (r.call_type = 'outgoing' OR r.status IN (${CallStatus.accepted}, ${CallStatus.connected})))`
        }
      ORDER BY u.id`),
  )
  return rows.map((r) => Number(r.id))
}
