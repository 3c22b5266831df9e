/**
 * The dashboard's "now" values: conversations by status right now and agents online. The conversations are summed from
 * the tenant's status counters (conversation_status_counts, kept by triggers on every status write: migration 0062),
 * each box a filtered sum, and the tenant's users are counted; no history is read. Open, waiting and the queue are the
 * chat's own status sets (conversation-status.ts), so the inbox's boxes and Ongoing Chats count the same.
 */
import { sql } from "drizzle-orm"
import type { DashboardNow } from "../../../src/contract/schemas/reports"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { OPEN_STATUSES, WAITING_STATUSES, agentsWhere, statusIn } from "../chat"

type Executor = Pick<Db, "execute">

/** Every status one of the boxes counts. */
const COUNTED = [...new Set([...OPEN_STATUSES, ...WAITING_STATUSES, "unassigned" as const])]

export const nowOf = async (db: Executor, clientId: number): Promise<DashboardNow> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      boxes.*,
      (SELECT count(*)::int FROM users u WHERE ${agentsWhere(clientId, { admins: true, online: true })}) AS agents_online,
      (SELECT count(*)::int FROM users u WHERE ${agentsWhere(clientId, { admins: true })}) AS agents_total
    FROM (SELECT coalesce(sum(conversations) FILTER (WHERE status IN ${statusIn(OPEN_STATUSES)}), 0)::int AS open,
        coalesce(sum(conversations) FILTER (WHERE status IN ${statusIn(WAITING_STATUSES)}), 0)::int AS waiting,
        coalesce(sum(conversations) FILTER (WHERE status = 'unassigned'), 0)::int AS unassigned
      FROM conversation_status_counts WHERE client_id = ${clientId} AND status IN ${statusIn(COUNTED)}) boxes`),
  )
  return {
    open: Number(row?.open ?? 0),
    waiting: Number(row?.waiting ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    agents_online: Number(row?.agents_online ?? 0),
    agents_total: Number(row?.agents_total ?? 0),
    at: new Date().toISOString(),
  }
}
