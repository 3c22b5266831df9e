/**
 * Blocking a customer (both call pairs: /customer/block|unblock and /backend/toggle/customer/block|unblock/{number}).
 * The number is blocked on every channel it is known on; a blocked customer's messages are refused at the channel
 * edge and sends to them are refused. Open conversations with them are announced (their `blocked` changed).
 */
import { sql } from "drizzle-orm"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { notFound } from "../../http/errors"
import { rowsOf } from "../../db/rows"
import { announceConversation, loadConversation } from "./conversation-rows"

const setBlocked = async (ctx: Ctx, number: string, blocked: boolean, reason?: string) => {
  const clientId = tenantOf(ctx)
  const contacts = rowsOf(
    await ctx.db.execute(sql`UPDATE contacts SET blocked = ${blocked}, block_reason = ${blocked ? (reason ?? null) : null}
    WHERE client_id = ${clientId} AND number = ${number} RETURNING id`),
  )
  if (contacts.length === 0) throw notFound(`Customer ${number}`)
  const open = rowsOf(
    await ctx.db.execute(sql`SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
    WHERE c.client_id = ${clientId} AND ct.number = ${number} AND c.status <> 'closed'`),
  )
  for (const row of open) await announceConversation(ctx, clientId, await loadConversation(ctx.db, clientId, Number(row.id)))
  return { data: { ok: true } }
}

export const handlers = [
  handle("chat", "customerBlock", (ctx, input) => setBlocked(ctx, input.number, true, input.reason)),
  handle("chat", "customerUnblock", (ctx, input) => setBlocked(ctx, input.number, false)),
  handle("chat", "toggleCustomerBlockByNumber", (ctx, input) => setBlocked(ctx, input.number, true, input.reason)),
  handle("chat", "toggleCustomerUnblockByNumber", (ctx, input) => setBlocked(ctx, input.number, false)),
]
