/**
 * The channel's statuses of a campaign's messages (delivered, read, failed) onto its recipient rows: called by the
 * chat's one status path (chat-store.ts `storeStatuses`) in its transaction, after the message moved forward.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"

export const recipientStatusFromChannel = (db: Db, clientId: number, messageId: number, status: string, reason?: string) =>
  recipientsStatusFromChannel(db, clientId, [{ message_id: messageId, status }], reason)

/** The same for many messages in one statement (chat-store.ts `storeStatuses`). */
export const recipientsStatusFromChannel = async (
  db: Db,
  clientId: number,
  changes: readonly { message_id: number; status: string }[],
  reason?: string,
) => {
  const moved = changes.filter((c) => c.status === "delivered" || c.status === "read" || c.status === "failed")
  if (moved.length === 0) return
  await db.execute(sql`UPDATE campaign_recipients r SET status = x.status,
      delivered_at = CASE WHEN x.status IN ('delivered', 'read') THEN COALESCE(r.delivered_at, now()) ELSE r.delivered_at END,
      read_at = CASE WHEN x.status = 'read' THEN now() ELSE r.read_at END,
      error = CASE WHEN x.status = 'failed' THEN COALESCE(${reason ?? null}::text, r.error, 'The channel reported a failure') ELSE r.error END
    FROM jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) AS x(message_id int, status text)
    WHERE r.message_id = x.message_id AND r.client_id = ${clientId} AND r.status IN ('sent', 'delivered', 'read')`)
}

/** The channel refused these campaign messages for good (chat/outbox.ts): their recipients failed with the reason. */
export const recipientsFailedByChannel = async (db: Db, clientId: number, messageIds: readonly number[], reason: string) => {
  if (messageIds.length === 0) return
  await db.execute(sql`UPDATE campaign_recipients SET status = 'failed', error = ${reason.slice(0, 500)}
    WHERE message_id IN (SELECT x::int FROM jsonb_array_elements_text(${JSON.stringify(messageIds)}::jsonb) AS x)
      AND client_id = ${clientId} AND status = 'sent'`)
}
