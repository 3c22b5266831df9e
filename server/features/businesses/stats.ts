/**
 * A business's figures, each defined once here:
 * - agents: its active users (account limits' `agents` usage, the same count the limit checks);
 * - contacts: its contact book's entries;
 * - conversations: every conversation it ever had, open or closed;
 * - messages_this_month: messages it sent in its own current month (account limits' `monthly_messages` usage);
 * - templates_this_month: template messages it sent in that month;
 * - balance: its billing ledger's running balance (clients.balance, kept with every ledger entry).
 */
import { sql } from "drizzle-orm"
import type { ClientStats } from "../../../src/contract/schemas/tenants"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { usageOf } from "../account-limits"

export const statsOf = async (db: Db, business: { id: number; name: string }): Promise<ClientStats> => {
  const clientId = business.id
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM contacts WHERE client_id = ${clientId}) AS contacts,
      (SELECT count(*)::int FROM conversations WHERE client_id = ${clientId}) AS conversations,
      (SELECT count(*)::int FROM messages WHERE client_id = ${clientId} AND direction = 'out' AND type = 'template'
        AND dt >= date_trunc('month', now() AT TIME ZONE tenant_zone(${clientId})) AT TIME ZONE tenant_zone(${clientId})) AS templates,
      (SELECT balance::text FROM clients WHERE id = ${clientId}) AS balance`),
  )
  return {
    client_id: clientId,
    name: business.name,
    agents: await usageOf(db, clientId, "agents"),
    contacts: Number(row?.contacts ?? 0),
    conversations: Number(row?.conversations ?? 0),
    messages_this_month: await usageOf(db, clientId, "monthly_messages"),
    templates_this_month: Number(row?.templates ?? 0),
    balance: Number(row?.balance ?? 0).toFixed(2),
  }
}
