/**
 * Where the business's automated messages of the past (a campaign's, a reminder's) went: the customer's conversation
 * that was open when it was sent, else the customer's oldest (every seeded customer has one).
 */
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { rowsOf } from "../rows"

export const conversationAtOf = async (db: Db, clientId: number) => {
  const byContact = new Map<number, { id: number; startedAt: number }[]>()
  const rows = rowsOf(
    await db.execute(
      sql`SELECT id, contact_id, started_at FROM conversations WHERE client_id = ${clientId} ORDER BY started_at DESC, id DESC`,
    ),
  )
  for (const r of rows) {
    const contactId = Number(r.contact_id)
    byContact.set(contactId, [...(byContact.get(contactId) ?? []), { id: Number(r.id), startedAt: Date.parse(String(r.started_at)) }])
  }
  return (contactId: number, at: Date): number | undefined => {
    const all = byContact.get(contactId) ?? []
    return (all.find((c) => c.startedAt <= at.getTime()) ?? all.at(-1))?.id
  }
}
