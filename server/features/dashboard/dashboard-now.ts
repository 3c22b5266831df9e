/**
 * The dashboard's "now" values: conversations by status right now and agents online. Three index ranges of
 * conversations_inbox_idx (open statuses only) and the tenant's users; no history is read.
 */
import { sql } from "drizzle-orm"
import type { DashboardNow } from "../../../src/contract/schemas/reports"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"

type Executor = Pick<Db, "execute">

const CHAT_AGENT = sql`u.status = 'active' AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
  WHERE rp.role_id = u.role_id AND p.key = 'BACK:chat')`

export const nowOf = async (db: Executor, clientId: number): Promise<DashboardNow> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM conversations WHERE client_id = ${clientId} AND status IN ('unassigned', 'active', 'ongoing')) AS open,
      (SELECT count(*)::int FROM conversations WHERE client_id = ${clientId} AND status IN ('unassigned', 'active')) AS waiting,
      (SELECT count(*)::int FROM conversations WHERE client_id = ${clientId} AND status = 'unassigned') AS unassigned,
      (SELECT count(*)::int FROM users u WHERE u.client_id = ${clientId} AND u.online AND ${CHAT_AGENT}) AS agents_online,
      (SELECT count(*)::int FROM users u WHERE u.client_id = ${clientId} AND ${CHAT_AGENT}) AS agents_total`),
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
