/**
 * The platform dashboard's figures across businesses, each defined here once (or where the businesses feature
 * already defines it):
 * - businesses total / active / inactive and pending registrations: the businesses list's own counts;
 * - a business's activity: its messages (in and out) and its call records over the last ACTIVITY_DAYS days, and its
 *   agents online now by the dashboard's rule (agentsWhere with admins, online);
 * - a balance: the business's ledger balance (clients.balance, kept with every ledger entry);
 * - masks awaiting approval: sender names on an SMS account whose status is pending, the rows the SMS providers page's
 *   sender names list shows as waiting for approval (every business's, as the super admin sees it there).
 */
import { sql } from "drizzle-orm"
import type { BusinessActivity, BusinessBalance } from "../../../src/contract/groups/platform"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { LISTED } from "../businesses"
import { agentsWhere } from "../chat"

type Executor = Pick<Db, "execute">

export const ACTIVITY_DAYS = 30
/** How many businesses each list shows. */
export const LIST_SIZE = 8

const since = sql`now() - ${ACTIVITY_DAYS} * interval '1 day'`

export const mostActiveOf = async (db: Executor): Promise<BusinessActivity[]> => {
  const rows = rowsOf(
    await db.execute(sql`SELECT * FROM (SELECT c.id, c.name, c.status,
        (SELECT count(*)::int FROM messages m WHERE m.client_id = c.id AND m.dt >= ${since}) AS messages,
        (SELECT count(*)::int FROM call_records r WHERE r.client_id = c.id AND r.dt >= ${since}) AS calls
      FROM clients c WHERE ${LISTED}) b
      ORDER BY b.messages + b.calls DESC, b.name, b.id LIMIT ${LIST_SIZE}`),
  )
  const out: BusinessActivity[] = []
  for (const r of rows) {
    const clientId = Number(r.id)
    const [online] = rowsOf(
      await db.execute(sql`SELECT count(*)::int AS n FROM users u WHERE ${agentsWhere(clientId, { admins: true, online: true })}`),
    )
    out.push({
      client_id: clientId,
      name: String(r.name),
      active: r.status === "active",
      messages: Number(r.messages),
      calls: Number(r.calls),
      agents_online: Number(online?.n ?? 0),
    })
  }
  return out
}

export const lowestBalancesOf = async (db: Executor): Promise<BusinessBalance[]> =>
  rowsOf(
    await db.execute(sql`SELECT c.id, c.name, c.balance::text AS balance FROM clients c WHERE ${LISTED}
      ORDER BY c.balance, c.name, c.id LIMIT ${LIST_SIZE}`),
  ).map((r) => ({ client_id: Number(r.id), name: String(r.name), balance: Number(r.balance ?? 0).toFixed(2) }))

export const masksAwaitingApprovalOf = async (db: Executor): Promise<number> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT count(*)::int AS n FROM sms_maskings m JOIN sms_clients a ON a.id = m.sms_client_id
      WHERE m.status = 'pending'`),
  )
  return Number(row?.n ?? 0)
}
