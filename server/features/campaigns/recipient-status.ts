/**
 * The channel's statuses of a campaign's messages (delivered, read, failed) onto its recipient rows: called by the
 * chat's one status path (chat-store.ts `storeStatus`) in its transaction, after the message moved forward.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"

export const recipientStatusFromChannel = async (db: Db, clientId: number, messageId: number, status: string, reason?: string) => {
  if (status !== "delivered" && status !== "read" && status !== "failed") return
  await db.execute(sql`UPDATE campaign_recipients SET status = ${status},
      delivered_at = CASE WHEN ${status}::text IN ('delivered', 'read') THEN COALESCE(delivered_at, now()) ELSE delivered_at END,
      read_at = CASE WHEN ${status}::text = 'read' THEN now() ELSE read_at END,
      error = CASE WHEN ${status}::text = 'failed' THEN COALESCE(${reason ?? null}::text, error, 'The channel reported a failure') ELSE error END
    WHERE message_id = ${messageId} AND client_id = ${clientId} AND status IN ('sent', 'delivered', 'read')`)
}

/** The channel refused these campaign messages for good (chat/outbox.ts): their recipients failed with the reason. */
export const recipientsFailedByChannel = async (db: Db, clientId: number, messageIds: readonly number[], reason: string) => {
  if (messageIds.length === 0) return
  await db.execute(sql`UPDATE campaign_recipients SET status = 'failed', error = ${reason.slice(0, 500)}
    WHERE message_id IN (SELECT x::int FROM jsonb_array_elements_text(${JSON.stringify(messageIds)}::jsonb) AS x)
      AND client_id = ${clientId} AND status = 'sent'`)
}
