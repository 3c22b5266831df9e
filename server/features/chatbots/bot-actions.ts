/**
 * What a bot's action node does, in the job's transaction: tag or flag the contact, label the conversation, assign it
 * to an agent (or the least busy member of an agent group), open a ticket. Ids that are not the tenant's do nothing.
 * An assignment hands the conversation to that agent, so the bot stops answering it.
 */
import { sql } from "drizzle-orm"
import type { BotAction } from "../../../src/contract/schemas/chatbots"
import type { JobContext } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { emitChat, loadConversation } from "../chat"
import { openTicketFor } from "../tickets"

export interface ActionTarget {
  readonly clientId: number
  readonly conversationId: number
  readonly contactId: number
}

const assign = async (ctx: JobContext, t: ActionTarget, agentId: number | null) => {
  if (agentId === null) return
  const [changed] = rowsOf(
    await ctx.db.execute(sql`UPDATE conversations SET status = 'active', assigned_user_id = u.id
      FROM users u WHERE conversations.id = ${t.conversationId} AND conversations.client_id = ${t.clientId}
        AND u.id = ${agentId} AND u.client_id = ${t.clientId} AND conversations.status <> 'closed' RETURNING conversations.id`),
  )
  if (!changed) return
  const conversation = await loadConversation(ctx.db, t.clientId, t.conversationId)
  await emitChat(ctx, t.clientId, "chat:conversation", { conversation })
}

/** The member of the group holding the fewest open conversations (then the lowest id). */
const leastBusyMember = async (ctx: JobContext, t: ActionTarget, groupId: number): Promise<number | null> => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT m.user_id FROM agent_group_members m JOIN agent_groups g ON g.id = m.group_id
      WHERE g.id = ${groupId} AND g.client_id = ${t.clientId}
      ORDER BY (SELECT count(*) FROM conversations c WHERE c.client_id = ${t.clientId} AND c.assigned_user_id = m.user_id AND c.status <> 'closed'),
        m.user_id LIMIT 1`),
  )
  return row ? Number(row.user_id) : null
}

export const runAction = async (ctx: JobContext, t: ActionTarget, action: BotAction) => {
  switch (action.do) {
    case "tag":
      await ctx.db.execute(sql`INSERT INTO tags (client_id, name) VALUES (${t.clientId}, ${action.tag})
        ON CONFLICT (client_id, lower(name)) DO NOTHING`)
      await ctx.db.execute(sql`INSERT INTO contact_tags (tag_id, contact_id)
        SELECT id, ${t.contactId} FROM tags WHERE client_id = ${t.clientId} AND lower(name) = lower(${action.tag}) ON CONFLICT DO NOTHING`)
      return
    case "flag":
      await ctx.db.execute(sql`INSERT INTO contact_flags (flag_id, contact_id)
        SELECT id, ${t.contactId} FROM flags WHERE id = ${action.flag_id} AND client_id = ${t.clientId} ON CONFLICT DO NOTHING`)
      return
    case "label":
      await ctx.db.execute(sql`INSERT INTO conversation_labels (label_id, conversation_id)
        SELECT id, ${t.conversationId} FROM labels WHERE id = ${action.label_id} AND client_id = ${t.clientId} ON CONFLICT DO NOTHING`)
      return
    case "assign_agent":
      return assign(ctx, t, action.agent_id)
    case "assign_group":
      return assign(ctx, t, await leastBusyMember(ctx, t, action.group_id))
    case "open_ticket": {
      const number = await openTicketFor(ctx.db, t.clientId, t.conversationId)
      if (number && action.subject)
        await ctx.db.execute(
          sql`UPDATE tickets SET subject = ${action.subject} WHERE client_id = ${t.clientId} AND ticket_number = ${number}`,
        )
      return
    }
  }
}
