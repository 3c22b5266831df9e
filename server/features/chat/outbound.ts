/**
 * One outbound message into the chat outbox (outbox.ts), in the writer's transaction: stored `queued` in its
 * conversation (a reply: chat-store.ts) and its `chat:message` written with it, as the conversation is at that point
 * (relayed once the writer committed). The caller enqueues the hand-over of its messages (`handOverAfterCommit`), one
 * job for all it stores.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { OpenConversation } from "./chat-store"
import { storeOutbound } from "./chat-store"
import { announceMessages } from "./announce"
import type { ChatWriter } from "./chat-bus"

export interface QueuedInput {
  readonly conversation: OpenConversation
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
  readonly senderUserId: number | null
  /** An automated message of the business (a reminder, a campaign): it leaves the conversation where it was (chat-store.ts). */
  readonly automated?: boolean
  /** One of the tenant's uploads sent by its link: it becomes the message's own attachment. */
  readonly fileId?: number | null
}

/**
 * Makes the tenant's upload `fileId` an attachment of `messageId`: the file itself when no message holds it yet, else
 * a copy (the same upload sent to several customers, or again later), since an attachment belongs to one message.
 */
const attachUpload = async (db: Db, clientId: number, fileId: number, messageId: number) => {
  const [linked] = rowsOf(
    await db.execute(sql`UPDATE attachments SET message_id = ${messageId}
    WHERE id = ${fileId} AND client_id = ${clientId} AND message_id IS NULL RETURNING id`),
  )
  if (linked) return
  await db.execute(sql`WITH copy AS (
      INSERT INTO attachments (client_id, message_id, filename, mime, size, storage_key)
      SELECT client_id, ${messageId}, filename, mime, size, storage_key FROM attachments WHERE id = ${fileId} AND client_id = ${clientId}
      RETURNING id)
    INSERT INTO attachment_files (attachment_id, client_id, data)
    SELECT copy.id, f.client_id, f.data FROM copy JOIN attachment_files f ON f.attachment_id = ${fileId}`)
}

/**
 * Answers the stored message's id. `answered`: the writer answers with the channel's id, and `handOverNow` announces
 * the message once handed over (with that id), as a send always showed.
 */
export const queueOutbound = async (
  writer: ChatWriter,
  clientId: number,
  input: QueuedInput,
  options: { readonly answered?: boolean } = {},
): Promise<number> => {
  const { fileId, ...stored } = input
  const messageId = await storeOutbound(writer.db, clientId, { ...stored, externalId: null, status: "queued" })
  if (fileId != null) await attachUpload(writer.db, clientId, fileId, messageId)
  if (options.answered) return messageId
  await announceMessages(writer, clientId, [messageId])
  return messageId
}
