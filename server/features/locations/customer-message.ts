/**
 * A message the tenant's side sends a customer on its own (the nearest branches after a shared location, an order's
 * new status): through the chat's send path (the channel, then `storeOutbound`, then `chat:message` after the commit),
 * so it shows in the agent's thread marked `automated`. An automatic message leaves the conversation where it was:
 * in the queue when nobody holds it, with its agent otherwise (storeOutbound alone would count it as an agent's reply).
 */
import {
  handOverAfterCommit,
  queueOutbound,
  openConversationOf,
  publishConversationOf,
  WINDOW_MS,
  type ChatWriter,
  type ContactRow,
} from "../chat"
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Channel } from "../../../src/contract/schemas/common"

export interface CustomerMessage {
  readonly clientId: number
  readonly contactId: number
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
  /** The agent whose action caused it (an order's status), or null (automatic). */
  readonly senderUserId: number | null
}

export const contactById = async (db: Db, clientId: number, contactId: number): Promise<ContactRow | null> => {
  const [c] = rowsOf(
    await db.execute(
      sql`SELECT id, channel, number, blocked, last_inbound_at FROM contacts WHERE id = ${contactId} AND client_id = ${clientId}`,
    ),
  )
  if (!c) return null
  const last = c.last_inbound_at
  return {
    id: Number(c.id),
    channel: String(c.channel) as Channel,
    number: String(c.number),
    blocked: Boolean(c.blocked),
    lastInboundAt: last ? new Date(last instanceof Date ? last.toISOString() : String(last)) : null,
  }
}

/** Whether a free-form message may reach the contact now (WhatsApp's 24-hour window; other channels have none). */
export const inWindow = (contact: ContactRow, now = Date.now()) =>
  contact.channel !== "whatsapp" || (contact.lastInboundAt !== null && now - contact.lastInboundAt.getTime() <= WINDOW_MS)

/** Sends and stores the message; answers the stored message's id, or null when the customer is blocked or unknown. */
export const messageCustomer = async (ctx: ChatWriter, message: CustomerMessage): Promise<number | null> => {
  const { clientId } = message
  const contact = await contactById(ctx.db, clientId, message.contactId)
  if (!contact || contact.blocked) return null
  const conversation = await openConversationOf(ctx.db, clientId, contact)
  const payload = { ...message.payload, automated: true }
  const messageId = await queueOutbound(ctx, clientId, {
    conversation,
    type: message.type,
    body: message.body,
    payload,
    senderUserId: message.senderUserId,
  })
  await handOverAfterCommit(ctx, clientId, [messageId])
  if (message.senderUserId === null) {
    await ctx.db.execute(sql`UPDATE conversations SET status = ${conversation.status}, assigned_user_id = ${conversation.agentId}
      WHERE id = ${conversation.id}`)
    // Its chat:message showed the conversation as the reply left it; this shows it restored.
    await publishConversationOf(ctx, clientId, conversation.id)
  }
  return messageId
}
